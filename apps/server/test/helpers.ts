import { AsyncLocalStorage } from 'node:async_hooks';
import { afterAll, beforeAll } from 'vitest';
import { sql } from 'drizzle-orm';
import { createHash, randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import { createServer, isIP } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import pino from 'pino';
import WebSocket from 'ws';
import type { TRealtimeServerMessage } from '@draftwell/shared';
import { SMTPServer } from 'smtp-server';
import { createApp } from '../src/app';
import { openDatabase } from '../src/db/client';
import { migrateDatabase, migrationsFolder } from '../src/db/migrate';
import { PgliteThread } from '../src/db/pglite-thread';
import type { TPgliteAsk } from '../src/db/pglite-wire';
import { readEnv, type TEnv } from '../src/env';
import type { TMailer } from '../src/mail/mailer';
import type { TPdfRenderer } from '../src/pdf';
import { startServer, type TRunningServer } from '../src/server';
import type { TResolver } from '../src/modules/webhooks/address';
import { parseMessage } from '../../../e2e/support/mime';
import { startS3Server, type TS3TestServer } from './support/s3-server';

/**
 * The API test harness: real servers (startServer) on real databases, a real SMTP sink and
 * a fetch client with a cookie jar. Nothing here mocks the database, mail or auth.
 */

export type TBackend = 'pglite' | 'postgres';

/** Every suite runs on embedded PGlite, and on PostgreSQL too when TEST_DATABASE_URL is set. */
export function backends(): TBackend[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

/** Where a test server keeps stored files: DATA_DIR/files, or a bucket on the tests' own S3 server. */
export type TStorageKind = 'disk' | 's3';

/**
 * The storages a suite about stored files runs on: both, unless TEST_STORAGE names one (to run
 * a suite on one of them while working on it).
 */
export function storages(): TStorageKind[] {
  const only = process.env.TEST_STORAGE;
  if (only === 'disk' || only === 's3') return [only];
  return ['disk', 's3'];
}

/**
 * The databases and storages a suite about stored files runs on, in pairs that cover each database
 * and each storage at least once (pairwise, not every combination): PGlite with disk and
 * PostgreSQL with S3 when both databases run, each storage on PGlite otherwise. The storage layer
 * knows nothing of the database (storage.test.ts holds both storages to one contract), so the
 * other two pairs ran the same code again, each about a minute of the suite.
 */
export function pairsOfBackendAndStorage(): [TBackend, TStorageKind][] {
  const dbs = backends();
  const kinds = storages();
  const pairs = Math.max(dbs.length, kinds.length);
  return Array.from({ length: pairs }, (_, i) => [dbs[i % dbs.length]!, kinds[i % kinds.length]!]);
}

let sharedS3: Promise<TS3TestServer> | null = null;

/** The S3-compatible server of this test file, started when a test first needs it. */
export function testS3Server(): Promise<TS3TestServer> {
  sharedS3 ??= startS3Server(tempDir('dw-s3-'));
  return sharedS3;
}

// ---------------------------------------------------------------------------------------------
// Resources created by a test file, released by setup.ts after the file's own hooks have run.

const openServers = new Set<TTestServer>();
const tempDirs = new Set<string>();
const createdDatabases = new Set<string>();

export async function releaseTestResources(): Promise<void> {
  for (const s of [...openServers]) await s.close().catch(() => undefined);
  if (sharedS3) {
    const s3 = sharedS3;
    sharedS3 = null;
    await (await s3).close();
  }
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
  tempDirs.clear();
  if (createdDatabases.size > 0) {
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    try {
      for (const name of createdDatabases) await admin.query(`drop database if exists "${name}" with (force)`);
    } finally {
      createdDatabases.clear();
      await admin.end();
    }
  }
}

export function tempDir(prefix = 'dw-test-'): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  tempDirs.add(dir);
  return dir;
}

const PGLITE_VERSION = (
  JSON.parse(
    readFileSync(
      path.join(path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite')), '..', 'package.json'),
      'utf8',
    ),
  ) as { version: string }
).version;

/**
 * What a migrated test database is made of: the PGlite version and every shipped migration. A
 * template made from other migrations (another branch, an edited migration) has another name, so
 * a stale one is never used.
 */
const MIGRATED_KEY = (() => {
  const hash = createHash('sha256').update(PGLITE_VERSION);
  const folder = migrationsFolder();
  const files = readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name))
    .sort();
  for (const file of files) hash.update(path.relative(folder, file)).update(readFileSync(file));
  return hash.digest('hex').slice(0, 16);
})();

