import type { Logger } from 'pino';

/**
 * Runs a sweep every `everyMs` on this instance, and once after `firstAfterMs` (randomised by the
 * caller, so instances started together spread out): the sweep's count is logged when it did
 * something, a failure as a warning, and neither stops the next run. Answers the stop.
 */
export function startPeriodicSweep(args: {
  sweep: () => Promise<number>;
  everyMs: number;
  firstAfterMs?: number;
  logger: Logger;
  /** What a count means in the log (`{ mails: n }`) and the two messages. */
  countKey: string;
  done: string;
  failed: string;
}): () => void {
  const { logger } = args;
  const run = () =>
    void args.sweep().then(
      (n) => n > 0 && logger.info({ [args.countKey]: n }, args.done),
      (err: unknown) => logger.warn({ err: err instanceof Error ? err.message : String(err) }, args.failed),
    );
  const first = args.firstAfterMs === undefined ? null : setTimeout(run, args.firstAfterMs);
  const timer = setInterval(run, args.everyMs);
  first?.unref();
  timer.unref();
  return () => {
    if (first) clearTimeout(first);
    clearInterval(timer);
  };
}
