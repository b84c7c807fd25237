import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { formatWait } from '../lib/wait-text';
import { workerEntryUrl } from '../lib/worker-source';
import { PdfRenderError } from './pdf-error';
import type { TPdfWorkerInput, TPdfWorkerRequest, TPdfWorkerResponse } from './pdf-types';

/** Where the PDF worker's code is: beside the bundle in dist, or bundled from source (lib/worker-source.ts). */
export function pdfWorkerUrl(moduleUrl: string = import.meta.url): Promise<URL> {
  return workerEntryUrl(moduleUrl, 'pdf-worker');
}

/** Who waits for a render: a client on a share link, or the owner (their exports, and background work). */
export type TPdfRequester = 'client' | 'owner';

/** The pool's timers and clock: the process's own, or a test's that it moves by hand. */
export type TPoolClock = {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
};

export const systemClock: TPoolClock = {
  now: () => performance.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

/** A render as the pool's hooks see it. */
export type TPdfJobInfo = { owner: string; by: TPdfRequester; input: TPdfWorkerInput };

export type TPdfPoolOptions = {
  /** The worker's entry file; a promise while it is still being found or built. */
  workerUrl: URL | Promise<URL>;
  /** Workers at most; each runs one render at a time. */
  size: number;
  /** Renders waiting for a worker at most; past it a request fails at once rather than wait minutes. */
  maxQueue: number;
  /**
   * What one owner may hold (R15): renders running at once (below `size`, so the other workers
   * stay free for everyone else), and renders waiting in line, counted apart for the owner's own
   * exports and for their clients' share-link PDFs, so an owner who fills their line does not
   * shut their clients out.
   */
  perOwner: { running: number; waiting: number };
  /** How long a render may wait for a worker; then it fails as `busy` (a 429 with Retry-After). */
  maxWaitMs: number;
  /** The timers of the waits and the time caps (the process's by default). */
  clock?: TPoolClock;
  /**
   * Tests: `queued` is told when a render joins the line; `started` as one takes a worker, which
   * gets it once `started` resolves (a render the test holds there keeps its worker busy).
   */
  hooks?: { queued?(job: TPdfJobInfo): void; started?(job: TPdfJobInfo): Promise<void> | void };
};

/**
 * Who a render is for, kept by its caller: `promote` moves a render that is still waiting ahead
 * of its owner's own exports when a client asks for the same PDF.
 */
export type TPdfTicket = { owner: string; by: TPdfRequester };

type TJob = {
  id: number;
  ticket: TPdfTicket;
  input: TPdfWorkerInput;
  timeoutMs: number;
  maxMemoryMb: number;
  /** The wait limit's timer, while it waits. */
  waitTimer: unknown;
  resolve: (pdf: Uint8Array) => void;
  reject: (error: PdfRenderError) => void;
};

type TSlot = {
  worker: Worker;
  memoryMb: number;
  job: TJob | null;
  timer: unknown;
  /** When its render must end, by its time cap (the pool's clock). */
  deadline: number;
};

const OUT_OF_MEMORY = 'ERR_WORKER_OUT_OF_MEMORY';
/** Retry-After when nothing running says better (a worker that is still starting). */
const DEFAULT_RETRY_S = 10;

/**
 * A few long-lived worker threads that render PDFs, so layout never runs on the event loop (P6).
 * A render past its time cap, or past its worker's heap cap, ends that worker (terminate() stops
 * even a synchronous loop) and rejects with a PdfRenderError; the next render gets a fresh worker
 * (R13). Idle workers are unref'd: they never keep the process alive.
 *
 * Fair (R15, issue 24): each owner has a line; the pool serves the owners' lines in turn (round
 * robin), each owner with at most `perOwner.running` renders at once, and within an owner's line
 * a client's share-link PDF goes before the owner's own exports. A render that waits longer than
 * `maxWaitMs`, or that would not fit in its line, fails at once as `busy` with the seconds until
 * the render in its way must end (its time cap): a 429 with Retry-After, never a minute's wait.
 *
 * Hand-written rather than piscina (weighed in issue 14): piscina sets one heap cap for a whole
 * pool (`resourceLimits`; a task's options are only transfers, file, name and signal), dispatches
 * its queue in order with no way to pass over an owner at their running cap (R15), and a task's
 * abort signal would count the time spent waiting in line; this pool's queue, caps and timers
 * would all stay, in front of it.
 */
export class PdfWorkerPool {
  private readonly slots = new Set<TSlot>();
  /** Each owner's waiting renders, in the order they came; the map's order is the owners' turn. */
  private readonly lines = new Map<string, TJob[]>();
  private waiting = 0;
  private nextId = 1;
  private closed = false;
  private url: URL | null = null;
  private readonly clock: TPoolClock;

  constructor(private readonly options: TPdfPoolOptions) {
    this.clock = options.clock ?? systemClock;
  }

  async render(
    input: TPdfWorkerInput,
    limits: { timeoutMs: number; maxMemoryMb: number },
    ticket: TPdfTicket,
  ): Promise<Uint8Array> {
    if (!this.url) {
      try {
        this.url = await this.options.workerUrl;
      } catch (error) {
        throw new PdfRenderError('failed', 'The PDF worker could not be found or built.', { cause: error });
      }
    }
    if (this.closed) throw new PdfRenderError('failed', 'The PDF renderer has been shut down.');
    const { owner, by } = ticket;
    if (this.waiting >= this.options.maxQueue) {
      throw this.busy(owner, (wait) => `Too many PDFs are being prepared right now. Try again in ${wait}.`);
    }
    const line = this.lines.get(owner) ?? [];
    if (line.filter((job) => job.ticket.by === by).length >= this.options.perOwner.waiting) {
      throw this.busy(owner, (wait) =>
        by === 'owner'
          ? `Several of your PDFs are already being prepared. Try again in ${wait}, when one of them is ready.`
          : `Several PDFs from this sender are being prepared right now. Try again in ${wait}.`,
      );
    }
    return new Promise<Uint8Array>((resolve, reject) => {
      const job: TJob = { id: this.nextId++, ticket, input, ...limits, waitTimer: null, resolve, reject };
      job.waitTimer = this.clock.setTimeout(() => this.expire(job), this.options.maxWaitMs);
      line.push(job);
      if (!this.lines.has(owner)) this.lines.set(owner, line);
      this.waiting += 1;
      this.options.hooks?.queued?.(this.info(job));
      this.pump();
    });
  }

  /** A client now waits for this render too: it goes ahead of its owner's own exports. */
  promote(ticket: TPdfTicket): void {
    if (ticket.by === 'client') return;
    ticket.by = 'client';
    this.pump();
  }

  /** Stops every worker and fails what is still waiting. */
  async close(): Promise<void> {
    this.closed = true;
    for (const line of this.lines.values()) {
      for (const job of line) {
        this.clock.clearTimeout(job.waitTimer);
        job.reject(new PdfRenderError('failed', 'The PDF renderer was shut down before this PDF was made.'));
      }
    }
    this.lines.clear();
    this.waiting = 0;
    const stopping = [...this.slots].map((slot) => {
      this.retire(slot, new PdfRenderError('failed', 'The PDF renderer was shut down while making this PDF.'));
      return slot.worker.terminate();
    });
    await Promise.allSettled(stopping);
  }

  private info(job: TJob): TPdfJobInfo {
    return { owner: job.ticket.owner, by: job.ticket.by, input: job.input };
  }

  private runningFor(owner: string): number {
    return [...this.slots].filter((slot) => slot.job?.ticket.owner === owner).length;
  }

  /**
   * A `busy` failure, with the seconds until the render in the way must end: the owner's own
   * running render if they have one (their line moves when it ends), else the first of all.
   */
  private busy(owner: string, message: (wait: string) => string): PdfRenderError {
    const running = [...this.slots].filter((slot) => slot.job !== null);
    const theirs = running.filter((slot) => slot.job!.ticket.owner === owner);
    const deadlines = (theirs.length > 0 ? theirs : running).map((slot) => slot.deadline);
    const seconds =
      deadlines.length > 0
        ? Math.min(60, Math.max(1, Math.ceil((Math.min(...deadlines) - this.clock.now()) / 1000)))
        : DEFAULT_RETRY_S;
    return new PdfRenderError('busy', message(formatWait(seconds)), { retryAfter: seconds });
  }

  /** A render that waited its limit leaves the line, failing as busy. */
  private expire(job: TJob): void {
    const line = this.lines.get(job.ticket.owner);
    const index = line?.indexOf(job) ?? -1;
    if (!line || index === -1) return;
    this.take(job.ticket.owner, line, index);
    const limit = formatWait(Math.round(this.options.maxWaitMs / 1000));
    job.reject(
      this.busy(
        job.ticket.owner,
        (wait) =>
          `This PDF could not be started within ${limit}: the PDFs ahead of it are still being prepared. Try again in ${wait}.`,
      ),
    );
  }

  /** Takes a job out of its owner's line; the owner leaves the turn when the line is empty. */
  private take(owner: string, line: TJob[], index: number): void {
    const [job] = line.splice(index, 1);
    this.clock.clearTimeout(job!.waitTimer);
    this.waiting -= 1;
    if (line.length === 0) this.lines.delete(owner);
  }

  /**
   * The next render to start: the first owner in turn who is below their running cap, and in
   * their line the first client's PDF, else the first render.
   */
  private next(): { owner: string; line: TJob[]; index: number } | null {
    for (const [owner, line] of this.lines) {
      if (this.runningFor(owner) >= this.options.perOwner.running) continue;
      const client = line.findIndex((job) => job.ticket.by === 'client');
      return { owner, line, index: client === -1 ? 0 : client };
    }
    return null;
  }

  private pump(): void {
    while (!this.closed) {
      const next = this.next();
      if (!next) return;
      const job = next.line[next.index]!;
      const idle = [...this.slots].filter((slot) => slot.job === null);
      let slot = idle.find((candidate) => candidate.memoryMb === job.maxMemoryMb);
      if (!slot) {
        // A heap cap is fixed when a worker starts: an idle worker with another cap makes room.
        const other = idle[0];
        if (this.slots.size >= this.options.size && !other) return;
        if (this.slots.size >= this.options.size && other) {
          this.retire(other, null);
          void other.worker.terminate();
        }
        try {
          slot = this.spawn(job.maxMemoryMb);
        } catch (error) {
          this.take(next.owner, next.line, next.index);
          job.reject(
            error instanceof PdfRenderError
              ? error
              : new PdfRenderError('failed', 'The PDF worker could not be started.', { cause: error }),
          );
          continue;
        }
      }
      this.take(next.owner, next.line, next.index);
      // Its owner's turn is used: they go to the back of the turn.
      if (next.line.length > 0) {
        this.lines.delete(next.owner);
        this.lines.set(next.owner, next.line);
      }
      this.start(slot, job);
    }
  }

  private spawn(memoryMb: number): TSlot {
    const url = this.url!;
    if (url.protocol === 'file:' && !existsSync(fileURLToPath(url))) {
      throw new PdfRenderError('failed', `The PDF worker is missing at ${fileURLToPath(url)}: build the server first.`);
    }
    // execArgv [] : the server's own flags (a loader, a heap size) are not the worker's.
    const worker = new Worker(url, { execArgv: [], resourceLimits: { maxOldGenerationSizeMb: memoryMb } });
    worker.unref();
    const slot: TSlot = { worker, memoryMb, job: null, timer: null, deadline: 0 };
    worker.on('message', (response: TPdfWorkerResponse) => this.settle(slot, response));
    worker.on('error', (error: Error & { code?: string }) => {
      const failure =
        error.code === OUT_OF_MEMORY
          ? new PdfRenderError(
              'memory',
              `The PDF needed more than ${slot.memoryMb} MB of memory and was stopped; the proposal is too large to export.`,
              { cause: error },
            )
          : new PdfRenderError('failed', `The PDF worker failed: ${error.message}`, { cause: error });
      this.retire(slot, failure);
      this.pump();
    });
    worker.on('exit', (code) => {
      this.retire(slot, new PdfRenderError('failed', `The PDF worker stopped unexpectedly (exit code ${code}).`));
      this.pump();
    });
    this.slots.add(slot);
    return slot;
  }

  private start(slot: TSlot, job: TJob): void {
    slot.job = job;
    slot.worker.ref();
    slot.deadline = this.clock.now() + job.timeoutMs;
    const go = () => {
      // Retired meanwhile (the pool closed): its render has already failed.
      if (slot.job !== job) return;
      slot.deadline = this.clock.now() + job.timeoutMs;
      slot.timer = this.clock.setTimeout(() => {
        this.retire(
          slot,
          new PdfRenderError(
            'timeout',
            `The PDF took longer than ${job.timeoutMs} ms to make and was stopped; the proposal is too long to export.`,
          ),
        );
        void slot.worker.terminate();
        this.pump();
      }, job.timeoutMs);
      const request: TPdfWorkerRequest = { id: job.id, input: job.input };
      try {
        slot.worker.postMessage(request);
      } catch (error) {
        // Something in the input cannot be copied to another thread (a function, a symbol).
        this.settle(slot, {
          id: job.id,
          ok: false,
          reason: 'invalid',
          message: `The PDF input cannot be sent to the worker: ${String(error)}`,
        });
      }
    };
    const held = this.options.hooks?.started?.(this.info(job));
    if (held) void held.then(go, go);
    else go();
  }

  private settle(slot: TSlot, response: TPdfWorkerResponse): void {
    const job = slot.job;
    if (!job || job.id !== response.id) return;
    this.clock.clearTimeout(slot.timer);
    slot.timer = null;
    slot.job = null;
    slot.worker.unref();
    if (response.ok) job.resolve(response.pdf);
    else job.reject(new PdfRenderError(response.reason, response.message));
    this.pump();
  }

  /** Takes a worker out of the pool (it is ending or must end) and fails its render, if any, with `failure`. */
  private retire(slot: TSlot, failure: PdfRenderError | null): void {
    if (!this.slots.delete(slot)) return;
    this.clock.clearTimeout(slot.timer);
    slot.timer = null;
    const job = slot.job;
    slot.job = null;
    if (job) job.reject(failure ?? new PdfRenderError('failed', 'The PDF worker stopped.'));
  }
}