const quietLogger = pino({ level: 'silent' });

/**
 * A PGlite cluster with every migration applied, as a server leaves it after its first start.
 * initdb and the migrations take about two seconds in WebAssembly; copying their result into each
 * fresh DATA_DIR takes a fraction of that. Every server still runs its migrator on start, which
 * finds them applied (R12's own test starts from an empty database). Kept in the OS temp directory
 * per PGlite version and migrations, shared by test files and by later runs.
 */
export async function pgliteTemplate(): Promise<string> {
  const dir = path.join(tmpdir(), `draftwell-test-pglite-migrated-${MIGRATED_KEY}`);
  if (existsSync(path.join(dir, 'pglite', 'PG_VERSION'))) return dir;
  const building = mkdtempSync(`${dir}-building-`);
  try {
    const database = await openDatabase({ databaseUrl: undefined, dataDir: building, logger: quietLogger });
    try {
      await migrateDatabase(database);
    } finally {
      await database.close();
    }
    renameSync(building, dir);
  } catch (err) {
    rmSync(building, { recursive: true, force: true });
    // Another test file built it at the same moment: use theirs.
    if (!existsSync(path.join(dir, 'pglite', 'PG_VERSION'))) throw err;
  }
  return dir;
}

/** A fresh DATA_DIR whose embedded database is initialised and migrated (like after a first start). */
export async function freshDataDir(): Promise<string> {
  const dataDir = tempDir();
  cpSync(path.join(await pgliteTemplate(), 'pglite'), path.join(dataDir, 'pglite'), { recursive: true });
  return dataDir;
}

/**
 * The migrated template database on the TEST_DATABASE_URL server, made once per set of
 * migrations: `create database … template` copies it in milliseconds, where migrating a new
 * database takes about half a second. Test files in other workers may make it at the same moment;
 * an advisory lock lets one of them do it.
 */
let postgresTemplate: Promise<string> | null = null;
function migratedPostgresTemplate(adminUrl: string): Promise<string> {
  postgresTemplate ??= (async () => {
    const name = `dw_template_${MIGRATED_KEY}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      await admin.query('select pg_advisory_lock($1)', [0x0d1a_7e57]);
      const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
      if (found.rowCount) return name;
      const building = `${name}_building`;
      await admin.query(`drop database if exists "${building}" with (force)`);
      await admin.query(`create database "${building}"`);
      const url = new URL(adminUrl);
      url.pathname = `/${building}`;
      const database = await openDatabase({ databaseUrl: url.toString(), dataDir: tmpdir(), logger: quietLogger });
      try {
        await migrateDatabase(database);
      } finally {
        await database.close();
      }
      await admin.query(`alter database "${building}" rename to "${name}"`);
      return name;
    } finally {
      await admin.end();
    }
  })();
  postgresTemplate.catch(() => {
    postgresTemplate = null;
  });
  return postgresTemplate;
}

/**
 * A fresh database on the TEST_DATABASE_URL server, dropped when the test file ends: migrated
 * (like after a server's first start) unless `empty` is asked for.
 */
export async function createPostgresDatabase({ empty = false }: { empty?: boolean } = {}): Promise<string> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const template = empty ? null : await migratedPostgresTemplate(adminUrl);
  const name = `dw_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(template ? `create database "${name}" template "${template}"` : `create database "${name}"`);
  } finally {
    await admin.end();
  }
  createdDatabases.add(name);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * A free port, held (listened on) until `release`: a server that opens its database before it
 * listens would otherwise leave the port free for seconds, for another test file's `listen(0)` to
 * take (EADDRINUSE, seen on a busy CI machine).
 */
function reservePort(): Promise<{ port: number; release: () => Promise<void> }> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      resolve({ port, release: () => new Promise<void>((done) => srv.close(() => done())) });
    });
  });
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

