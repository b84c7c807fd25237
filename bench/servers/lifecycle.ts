import { fstatSync } from 'node:fs';

/**
 * Bench servers announce their port (and anything the scenario needs: `info`) with one JSON line on stdout and stop on SIGTERM, SIGINT
 * or when their stdin closes if it is a pipe (the bench's), so they never outlive the bench.
 */
export function announceAndWait(port: number, stop: () => Promise<void>, info: Record<string, unknown> = {}): void {
  process.stdout.write(`${JSON.stringify({ ...info, port })}\n`);
  let stopping = false;
  const shutdown = () => {
    if (stopping) return;
    stopping = true;
    stop().then(
      () => process.exit(0),
      (err: unknown) => {
        console.error(err);
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);
  // Only a pipe means "the bench is my parent"; run by hand (stdin a terminal or /dev/null), keep serving.
  if (fstatSync(0).isFIFO()) {
    process.stdin.on('end', shutdown);
    process.stdin.resume();
  }
}
