import { PdfRenderError } from './pdf-error';
import { preparePdfImages } from './pdf-images';
import { PdfWorkerPool, pdfWorkerUrl, type TPdfPoolOptions, type TPdfTicket } from './pdf-pool';
import type { TPdfInput, TPdfRenderOptions } from './pdf-types';

export { PdfRenderError } from './pdf-error';
export type { TPdfFailureReason, TPdfImage, TPdfInput, TPdfRenderOptions } from './pdf-types';
export type { TPdfJobInfo, TPdfRequester, TPoolClock } from './pdf-pool';

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
 * exports wait in line: 32 in all; per owner, 4 of their own exports and 4 of their clients'
 * share-link PDFs (which go first), each for 10 seconds at most (then a 429 with Retry-After).
 */
const POOL_SIZE = 2;
const MAX_QUEUE = 32;
const PER_OWNER = { running: 1, waiting: 4 };
const MAX_WAIT_MS = 10_000;
/** How long a key that hit a cap fails at once, without a worker; then it may be tried again. */
const FAILURE_MEMORY_MS = 10 * 60_000;
const FAILURES_KEPT = 1000;

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

/** A renderer's pool settings; every one has the production default. Tests make small or watched ones. */
export type TPdfRendererOptions = Partial<Omit<TPdfPoolOptions, 'workerUrl'>> & { workerUrl?: URL | Promise<URL> };

export type TPdfRenderer = {
  /**
   * Renders a sent proposal (and its certificate of acceptance, when given) to PDF bytes in a
   * worker thread. Rejects with a PdfRenderError: `timeout` or `memory` when a cap stopped it (or
   * stopped the same key a little earlier), `busy` when its line is full or it waited too long
   * (with `retryAfter`), `invalid` when the input cannot be rendered, `failed` otherwise. Images
   * are drawn only from `input.images`; nothing is ever fetched (A15).
   */
  render(input: TPdfInput, opts: TPdfRenderOptions): Promise<Uint8Array>;
  /** Stops the workers (shutdown, tests); the next render starts new ones. */
  close(): Promise<void>;
};

/** A PDF renderer with its own worker pool (tests make their own; servers share the process's). */
export function createPdfRenderer(options: TPdfRendererOptions = {}): TPdfRenderer {
  let pool: PdfWorkerPool | null = null;
  /** Renders in progress by key: every request for the same PDF at once gets the same render. */
  const inFlight = new Map<string, { pdf: Promise<Uint8Array>; ticket: TPdfTicket }>();
  /** Keys whose last render hit a cap, oldest first. */
  const failures = new Map<string, { error: PdfRenderError; timeoutMs: number; maxMemoryMb: number; until: number }>();

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

  async function render(input: TPdfInput, opts: TPdfRenderOptions): Promise<Uint8Array> {
    checkInput(input);
    if (typeof opts?.owner !== 'string' || opts.owner === '') {
      throw new PdfRenderError('invalid', 'A PDF render needs the owner it is made for.');
    }
    const timeoutMs = limit(opts.timeoutMs, PDF_DEFAULT_TIMEOUT_MS, 1, MAX_TIMEOUT_MS, 'timeoutMs');
    const maxMemoryMb = limit(opts.maxMemoryMb, PDF_DEFAULT_MAX_MEMORY_MB, MIN_MEMORY_MB, MAX_MEMORY_MB, 'maxMemoryMb');
    const ticket: TPdfTicket = { owner: opts.owner, by: opts.by ?? 'owner' };
    const run = async () => {
      const images = await preparePdfImages(input.images);
      pool ??= new PdfWorkerPool({
        workerUrl: options.workerUrl ?? pdfWorkerUrl(),
        size: options.size ?? POOL_SIZE,
        maxQueue: options.maxQueue ?? MAX_QUEUE,
        perOwner: options.perOwner ?? PER_OWNER,
        maxWaitMs: options.maxWaitMs ?? MAX_WAIT_MS,
        clock: options.clock,
        hooks: options.hooks,
      });
      return pool.render({ ...input, images }, { timeoutMs, maxMemoryMb }, ticket);
    };
    const { key } = opts;
    if (key === undefined) return run();
    const failed = rememberedFailure(key, timeoutMs, maxMemoryMb);
    if (failed) throw failed;
    // Same key, same caps: the same PDF, so one render serves everyone asking for it now; a client
    // joining an owner's render still in line moves it ahead as their own would be.
    const flightKey = `${key}\n${timeoutMs}\n${maxMemoryMb}`;
    const running = inFlight.get(flightKey);
    if (running) {
      if (ticket.by === 'client') pool?.promote(running.ticket);
      return running.pdf;
    }
    const pdf = run().then(
      (bytes) => bytes,
      (error: unknown) => {
        remember(key, error, timeoutMs, maxMemoryMb);
        throw error;
      },
    );
    inFlight.set(flightKey, { pdf, ticket });
    void pdf.then(
      () => inFlight.delete(flightKey),
      () => inFlight.delete(flightKey),
    );
    return pdf;
  }

  async function close(): Promise<void> {
    const current = pool;
    pool = null;
    failures.clear();
    await current?.close();
  }

  return { render, close };
}

let processRenderer: TPdfRenderer | null = null;

/**
 * The process's own renderer: a server's `deps.pdf` unless it is given another, so that servers
 * in one process (tests) share its warm workers, as its two workers are sized for the machine.
 */
export function processPdfRenderer(): TPdfRenderer {
  processRenderer ??= createPdfRenderer();
  return processRenderer;
}

/** `render` of the process's own renderer (the bench and the renderer's tests). */
export function renderProposalPdf(input: TPdfInput, opts: TPdfRenderOptions): Promise<Uint8Array> {
  return processPdfRenderer().render(input, opts);
}

/** Stops the process's own renderer's workers; the next render starts new ones. */
export async function closePdfRenderer(): Promise<void> {
  const current = processRenderer;
  processRenderer = null;
  await current?.close();
}
