import os from 'node:os';
import { PdfRenderError } from './pdf-error';
import { preparePdfImages } from './pdf-images';
import { PdfWorkerPool, pdfWorkerUrl } from './pdf-pool';
import type { TPdfInput, TPdfRenderOptions } from './pdf-types';

export { PdfRenderError } from './pdf-error';
export type { TPdfFailureReason, TPdfImage, TPdfInput, TPdfRenderOptions } from './pdf-types';

export const PDF_DEFAULT_TIMEOUT_MS = 20_000;
export const PDF_DEFAULT_MAX_MEMORY_MB = 256;
const MAX_TIMEOUT_MS = 10 * 60_000;
/** Below this V8 cannot even load the renderer. */
const MIN_MEMORY_MB = 32;
const MAX_MEMORY_MB = 4096;

/**
 * Workers: at most 2, and one core always left to the event loop (on 2 cores, 1 worker), so
 * exports never slow other requests down much (P6). More exports at once wait in line.
 */
const POOL_SIZE = Math.max(1, Math.min(2, os.availableParallelism() - 1));
const MAX_QUEUE = 32;

let pool: PdfWorkerPool | null = null;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function limit(value: number | undefined, fallback: number, min: number, max: number, what: string): number {
  if (value === undefined) return fallback;
  if (!Number.isFinite(value) || value < min || value > max) {
    throw new PdfRenderError('invalid', `${what} must be a number from ${min} to ${max}; got ${value}.`);
  }
  return Math.round(value);
}

/** The cheap shape checks; the worker validates the document itself against the shared schema. */
function checkInput(input: TPdfInput): void {
  const ok =
    isObject(input) &&
    isObject(input.snapshot) &&
    isObject(input.snapshot.document) &&
    Array.isArray(input.snapshot.document.blocks) &&
    isObject(input.snapshot.sender) &&
    isObject(input.snapshot.client) &&
    isObject(input.revision) &&
    Number.isInteger(input.revision.number) &&
    typeof input.revision.hash === 'string' &&
    isObject(input.images) &&
    typeof input.showMadeWithFooter === 'boolean' &&
    (input.selection === undefined || isObject(input.selection)) &&
    (input.certificate === undefined || input.certificate === null || isObject(input.certificate));
  if (!ok)
    throw new PdfRenderError('invalid', 'The PDF input is incomplete: a snapshot, revision and images are needed.');
}

/**
 * Renders a sent proposal (and its certificate of acceptance, when given) to PDF bytes in a
 * worker thread. Rejects with a PdfRenderError: `timeout` or `memory` when a cap stopped it,
 * `invalid` when the input cannot be rendered, `failed` otherwise. Images are drawn only from
 * `input.images`; nothing is ever fetched (A15).
 */
export async function renderProposalPdf(input: TPdfInput, opts: TPdfRenderOptions = {}): Promise<Uint8Array> {
  checkInput(input);
  const timeoutMs = limit(opts.timeoutMs, PDF_DEFAULT_TIMEOUT_MS, 1, MAX_TIMEOUT_MS, 'timeoutMs');
  const maxMemoryMb = limit(opts.maxMemoryMb, PDF_DEFAULT_MAX_MEMORY_MB, MIN_MEMORY_MB, MAX_MEMORY_MB, 'maxMemoryMb');
  const images = await preparePdfImages(input.images);
  pool ??= new PdfWorkerPool({ workerUrl: pdfWorkerUrl(), size: POOL_SIZE, maxQueue: MAX_QUEUE });
  return pool.render({ ...input, images }, { timeoutMs, maxMemoryMb });
}

/** Stops the PDF workers (graceful shutdown, tests); the next render starts new ones. */
export async function closePdfRenderer(): Promise<void> {
  const current = pool;
  pool = null;
  await current?.close();
}
