import { Worker } from 'node:worker_threads';
import { workerEntryUrl } from '../lib/worker-source';
import type { QueryOptions, Results } from '@electric-sql/pglite';
import {
  fromWireError,
  type TPgliteAsk,
  type TPgliteRequest,
  type TPgliteResponse,
  type TWireQueryOptions,
} from './pglite-wire';

/**
 * The embedded database on its own thread. PGlite runs PostgreSQL in WebAssembly, synchronously,
 * on the thread that calls it: in the server's process that was the event loop's, so every query's
 * engine time (parse, plan, execute, the rows' parsing) stopped all other requests, and queued
 * queries ran back to back without a turn of the loop. Here PGlite lives on a worker thread
 * (pglite-worker.ts) and the event loop only sends statements and receives rows (bench: issue 14's
 * P2/P4 on PGlite; docs/architecture.md).
 *
 * The object below is what Drizzle and client.ts call on a PGlite: `query`, `exec`,
 * `transaction`, `listen`, `close`, `closed`. A transaction holds PGlite's lock on the thread
 * until the server ends it, so other statements wait there as they would in one process.
 */

type TQueryable = {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(text: string): Promise<Array<Results>>;
};

export type TPgliteTransaction = TQueryable & { closed: boolean };

const SAMPLE = 'draftwell: parser check';

/** A query's options as they can cross: Drizzle's parsers all keep the text, and say so here. */
function wireOptions(options: QueryOptions | undefined): TWireQueryOptions {
  if (!options) return {};
  const { rowMode, parsers, ...rest } = options;
  if (Object.keys(rest).some((key) => rest[key as keyof typeof rest] !== undefined)) {
    throw new Error(`PGlite's thread does not take the query options ${Object.keys(rest).join(', ')}.`);
  }
  const rawTypes: number[] = [];
  for (const [type, parse] of Object.entries(parsers ?? {})) {
    if (parse(SAMPLE, Number(type)) !== SAMPLE) {
      throw new Error(`PGlite's thread takes only parsers that keep the text (type ${type}).`);
    }
    rawTypes.push(Number(type));
  }
  return { ...(rowMode ? { rowMode } : {}), ...(rawTypes.length ? { rawTypes } : {}) };
}

/**
 * The server's side of the thread. Every statement goes through `request` (the API tests count
 * statements there, as they count PGlite's own in this thread).
 */
export class PgliteThread {
  readonly #worker: Worker;
  readonly #waiting = new Map<number, { resolve: (value: unknown) => void; reject: (err: Error) => void }>();
  readonly #listeners = new Map<string, Set<(payload: string) => void>>();
  #nextId = 1;
  #closed = false;
  #exited: Error | null = null;

  private constructor(worker: Worker) {
    this.#worker = worker;
  }

  /** Starts the thread and opens the database in it; `onExit` hears of a thread that stopped on its own. */
  static async open(opts: { dir: string; seed?: string; onExit?: (err: Error) => void }): Promise<PgliteThread> {
    const worker = new Worker(await workerEntryUrl(import.meta.url, 'pglite-worker'), {
      workerData: { dir: opts.dir, seed: opts.seed },
      execArgv: [],
    });
    const thread = new PgliteThread(worker);
    const ready = new Promise<void>((resolve, reject) => {
      worker.on('message', (message: TPgliteResponse) => {
        if ('ready' in message) return resolve();
        if ('failed' in message) return reject(fromWireError(message.failed));
        thread.#receive(message);
      });
      worker.on('error', (err) => {
        thread.#exited ??= err;
      });
      worker.on('exit', (code) => {
        const err = (thread.#exited ??= new Error(`The embedded database's thread stopped (exit code ${code}).`));
        reject(err);
        for (const entry of thread.#waiting.values()) entry.reject(err);
        thread.#waiting.clear();
        if (!thread.#closed) opts.onExit?.(err);
      });
    });
    try {
      await ready;
    } catch (err) {
      thread.#closed = true;
      await worker.terminate();
      throw err;
    }
    return thread;
  }

  #receive(message: TPgliteResponse) {
    if ('notification' in message) {
      const { channel, payload } = message.notification;
      for (const fn of this.#listeners.get(channel) ?? []) fn(payload);
      return;
    }
    if (!('id' in message)) return;
    const entry = this.#waiting.get(message.id);
    this.#waiting.delete(message.id);
    if (message.ok) entry?.resolve(message.value);
    else entry?.reject(fromWireError(message.error));
  }

  /** One ask to the thread, answered in order of completion. */
  request<T>(ask: TPgliteAsk): Promise<T> {
    if (this.#closed && ask.op !== 'close') return Promise.reject(new Error('The embedded database is closed.'));
    if (this.#exited) return Promise.reject(this.#exited);
    return new Promise<T>((resolve, reject) => {
      const id = this.#nextId++;
      this.#waiting.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.#worker.postMessage({ ...ask, id } as TPgliteRequest);
    });
  }

  async query<T>(text: string, params: unknown[] = [], options?: QueryOptions, tx?: number): Promise<Results<T>> {
    return this.request<Results<T>>({ op: 'query', text, params, options: wireOptions(options), tx });
  }

  exec(text: string, tx?: number): Promise<Array<Results>> {
    return this.request<Array<Results>>({ op: 'exec', text, tx });
  }

  async transaction<T>(fn: (tx: TPgliteTransaction) => Promise<T>): Promise<T> {
    const id = await this.request<number>({ op: 'begin' });
    const tx: TPgliteTransaction = {
      query: <R>(text: string, params?: unknown[], options?: QueryOptions) => this.query<R>(text, params, options, id),
      exec: (text: string) => this.exec(text, id),
      closed: false,
    };
    let result: T;
    try {
      result = await fn(tx);
    } catch (err) {
      tx.closed = true;
      // The rollback's own failure (the thread gone) says less than the error that caused it.
      await this.request({ op: 'end', tx: id, commit: false }).catch(() => undefined);
      throw err;
    }
    tx.closed = true;
    await this.request({ op: 'end', tx: id, commit: true });
    return result;
  }

  async listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>> {
    let set = this.#listeners.get(channel);
    if (!set) {
      set = new Set();
      this.#listeners.set(channel, set);
      await this.request({ op: 'listen', channel });
    }
    set.add(onPayload);
    const listeners = set;
    return async () => {
      listeners.delete(onPayload);
      if (listeners.size === 0 && this.#listeners.get(channel) === listeners) {
        this.#listeners.delete(channel);
        if (!this.#closed && !this.#exited) await this.request({ op: 'unlisten', channel });
      }
    };
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    try {
      if (!this.#exited) await this.request({ op: 'close' });
    } finally {
      await this.#worker.terminate();
    }
  }

  get closed(): boolean {
    return this.#closed;
  }
}
