import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import type { PGlite } from '@electric-sql/pglite';

/**
 * Where a bench server's time goes, for the "embedded database under load" notes: the event
 * loop's delay (perf_hooks), and with PGlite the time spent inside it. PGlite runs PostgreSQL as
 * WebAssembly on this thread: `execProtocolRawSync` is the engine's own work (synchronous, so the
 * event loop is blocked meanwhile); PGlite's two locks count the statements and time what a caller
 * waits for: the queue behind PGlite's one-at-a-time lock, the engine's work, parsing the result.
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
    /** Statements run by the engine (one per query; a transaction's BEGIN and COMMIT count too). */
    engineCalls: number;
    /** Time inside the WebAssembly engine, blocking the event loop. */
    engineMs: number;
    engineMaxMs: number;
    /** Statements run under PGlite's query lock. */
    queries: number;
    /** Top-level queries and transactions, and the time their callers waited for them (queue + run). */
    transactions: number;
    transactionWaitMs: number;
    /** The statements PGlite's own `query()` ran most often in the window, by their first words. */
    top: Array<{ sql: string; count: number }>;
  };
};

export function startProbe(pglite?: PGlite): Promise<number> {
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  let started = performance.now();
  let cpuStart = process.cpuUsage();
  const p = {
    engineCalls: 0,
    engineMs: 0,
    engineMaxMs: 0,
    queries: 0,
    transactions: 0,
    transactionWaitMs: 0,
  };
  const texts = new Map<string, number>();
  if (pglite) {
    // Own properties over the prototype's methods: PGlite calls these through `this`.
    const engine = pglite.execProtocolRawSync.bind(pglite);
    pglite.execProtocolRawSync = (message: Uint8Array) => {
      const t = performance.now();
      try {
        return engine(message);
      } finally {
        const d = performance.now() - t;
        p.engineCalls += 1;
        p.engineMs += d;
        if (d > p.engineMaxMs) p.engineMaxMs = d;
      }
    };
    // Every statement (top-level, in a transaction, PGlite's own or the server's prepared path)
    // runs under PGlite's query lock; every top-level query and every transaction first waits
    // for its transaction lock, where the queue forms under load.
    const statement = pglite._runExclusiveQuery.bind(pglite);
    pglite._runExclusiveQuery = <T>(fn: () => Promise<T>) => {
      p.queries += 1;
      return statement(fn);
    };
    const exclusive = pglite._runExclusiveTransaction.bind(pglite);
    pglite._runExclusiveTransaction = async <T>(fn: () => Promise<T>) => {
      const t = performance.now();
      try {
        return await exclusive(fn);
      } finally {
        p.transactions += 1;
        p.transactionWaitMs += performance.now() - t;
      }
    };
    const query = pglite.query.bind(pglite);
    pglite.query = (async (...args: Parameters<PGlite['query']>) => {
      const text = args[0].replace(/\s+/g, ' ').slice(0, 80);
      texts.set(text, (texts.get(text) ?? 0) + 1);
      return query(...args);
    }) as PGlite['query'];
  }
  const reset = () => {
    loop.reset();
    started = performance.now();
    cpuStart = process.cpuUsage();
    for (const key of Object.keys(p) as Array<keyof typeof p>) p[key] = 0;
    texts.clear();
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
      ...(pglite
        ? {
            pglite: {
              ...(Object.fromEntries(Object.entries(p).map(([k, v]) => [k, round(v)])) as typeof p),
              top: [...texts]
                .sort((a, b) => b[1] - a[1])
                .slice(0, 8)
                .map(([sql, count]) => ({ sql, count })),
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
