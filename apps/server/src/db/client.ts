import { existsSync } from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Logger } from 'pino';
import { withPreparedStatements } from './pglite-statements';
import { PgliteThread } from './pglite-thread';
import * as schema from './schema';

/** Written next to the server bundle by scripts/build.mjs; absent when running from source. */
export const PGLITE_SEED_FILE = 'pglite-seed.tar.gz';

export type TSchema = typeof schema;
export type TDb = PgDatabase<PgQueryResultHKT, TSchema>;
export type TListener = (payload: string) => void;

/**
 * One handle over either database. Everything above this file speaks PostgreSQL through
 * Drizzle; only LISTEN/NOTIFY and the raw session used by migrations differ per driver.
 */
export type TDatabase = {
  kind: 'pglite' | 'postgres';
  db: TDb;
  /** Run `fn` with a single connection holding a session-level advisory lock. */
  withAdvisoryLock<T>(key: number, fn: (db: TDb) => Promise<T>): Promise<T>;
  listen(channel: string, onPayload: TListener): Promise<() => Promise<void>>;
  notify(channel: string, payload: string): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
};

export type TDatabaseOptions = {
  databaseUrl: string | undefined;
  dataDir: string;
  logger: Logger;
  /** An already-open PGlite (tests share one between two app instances). */
  pglite?: PGlite;
  /**
   * A freshly initialised PGlite data directory (tar.gz) made at build time: a first start
   * unpacks it instead of running initdb, which takes seconds in WebAssembly (P11).
   */
  pgliteSeed?: string;
};

export async function openDatabase(opts: TDatabaseOptions): Promise<TDatabase> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl, opts.logger) : openPglite(opts);
}

/**
 * The embedded database. The server's own PGlite runs on a worker thread (pglite-thread.ts), so
 * its engine never holds up the event loop; one handed in (tests sharing a PGlite between two
 * apps) runs in this thread, as it was made.
 */
async function openPglite(opts: TDatabaseOptions): Promise<TDatabase> {
  if (opts.pglite) return pgliteDatabase(withPreparedStatements(opts.pglite), false);
  const dir = path.join(opts.dataDir, 'pglite');
  const seed = opts.pgliteSeed && existsSync(opts.pgliteSeed) ? opts.pgliteSeed : undefined;
  const onExit = (err: Error) => opts.logger.fatal({ err: err.message }, "the embedded database's thread stopped");
  return pgliteDatabase(await PgliteThread.open({ dir, ...(seed ? { seed } : {}), onExit }), true);
}

/** What this file needs of a PGlite, in this thread or on its own. */
type TPgliteClient = Pick<PGlite, 'query' | 'listen' | 'closed' | 'close'> | PgliteThread;

function pgliteDatabase(pglite: TPgliteClient, owned: boolean): TDatabase {
  const db = drizzlePglite({ client: pglite as PGlite, schema }) as unknown as TDb;
  // PGlite is one connection, and a session's advisory locks are re-entrant: two callers in this
  // process would both get the lock at once. They queue here instead.
  let queue: Promise<unknown> = Promise.resolve();
  return {
    kind: 'pglite',
    db,
    withAdvisoryLock(key, fn) {
      const run = queue.then(async () => {
        await pglite.query('select pg_advisory_lock($1)', [key]);
        try {
          return await fn(db);
        } finally {
          await pglite.query('select pg_advisory_unlock($1)', [key]);
        }
      });
      queue = run.catch(() => undefined);
      return run;
    },
    async listen(channel, onPayload) {
      const unsubscribe = await pglite.listen(channel, onPayload);
      return async () => {
        await unsubscribe();
      };
    },
    async notify(channel, payload) {
      await pglite.query('select pg_notify($1, $2)', [channel, payload]);
    },
    async ping() {
      await pglite.query('select 1');
    },
    async close() {
      if (owned && !pglite.closed) await pglite.close();
    },
  };
}

async function openPostgres(url: string, logger: Logger): Promise<TDatabase> {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: 5000,
    idleTimeoutMillis: 30_000,
  });
  pool.on('error', (err) => logger.warn({ err: err.message }, 'idle database connection failed'));
  const db = drizzlePg({ client: pool, schema }) as unknown as TDb;

  const listeners = new Map<string, Set<TListener>>();
  let listenClient: pg.Client | null = null;
  let connecting: Promise<pg.Client> | null = null;
  let closed = false;
  let retryTimer: NodeJS.Timeout | null = null;

  const connectListener = async (): Promise<pg.Client> => {
    const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
    c.on('notification', (msg) => {
      const set = listeners.get(msg.channel);
      if (set) for (const fn of set) fn(msg.payload ?? '');
    });
    c.on('error', (err) => {
      logger.warn({ err: err.message }, 'realtime LISTEN connection lost; reconnecting');
      listenClient = null;
      void c.end().catch(() => undefined);
      scheduleReconnect(1000);
    });
    await c.connect();
    for (const channel of listeners.keys()) await c.query(`LISTEN ${quoteIdent(channel)}`);
    listenClient = c;
    return c;
  };

  const scheduleReconnect = (delay: number) => {
    if (closed || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      ensureListener().catch(() => scheduleReconnect(Math.min(delay * 2, 10_000)));
    }, delay);
    retryTimer.unref();
  };

  const ensureListener = async () => {
    if (listenClient) return listenClient;
    connecting ??= connectListener().finally(() => {
      connecting = null;
    });
    return connecting;
  };

  return {
    kind: 'postgres',
    db,
    async withAdvisoryLock(key, fn) {
      const conn = await pool.connect();
      try {
        await conn.query('select pg_advisory_lock($1)', [key]);
        try {
          return await fn(drizzlePg({ client: conn, schema }) as unknown as TDb);
        } finally {
          await conn.query('select pg_advisory_unlock($1)', [key]);
        }
      } finally {
        conn.release();
      }
    },
    async listen(channel, onPayload) {
      let set = listeners.get(channel);
      const isNew = !set;
      if (!set) {
        set = new Set();
        listeners.set(channel, set);
      }
      set.add(onPayload);
      const c = await ensureListener();
      if (isNew && c === listenClient) await c.query(`LISTEN ${quoteIdent(channel)}`);
      return async () => {
        set.delete(onPayload);
        if (set.size === 0) {
          listeners.delete(channel);
          await listenClient?.query(`UNLISTEN ${quoteIdent(channel)}`).catch(() => undefined);
        }
      };
    },
    async notify(channel, payload) {
      await pool.query('select pg_notify($1, $2)', [channel, payload]);
    },
    async ping() {
      await pool.query('select 1');
    },
    async close() {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      await listenClient?.end().catch(() => undefined);
      await pool.end();
    },
  };
}

function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}