/**
 * A host-name resolver without DNS (tests never depend on the network): `localhost` as
 * /etc/hosts has it, the names given, and for any other name the error a resolver gives for a
 * name that does not exist.
 */
export function testResolver(hosts: Record<string, string[]> = {}): TResolver {
  const table = new Map(Object.entries({ localhost: ['127.0.0.1', '::1'], ...hosts }));
  return async (hostname) => {
    const addresses = table.get(hostname.toLowerCase());
    if (!addresses) {
      throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND', hostname });
    }
    return addresses.map((address) => ({ address, family: isIP(address) }));
  };
}

export const randomSecret = () => randomBytes(36).toString('base64url'); // 48 characters

// ---------------------------------------------------------------------------------------------
// Servers

export type TLogEntry = { level: number; msg?: string; [key: string]: unknown };

export type TTestServer = {
  backend: TBackend;
  url: string;
  port: number;
  env: TEnv;
  deps: TRunningServer['deps'];
  dataDir: string;
  databaseUrl: string | undefined;
  /** Where its stored files are, and (seen from outside the server) what is there. */
  storage: TStorageKind;
  bucket: string | undefined;
  stored: TStoredView;
  /** Every log line at warn level or above (or the level asked for), parsed. */
  logs: TLogEntry[];
  /**
   * Runs fn while error-level server logs are expected (they are then not echoed to
   * console.error) and returns them with fn's result.
   */
  withErrorLogs<T>(fn: () => Promise<T>): Promise<{ result: T; errors: TLogEntry[] }>;
  /** A new client of this server with an empty cookie jar. */
  client(opts?: TClientOptions): Client;
  close(): Promise<void>;
};

export type TStartOptions = {
  backend?: TBackend;
  /** Extra or overriding env variables (strings, as in process.env). */
  env?: Record<string, string | undefined>;
  mail?: TMailSink;
  /** Reuse a data directory (PGlite restart) or a PostgreSQL database (restart, several servers). */
  dataDir?: string;
  databaseUrl?: string;
  authSecret?: string;
  pglite?: PGlite;
  skipDataDirLock?: boolean;
  /** A built web app to serve (a folder like apps/web/dist); none by default. */
  webDist?: string;
  /** Send mail through this instead of SMTP (a mail server that answers when the test says). */
  mailer?: TMailer;
  /** Keep log lines from this level up in `logs` (warn by default). */
  logLevel?: 'info' | 'warn';
  /** Keep stored files in a bucket of the test file's S3 server instead of DATA_DIR/files. */
  storage?: TStorageKind;
  /** With storage 's3': this bucket (another server's) rather than a new one. */
  bucket?: string;
  /** With storage 's3': this S3 server rather than the test file's shared one. */
  s3Server?: TS3TestServer;
  /** How the server resolves webhook host names: `testResolver()` (no DNS) unless given. */
  resolveHost?: TResolver;
  /** The server's PDF renderer: one of its own, made by startServer, unless given. */
  pdf?: TPdfRenderer;
};

/**
 * A test's own view of a server's stored files, independent of the server's storage code: the
 * files in DATA_DIR/files, or the objects in its bucket.
 */
export type TStoredView = {
  keys(): Promise<string[]>;
  read(key: string): Promise<Buffer | null>;
  write(key: string, bytes: Uint8Array): Promise<void>;
  remove(key: string): Promise<void>;
};

