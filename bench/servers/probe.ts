import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { PgliteThread } from '../../apps/server/src/db/pglite-thread';
import type { TPgliteAsk } from '../../apps/server/src/db/pglite-wire';

/**
 * Where a bench server's time goes, for the "embedded database under load" notes: the event
 * loop's delay (perf_hooks), the process's CPU (all threads: on PGlite, its own thread too), and
 * on PGlite the statements sent to its thread and how long they took there and back (the queue
 * behind PGlite's one-at-a-time lock, the engine's work, the rows' cloning).
 *
 * GET /reset starts a window; GET /stats reports on it. The probe listens on its own port, so the
 * server under load answers nothing extra.
 */
export type TProbeStats = {
  wallMs: number;
  eventLoop: { meanMs: number; p50Ms: number; p99Ms: number; maxMs: number };
  /** CPU time of this process (all threads) over the window, in ms. */
  cpuMs: number;
  pglite?: {
    /** Statements sent to PGlite's thread (a transaction's begin and end count one each). */
    statements: number;
    /** Their time from sending to the answer, summed, and the longest. */
    roundTripMs: number;
    roundTripMaxMs: number;
  };
};

const STATEMENTS = new Set<TPgliteAsk['op']>(['query', 'exec', 'begin', 'end']);

export function startProbe(): Promise<number> {
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  let started = performance.now();
  let cpuStart = process.cpuUsage();
  const p = { statements: 0, roundTripMs: 0, roundTripMaxMs: 0 };

  const request = PgliteThread.prototype.request;
  PgliteThread.prototype.request = function <T>(this: PgliteThread, ask: TPgliteAsk): Promise<T> {
    if (!STATEMENTS.has(ask.op)) return request.call(this, ask) as Promise<T>;
    const t0 = performance.now();
    p.statements += 1;
    return (request.call(this, ask) as Promise<T>).finally(() => {
      const ms = performance.now() - t0;
      p.roundTripMs += ms;
      p.roundTripMaxMs = Math.max(p.roundTripMaxMs, ms);
    });
  };

  const reset = () => {
    loop.reset();
    started = performance.now();
    cpuStart = process.cpuUsage();
    p.statements = 0;
    p.roundTripMs = 0;
    p.roundTripMaxMs = 0;
  };
  const round = (n: number) => Math.round(n * 100) / 100;
  const stats = (): TProbeStats => {
    const cpu = process.cpuUsage(cpuStart);
    return {
      wallMs: round(performance.now() - started),
      eventLoop: {
        meanMs: round(loop.mean / 1e6),
        p50Ms: round(loop.percentile(50) / 1e6),
        p99Ms: round(loop.percentile(99) / 1e6),
        maxMs: round(loop.max / 1e6),
      },
      cpuMs: round((cpu.user + cpu.system) / 1000),
      ...(p.statements
        ? {
            pglite: {
              statements: p.statements,
              roundTripMs: round(p.roundTripMs),
              roundTripMaxMs: round(p.roundTripMaxMs),
            },
          }
        : {}),
    };
  };
  const server = createServer((req, res) => {
    if (req.url === '/reset') reset();
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(stats()));
  });
  server.unref();
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
}
