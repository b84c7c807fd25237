import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Logger } from 'pino';
import { withPreparedStatements } from './pglite-statements';
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

async function openPglite(opts: TDatabaseOptions): Promise<TDatabase> {
  let client = opts.pglite;
  const owned = !client;
  if (!client) {
    const dir = path.join(opts.dataDir, 'pglite');
    const isNew = !existsSync(path.join(dir, 'PG_VERSION'));
    mkdirSync(dir, { recursive: true });
    const seed = isNew && opts.pgliteSeed && existsSync(opts.pgliteSeed) ? opts.pgliteSeed : undefined;
    client = await PGlite.create(dir, seed ? { loadDataDir: new Blob([readFileSync(seed)]) } : {});
  }
  const pglite = client;
  const db = drizzlePglite({ client: withPreparedStatements(pglite), schema }) as unknown as TDb;
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