function storedView(dataDir: string, s3: { server: TS3TestServer; bucket: string } | null): TStoredView {
  if (s3) {
    const { server, bucket } = s3;
    return {
      keys: () => server.keys(bucket),
      read: (key) => server.read(bucket, key),
      write: (key, bytes) => server.write(bucket, key, bytes),
      remove: (key) => server.remove(bucket, key),
    };
  }
  const dir = path.join(dataDir, 'files');
  return {
    keys: async () => (existsSync(dir) ? readdirSync(dir) : []),
    read: async (key) => (existsSync(path.join(dir, key)) ? readFileSync(path.join(dir, key)) : null),
    write: async (key, bytes) => writeFileSync(path.join(dir, key), bytes),
    remove: async (key) => rmSync(path.join(dir, key), { force: true }),
  };
}

/**
 * Server logs at warn level and above, kept for the test to read. Error-level lines are echoed
 * with console.error, which fails the test (setup.ts), unless inside withErrorLogs.
 */
function captureLogger(logs: TLogEntry[], errorsAllowed: () => boolean, level: 'info' | 'warn') {
  return pino(
    { level, base: { service: 'draftwell' } },
    {
      write(line: string) {
        const entry = JSON.parse(line) as TLogEntry;
        logs.push(entry);
        if (entry.level >= 50 && !errorsAllowed()) console.error(`server logged an error: ${line.trim()}`);
      },
    },
  );
}

export async function startTestServer(opts: TStartOptions = {}): Promise<TTestServer> {
  const backend = opts.backend ?? 'pglite';
  const dataDir = opts.dataDir ?? (backend === 'pglite' && !opts.pglite ? await freshDataDir() : tempDir());
  const databaseUrl = backend === 'postgres' ? (opts.databaseUrl ?? (await createPostgresDatabase())) : undefined;
  const { port, release } = await reservePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const storage = opts.storage ?? 'disk';
  let s3Env: Record<string, string> = {};
  let s3: { server: TS3TestServer; bucket: string } | null = null;
  if (storage === 's3') {
    const s3Server = opts.s3Server ?? (await testS3Server());
    const bucket = opts.bucket ?? (await s3Server.createBucket()).bucket;
    s3 = { server: s3Server, bucket };
    s3Env = s3Server.envFor(bucket);
  }
  const env = readEnv({
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: String(port),
    BASE_URL: baseUrl,
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'silent',
    AUTH_SECRET: opts.authSecret ?? randomSecret(),
    SMTP_URL: opts.mail?.url,
    ...s3Env,
    ...opts.env,
  });
  const logs: TLogEntry[] = [];
  let expectingErrors = 0;
  const running = await startServer({
    env,
    logger: captureLogger(logs, () => expectingErrors > 0, opts.logLevel ?? 'warn'),
    webDist: opts.webDist ?? null,
    pglite: opts.pglite,
    mailer: opts.mailer,
    skipDataDirLock: opts.skipDataDirLock,
    resolveHost: opts.resolveHost ?? testResolver(),
    pdf: opts.pdf,
    beforeListen: release,
  }).catch(async (error: unknown) => {
    await release();
    throw error;
  });
  const server: TTestServer = {
    backend,
    url: running.url,
    port: running.port,
    env,
    deps: running.deps,
    dataDir,
    databaseUrl,
    storage,
    bucket: s3?.bucket,
    stored: storedView(dataDir, s3),
    logs,
    async withErrorLogs(fn) {
      const from = logs.length;
      expectingErrors += 1;
      try {
        const result = await fn();
        return { result, errors: logs.slice(from).filter((l) => l.level >= 50) };
      } finally {
        expectingErrors -= 1;
      }
    },
    client: (clientOpts) => new Client(running.url, env.baseUrl, clientOpts),
    async close() {
      openServers.delete(server);
      await running.close();
    },
  };
  openServers.add(server);
  return server;
}

// ---------------------------------------------------------------------------------------------
// HTTP client

export type TClientOptions = {
  /**
   * Sent as X-Forwarded-For: the client's address as a trusted proxy would report it. Only
   * honoured by a server started with TRUST_PROXY=true; lets one test act as many clients.
   */
  ip?: string;
};

