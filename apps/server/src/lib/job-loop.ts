import type { Logger } from 'pino';
import type { TDatabase } from '../db/client';

/** How a durable job table's worker is driven; its `pass` does the table's own work. */
export type TJobLoop<A = undefined> = {
  /** Runs a pass now, then every `pollMs` and on each notification of `wake`'s channel. */
  start(): Promise<void>;
  /** Look for due jobs now (after a commit that queued some). */
  kick(): void;
  /**
   * Works every due job; resolves with how many were done when a pass found nothing more. `arg`
   * goes to the pass (the webhook worker's clock, which tests move).
   */
  drain(arg?: A): Promise<number>;
  /** No more passes; resolves when the running one has ended. */
  stop(): Promise<void>;
};

/**
 * The driver shared by the workers of the job tables (mail outbox, seals, stored-file deletions,
 * webhook deliveries): one pass at a time per instance, another at once when kicked during one,
 * a timer for jobs that come due later or were left by a stopped instance, and optionally a
 * LISTEN channel so any instance's commit wakes it. `pass` claims leased rows (`for update skip
 * locked`), works them until none is due and answers how many it did; a pass that throws is
 * logged as `<name> pass failed` and the next one starts afresh.
 */
export function jobLoop<A = undefined>(options: {
  name: string;
  pollMs: number;
  logger: Logger;
  pass: (arg?: A) => Promise<number>;
  wake?: { database: Pick<TDatabase, 'listen'>; channel: string };
  /** At stop, before waiting for the running pass (to cut what it waits on). */
  onStop?: () => void;
}): TJobLoop<A> {
  const { name, pollMs, logger, pass, wake, onStop } = options;
  let timer: NodeJS.Timeout | null = null;
  let unlisten: (() => Promise<void>) | null = null;
  let running: Promise<number> | null = null;
  let again = false;
  let stopped = false;

  const run = (arg?: A): Promise<number> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      let total = 0;
      try {
        do {
          again = false;
          total += await pass(arg);
        } while (again && !stopped);
      } catch (err) {
        logger.warn({ err: err instanceof Error ? err.message : String(err) }, `${name} pass failed`);
      } finally {
        running = null;
      }
      return total;
    })();
    return running;
  };

  return {
    async start() {
      if (timer || stopped) return;
      if (wake) {
        unlisten = await wake.database.listen(wake.channel, () => {
          if (!stopped) void run();
        });
      }
      timer = setInterval(() => void run(), pollMs);
      timer.unref();
      // Jobs left by an instance that stopped mid-pass, or queued while none was running.
      void run();
    },
    kick() {
      if (!stopped) void run();
    },
    async drain(arg) {
      // The first run may be one under way (started without `arg`); the second is drain's own.
      let total = await run(arg);
      total += await run(arg);
      return total;
    },
    async stop() {
      stopped = true;
      onStop?.();
      if (timer) clearInterval(timer);
      timer = null;
      if (unlisten) await unlisten().catch(() => undefined);
      unlisten = null;
      await running;
    },
  };
}
