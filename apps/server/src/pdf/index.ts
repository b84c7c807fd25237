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
 * Two workers, and one owner runs on one of them at a time (R15): an owner's long export (or a
 * share link requested from many addresses, which counts against its owner) never holds up
 * another owner's, and one owner alone always leaves a core to the event loop (P6). More
 * exports wait in line: 32 in all, 4 per owner.
 */
const POOL_SIZE = 2;
const MAX_QUEUE = 32;
const PER_OWNER = { running: 1, waiting: 4 };
/** How long a key that hit a cap fails at once, without a worker; then it may be tried again. */
const FAILURE_MEMORY_MS = 10 * 60_000;
const FAILURES_KEPT = 1000;

let pool: PdfWorkerPool | null = null;
/** Renders in progress by key: every request for the same PDF at once gets the same render. */
const inFlight = new Map<string, Promise<Uint8Array>>();
/** Keys whose last render hit a cap, oldest first. */
const failures = new Map<string, { error: PdfRenderError; timeoutMs: number; maxMemoryMb: number; until: number }>();

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

/** The failure a key met under caps no looser than these, while it is remembered. */
function rememberedFailure(key: string, timeoutMs: number, maxMemoryMb: number): PdfRenderError | null {
  const failure = failures.get(key);
  if (!failure) return null;
  if (failure.until <= Date.now()) {
    failures.delete(key);
    return null;
  }
  if (timeoutMs > failure.timeoutMs || maxMemoryMb > failure.maxMemoryMb) return null;
  return new PdfRenderError(failure.error.reason, failure.error.message);
}

function remember(key: string, error: unknown, timeoutMs: number, maxMemoryMb: number): void {
  if (!(error instanceof PdfRenderError) || (error.reason !== 'timeout' && error.reason !== 'memory')) return;
  failures.delete(key);
  failures.set(key, { error, timeoutMs, maxMemoryMb, until: Date.now() + FAILURE_MEMORY_MS });
  for (const oldest of failures.keys()) {
    if (failures.size <= FAILURES_KEPT) break;
    failures.delete(oldest);
  }
}

/**
 * Renders a sent proposal (and its certificate of acceptance, when given) to PDF bytes in a
 * worker thread. Rejects with a PdfRenderError: `timeout` or `memory` when a cap stopped it (or
 * stopped the same key a little earlier), `busy` when its owner already has enough in line,
 * `invalid` when the input cannot be rendered, `failed` otherwise. Images are drawn only from
 * `input.images`; nothing is ever fetched (A15).
 */
export async function renderProposalPdf(input: TPdfInput, opts: TPdfRenderOptions): Promise<Uint8Array> {
  checkInput(input);
  if (typeof opts?.owner !== 'string' || opts.owner === '') {
    throw new PdfRenderError('invalid', 'A PDF render needs the owner it is made for.');
  }
  const timeoutMs = limit(opts.timeoutMs, PDF_DEFAULT_TIMEOUT_MS, 1, MAX_TIMEOUT_MS, 'timeoutMs');
  const maxMemoryMb = limit(opts.maxMemoryMb, PDF_DEFAULT_MAX_MEMORY_MB, MIN_MEMORY_MB, MAX_MEMORY_MB, 'maxMemoryMb');
  const render = async () => {
    const images = await preparePdfImages(input.images);
    pool ??= new PdfWorkerPool({
      workerUrl: pdfWorkerUrl(),
      size: POOL_SIZE,
      maxQueue: MAX_QUEUE,
      perOwner: PER_OWNER,
    });
    return pool.render({ ...input, images }, { timeoutMs, maxMemoryMb }, opts.owner);
  };
  const { key } = opts;
  if (key === undefined) return render();
  const failed = rememberedFailure(key, timeoutMs, maxMemoryMb);
  if (failed) throw failed;
  // Same key, same caps: the same PDF, so one render serves everyone asking for it now.
  const flightKey = `${key}\n${timeoutMs}\n${maxMemoryMb}`;
  const running = inFlight.get(flightKey);
  if (running) return running;
  const flight = render().then(
    (pdf) => pdf,
    (error: unknown) => {
      remember(key, error, timeoutMs, maxMemoryMb);
      throw error;
    },
  );
  inFlight.set(flightKey, flight);
  void flight.then(
    () => inFlight.delete(flightKey),
    () => inFlight.delete(flightKey),
  );
  return flight;
}

/** Stops the PDF workers (graceful shutdown, tests); the next render starts new ones. */
export async function closePdfRenderer(): Promise<void> {
  const current = pool;
  pool = null;
  failures.clear();
  await current?.close();
}