export type TRequestInit = {
  method?: string;
  /** Sent as JSON with content-type application/json. */
  json?: unknown;
  /** Sent as is (a string or bytes); give the content-type in headers. */
  body?: string | Uint8Array;
  headers?: Record<string, string>;
  /** The Origin header: the server's own by default, null to send none. */
  origin?: string | null;
  redirect?: 'manual' | 'follow';
  /** Leave the cookie jar out of this request. */
  noCookies?: boolean;
};

export type TResult = {
  status: number;
  headers: Headers;
  text: string;
  /** The body as it came, for binary answers (PDFs, files). */
  bytes: Uint8Array;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
};

let ipCounter = 0;
/** A distinct client address per call, in 10.0.0.0/8, unique within the test file. */
export function nextIp(): string {
  ipCounter += 1;
  return `10.${(process.pid % 250) + 1}.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
}

export class Client {
  /**
   * @param url where the server listens
   * @param origin the server's public origin (BASE_URL), sent as Origin by default
   */
  constructor(
    readonly url: string,
    readonly origin: string,
    readonly opts: TClientOptions = {},
    readonly jar = new Map<string, string>(),
    /** How requests are sent: over HTTP, or to an app in this process (`countStatements`). */
    readonly fetcher: (url: URL, init: RequestInit) => Promise<Response> = fetch,
  ) {}

  /** The same browser (one cookie jar, shared) seen from another address. */
  from(ip: string): Client {
    return new Client(this.url, this.origin, { ...this.opts, ip }, this.jar, this.fetcher);
  }

  /** The Cookie header this client sends. */
  cookieHeader(): string {
    return [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  /** A copy of this client (same cookies, same address). */
  clone(): Client {
    return new Client(this.url, this.origin, this.opts, new Map(this.jar), this.fetcher);
  }

  private store(setCookies: string[]) {
    for (const line of setCookies) {
      const [pair, ...attrs] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const expired = attrs.some((a) => {
        const [k, v] = a.split('=').map((s) => s.trim());
        if (k!.toLowerCase() === 'max-age') return Number(v) <= 0;
        if (k!.toLowerCase() === 'expires') return new Date(v!).getTime() <= Date.now();
        return false;
      });
      if (expired || value === '') this.jar.delete(name);
      else this.jar.set(name, value);
    }
  }

  async request(p: string, init: TRequestInit = {}): Promise<TResult> {
    const headers: Record<string, string> = {};
    const origin = init.origin === undefined ? this.origin : init.origin;
    if (origin !== null) headers.origin = origin;
    if (this.opts.ip) headers['x-forwarded-for'] = this.opts.ip;
    if (!init.noCookies && this.jar.size > 0) headers.cookie = this.cookieHeader();
    let body: string | Uint8Array | undefined = init.body;
    if (init.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(init.json);
    }
    Object.assign(headers, init.headers);
    const res = await this.fetcher(new URL(p, this.url), {
      method: init.method ?? (body === undefined ? 'GET' : 'POST'),
      headers,
      body,
      redirect: init.redirect ?? 'manual',
    });
    this.store(res.headers.getSetCookie());
    const bytes = new Uint8Array(await res.arrayBuffer());
    const text = new TextDecoder().decode(bytes);
    let parsed: unknown = undefined;
    if (res.headers.get('content-type')?.includes('application/json') && text !== '') {
      parsed = JSON.parse(text);
    }
    return { status: res.status, headers: res.headers, text, bytes, body: parsed };
  }

  get(p: string, init: Omit<TRequestInit, 'method'> = {}) {
    return this.request(p, { ...init, method: 'GET' });
  }

  post(p: string, json?: unknown, init: Omit<TRequestInit, 'method' | 'json'> = {}) {
    return this.request(p, { ...init, method: 'POST', json: json ?? {} });
  }

  patch(p: string, json: unknown) {
    return this.request(p, { method: 'PATCH', json });
  }

  /** A body-less DELETE, as fetch sends it: no Content-Length, no Content-Type. */
  delete(p: string) {
    return this.request(p, { method: 'DELETE' });
  }

  /** Every row of a list, page by page, with the number of pages it took. */
  async listAll(path: string, limit: number) {
    const items: Array<Record<string, unknown>> = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const params = new URLSearchParams({ limit: String(limit) });
      if (cursor) params.set('cursor', cursor);
      const res = await this.get(`${path}${path.includes('?') ? '&' : '?'}${params}`);
      if (res.status !== 200) throw new Error(`GET ${path} answered ${res.status}: ${res.text}`);
      if (res.body.items.length > limit) throw new Error(`GET ${path} gave more than ${limit} rows`);
      items.push(...res.body.items);
      cursor = res.body.nextCursor;
      pages += 1;
    } while (cursor && pages < 100);
    return { items, pages };
  }

  /** The session as /api/session reports it (null when signed out). */
  async session() {
    const res = await this.get('/api/session');
    if (res.status !== 200) throw new Error(`GET /api/session answered ${res.status}: ${res.text}`);
    return res.body.session as null | {
      user: { id: string; name: string; email: string; emailVerified: boolean; appLanguage: string | null };
      expiresAt: string;
    };
  }

  signIn(email: string, password: string) {
    return this.post('/api/auth/sign-in/email', { email, password });
  }
}

// ---------------------------------------------------------------------------------------------
// Statements per request

/** The statements sent on behalf of the requests being counted (see countStatements). */
const counting = new AsyncLocalStorage<string[]>();
let countersInstalled = false;

/**
 * Every statement the database receives is noted in the counting context it was sent from: on
 * PostgreSQL each `pg` query (one round trip); on the server's PGlite each statement sent to its
 * thread (a transaction's begin and end count one each); on a PGlite shared in this thread each
 * statement run under its query lock (the prepared path and PGlite's own query and exec all take
 * it once per statement).
 */
function installCounters() {
  if (countersInstalled) return;
  countersInstalled = true;
  const pgQuery = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const first = args[0] as string | { text?: string } | undefined;
    counting.getStore()?.push(typeof first === 'string' ? first : (first?.text ?? '?'));
    return (pgQuery as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof pgQuery;
  // The server's own PGlite runs on a thread: its statements are the asks sent there.
  const threadRequest = PgliteThread.prototype.request;
  const STATEMENT_ASKS = new Set(['query', 'exec', 'begin', 'end']);
  PgliteThread.prototype.request = function <T>(this: PgliteThread, ask: TPgliteAsk) {
    if (STATEMENT_ASKS.has(ask.op)) counting.getStore()?.push('text' in ask ? ask.text : `(${ask.op})`);
    return threadRequest.call(this, ask) as Promise<T>;
  };
  const pgliteStatement = PGlite.prototype._runExclusiveQuery;
  PGlite.prototype._runExclusiveQuery = function <T>(this: PGlite, fn: () => Promise<T>) {
    counting.getStore()?.push('(a PGlite statement)');
    return pgliteStatement.call(this, fn) as Promise<T>;
  };
}

/**
 * The statements the server sends to its database while handling the requests `fn` makes with
 * `as(client)`: the same client (cookies, address), its requests handled in this process by an
 * app on the server's own deps, so that only their statements are counted, not the background
 * work (outbox, sweeps) the server does meanwhile.
 */
export async function countStatements<T>(
  server: TTestServer,
  fn: (as: (client: Client) => Client) => Promise<T>,
): Promise<{ result: T; statements: string[] }> {
  installCounters();
  const { app } = createApp(server.deps);
  const statements: string[] = [];
  const as = (client: Client) =>
    new Client(client.url, client.origin, client.opts, client.jar, async (url, init) =>
      counting.run(statements, () => app.request(url.toString(), init)),
    );
  const result = await fn(as);
  return { result, statements };
}

/**
 * One request on its own connection (node:http, no keep-alive pool). For bodies the server
 * refuses before reading them: it may drop the connection afterwards, and no later request
 * should be sent on it.
 */
export function rawRequest(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string | Uint8Array },
): Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: init.method ?? 'POST', headers: init.headers, agent: false });
    let answered = false;
    req.on('response', (res) => {
      answered = true;
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => {
        req.destroy();
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text });
      });
    });
    // Once answered, the server may close while the rest of the body is still going out.
    req.on('error', (err) => {
      if (!answered) reject(err);
    });
    req.end(init.body);
  });
}

let emailCounter = 0;
export function uniqueEmail(tag = 'user'): string {
  emailCounter += 1;
  return `${tag}-${emailCounter}-${randomBytes(4).toString('hex')}@example.com`;
}

export const STRONG_PASSWORD = 'velvet-otter-harbour-19';

/** Signs a new user up through the API; the returned client holds their session cookie. */
export async function signUp(
  server: TTestServer,
  user: { name?: string; email?: string; password?: string; client?: Client } = {},
) {
  const client = user.client ?? server.client({ ip: nextIp() });
  const email = user.email ?? uniqueEmail();
  const password = user.password ?? STRONG_PASSWORD;
  const res = await client.post('/api/auth/sign-up/email', { name: user.name ?? 'Test User', email, password });
  if (res.status !== 200) throw new Error(`sign-up answered ${res.status}: ${res.text}`);
  return { client, email, password, user: res.body.user as { id: string; email: string; name: string }, res };
}

// ---------------------------------------------------------------------------------------------
// SMTP sink

export type TReceivedMail = {
  /** Envelope recipients. */
  to: string[];
  subject: string;
  headers: Map<string, string>;
  text: string;
  html: string;
  raw: string;
  links: string[];
};

export type TMailSink = {
  url: string;
  messages: TReceivedMail[];
  waitForMail(to: string, subject: RegExp, timeoutMs?: number): Promise<TReceivedMail>;
  close(): Promise<void>;
};

export async function startMailSink(opts: { port?: number } = {}): Promise<TMailSink> {
  const messages: TReceivedMail[] = [];
  const waiters = new Set<() => void>();
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        messages.push(parseMail(to, Buffer.concat(chunks).toString('utf8')));
        for (const w of waiters) w();
        callback();
      });
    },
  });
  smtp.on('error', () => undefined);
  await new Promise<void>((resolve) => smtp.listen(opts.port ?? 0, '127.0.0.1', () => resolve()));
  const port = (smtp.server.address() as { port: number }).port;

  const find = (to: string, subject: RegExp) =>
    messages.find((m) => m.to.includes(to.toLowerCase()) && subject.test(m.subject));

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitForMail(to, subject, timeoutMs = 10_000) {
      const found = find(to, subject);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const check = () => {
          const m = find(to, subject);
          if (m) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve(m);
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          const seen = messages.map((m) => `${m.to.join(',')}: ${m.subject}`).join('\n  ');
          reject(new Error(`no mail to ${to} matching ${subject} within ${timeoutMs} ms; received:\n  ${seen}`));
        }, timeoutMs);
        waiters.add(check);
      });
    },
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}

function parseMail(to: string[], raw: string): TReceivedMail {
  const { headers, subject, text, html } = parseMessage(raw);
  const links = [
    ...new Set([...`${text}\n${html.replaceAll('&amp;', '&')}`.matchAll(/https?:\/\/[^\s"'<>]+/g)].map((m) => m[0])),
  ];
  return { to, subject, headers, text, html, raw, links };
}

/** Rows in a table, whoever owns them: for "nothing changed" checks. */
export async function countRows(server: TTestServer, table: string): Promise<number> {
  const result = (await server.deps.database.db.execute(
    sql.raw(`select count(*)::int as n from ${table}`),
  )) as unknown as { rows: Array<{ n: number }> };
  return result.rows[0]!.n;
}

/**
 * For a describe block about owned records: a fresh server and two signed-up users, Alice and
 * Bob (each request from its own address, so rate limits stay out of the way).
 */
/**
 * Two users on one server; `env` adds settings (DEFAULT_PLAN for suites that go past free limits),
 * `storage` says where its stored files are.
 */
export function withTwoUsers(backend: TBackend, env: Record<string, string> = {}, storage: TStorageKind = 'disk') {
  const ctx = {} as { server: TTestServer; alice: Client; bob: Client };
  beforeAll(async () => {
    ctx.server = await startTestServer({ backend, storage, env: { TRUST_PROXY: 'true', ...env } });
    ctx.alice = (await signUp(ctx.server, { name: 'Alice' })).client;
    ctx.bob = (await signUp(ctx.server, { name: 'Bob' })).client;
  });
  afterAll(() => ctx.server.close());
  return ctx;
}

// ---------------------------------------------------------------------------------------------
// Realtime sockets

export type TSocket = {
  ws: WebSocket;
  messages: TRealtimeServerMessage[];
  /** The next message (already received or to come) that matches. */
  next(match: (m: TRealtimeServerMessage) => boolean, timeoutMs?: number): Promise<TRealtimeServerMessage>;
  closed: Promise<{ code: number; reason: string }>;
  send(msg: unknown): void;
};

export function realtimeUrl(server: TTestServer) {
  return `${server.url.replace('http://', 'ws://')}/realtime`;
}

/** Opens a socket and resolves once it is open. */
export async function connectSocket(
  server: TTestServer,
  opts: { cookie?: string; origin?: string; ip?: string } = {},
): Promise<TSocket> {
  const ws = new WebSocket(realtimeUrl(server), {
    origin: opts.origin ?? server.env.baseUrl,
    headers: {
      ...(opts.cookie ? { cookie: opts.cookie } : {}),
      // The client's address as a trusted proxy reports it (servers with TRUST_PROXY=true).
      ...(opts.ip ? { 'x-forwarded-for': opts.ip } : {}),
    },
  });
  const messages: TRealtimeServerMessage[] = [];
  const waiters = new Set<() => void>();
  ws.on('message', (data) => {
    messages.push(JSON.parse(String(data)) as TRealtimeServerMessage);
    for (const w of waiters) w();
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.once('close', (code, reason) => {
      for (const w of waiters) w();
      resolve({ code, reason: reason.toString() });
    }),
  );
  ws.on('error', () => undefined); // the close event carries what the tests look at
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('unexpected-response', (_req, res) => reject(new Error(`refused with ${res.statusCode}`)));
    ws.once('error', reject);
  });
  let seen = 0;
  return {
    ws,
    messages,
    closed,
    send: (msg) => ws.send(typeof msg === 'string' ? msg : JSON.stringify(msg)),
    next(match, timeoutMs = 5000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          for (; seen < messages.length; seen++) {
            if (match(messages[seen]!)) {
              const m = messages[seen++]!;
              waiters.delete(check);
              clearTimeout(timer);
              resolve(m);
              return;
            }
          }
          if (ws.readyState === WebSocket.CLOSED) {
            waiters.delete(check);
            clearTimeout(timer);
            reject(new Error(`socket closed; received ${JSON.stringify(messages)}`));
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching message within ${timeoutMs} ms; received ${JSON.stringify(messages)}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Multipart bodies, written by hand so that file names and types can be anything at all.

export type TPart = { name: string; value: string | Uint8Array; filename?: string; type?: string };

export function multipart(parts: TPart[]): { body: Uint8Array; type: string } {
  const boundary = `----draftwell-test-${Math.random().toString(36).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename === undefined ? '' : `; filename="${p.filename}"`}`;
    const head = `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${p.type ? `Content-Type: ${p.type}\r\n` : ''}\r\n`;
    chunks.push(Buffer.from(head, 'utf8'), Buffer.from(p.value), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: new Uint8Array(Buffer.concat(chunks)), type: `multipart/form-data; boundary=${boundary}` };
}
