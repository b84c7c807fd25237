import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { workerEntryUrl } from '../lib/worker-source';
import { PdfRenderError } from './pdf-error';
import type { TPdfWorkerInput, TPdfWorkerRequest, TPdfWorkerResponse } from './pdf-types';

/** Where the PDF worker's code is: beside the bundle in dist, or bundled from source (lib/worker-source.ts). */
export function pdfWorkerUrl(moduleUrl: string = import.meta.url): Promise<URL> {
  return workerEntryUrl(moduleUrl, 'pdf-worker');
}

export type TPdfPoolOptions = {
  /** The worker's entry file; a promise while it is still being found or built. */
  workerUrl: URL | Promise<URL>;
  /** Workers at most; each runs one render at a time. */
  size: number;
  /** Renders waiting for a worker at most; past it a request fails at once rather than wait minutes. */
  maxQueue: number;
  /**
   * What one owner may hold (R15): renders running at once (below `size`, so the other workers
   * stay free for everyone else) and renders waiting in line.
   */
  perOwner: { running: number; waiting: number };
};

type TJob = {
  id: number;
  /** Whose work this is: caps and the order of service are per owner. */
  owner: string;
  input: TPdfWorkerInput;
  timeoutMs: number;
  maxMemoryMb: number;
  resolve: (pdf: Uint8Array) => void;
  reject: (error: PdfRenderError) => void;
};

type TSlot = { worker: Worker; memoryMb: number; job: TJob | null; timer: NodeJS.Timeout | null };

const OUT_OF_MEMORY = 'ERR_WORKER_OUT_OF_MEMORY';

/**
 * A few long-lived worker threads that render PDFs, so layout never runs on the event loop (P6).
 * A render past its time cap, or past its worker's heap cap, ends that worker (terminate() stops
 * even a synchronous loop) and rejects with a PdfRenderError; the next render gets a fresh worker
 * (R13). Idle workers are unref'd: they never keep the process alive.
 *
 * Hand-written rather than piscina (weighed in issue 14): piscina sets one heap cap for a whole
 * pool (`resourceLimits`; a task's options are only transfers, file, name and signal), dispatches
 * its queue in order with no way to pass over an owner at their running cap (R15), and a task's
 * abort signal would count the time spent waiting in line; this pool's queue, caps and timers
 * would all stay, in front of it.
 */
export class PdfWorkerPool {
  private readonly slots = new Set<TSlot>();
  private readonly queue: TJob[] = [];
  private nextId = 1;
  private closed = false;
  private url: URL | null = null;

  constructor(private readonly options: TPdfPoolOptions) {}

  async render(
    input: TPdfWorkerInput,
    limits: { timeoutMs: number; maxMemoryMb: number },
    owner: string,
  ): Promise<Uint8Array> {
    if (!this.url) {
      try {
        this.url = await this.options.workerUrl;
      } catch (error) {
        throw new PdfRenderError('failed', 'The PDF worker could not be found or built.', { cause: error });
      }
    }
    if (this.closed) throw new PdfRenderError('failed', 'The PDF renderer has been shut down.');
    if (this.queue.length >= this.options.maxQueue) {
      throw new PdfRenderError('busy', 'Too many PDFs are being prepared right now. Try again in a minute.');
    }
    if (this.queue.filter((job) => job.owner === owner).length >= this.options.perOwner.waiting) {
      throw new PdfRenderError(
        'busy',
        'Several of your PDFs are already being prepared. Try again when they are ready.',
      );
    }
    return new Promise<Uint8Array>((resolve, reject) => {
      this.queue.push({ id: this.nextId++, owner, input, ...limits, resolve, reject });
      this.pump();
    });
  }

  private runningFor(owner: string): number {
    return [...this.slots].filter((slot) => slot.job?.owner === owner).length;
  }

  /** Stops every worker and fails what is still waiting. */
  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) {
      job.reject(new PdfRenderError('failed', 'The PDF renderer was shut down before this PDF was made.'));
    }
    const stopping = [...this.slots].map((slot) => {
      this.retire(slot, new PdfRenderError('failed', 'The PDF renderer was shut down while making this PDF.'));
      return slot.worker.terminate();
    });
    await Promise.allSettled(stopping);
  }

  /**
   * Starts the oldest waiting render whose owner is below its running cap: an owner with a
   * long render in progress never holds up another owner's, whatever the order they came in.
   */
  private pump(): void {
    while (this.queue.length > 0 && !this.closed) {
      const index = this.queue.findIndex((waiting) => this.runningFor(waiting.owner) < this.options.perOwner.running);
      if (index === -1) return;
      const job = this.queue[index]!;
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
          this.queue.splice(index, 1);
          job.reject(
            error instanceof PdfRenderError
              ? error
              : new PdfRenderError('failed', 'The PDF worker could not be started.', { cause: error }),
          );
          continue;
        }
      }
      this.queue.splice(index, 1);
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
    const slot: TSlot = { worker, memoryMb, job: null, timer: null };
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
    slot.timer = setTimeout(() => {
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
  }

  private settle(slot: TSlot, response: TPdfWorkerResponse): void {
    const job = slot.job;
    if (!job || job.id !== response.id) return;
    if (slot.timer) clearTimeout(slot.timer);
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
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    const job = slot.job;
    slot.job = null;
    if (job) job.reject(failure ?? new PdfRenderError('failed', 'The PDF worker stopped.'));
  }
}
