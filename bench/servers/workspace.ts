import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { documentTotals } from '../../packages/shared/src/document/pricing';
import { STARTER_TEMPLATES } from '../../packages/shared/src/templates/starter-templates';
import { readEnv } from '../../apps/server/src/env';
import { startServer } from '../../apps/server/src/server';
import { announceAndWait } from './lifecycle';
import { startProbe } from './probe';

/**
 * The real server as it ships (rate limits on) with a signed-in user who owns SEEDED proposals
 * (P5: 10,000), for P2, P3, P4 and P5. The seeded rows carry a real starter document, so reads and writes move realistic bodies.
 * BENCH_DATABASE_URL runs it on a PostgreSQL server (an empty database: migrations run first).
 * Announces the session cookie, the Origin to send, one proposal id to read and one per
 * connection to autosave (a shared one would make most PATCHes conflicts).
 *
 * On PGlite the server opens its database as `npm start` does, on its own thread; with
 * BENCH_PGLITE_DUMP set, the seeded data directory is dumped to that file (the server stopped a
 * moment, below) for the limit server (`limit.ts`) to open the very same rows. The probe
 * (`probe.ts`, its port announced as `probePort`) times the event loop and the process's CPU.
 */
const SEEDED = Number(process.env.BENCH_SEEDED_PROPOSALS ?? 10_000);
const WRITERS = Number(process.env.BENCH_WRITERS ?? 50);
const ORIGIN = 'http://bench.localhost';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'draftwell-bench-'));
const env = readEnv({
  NODE_ENV: 'production',
  HOST: '127.0.0.1',
  PORT: '0',
  DATA_DIR: dataDir,
  BASE_URL: ORIGIN,
  LOG_LEVEL: 'warn',
  // As it ships: rate limits on (RATE_LIMIT's default). Behind a reverse proxy, so that the client's
  // page can be read from many addresses (P3, X-Forwarded-For), as its clients would.
  TRUST_PROXY: 'true',
  ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
});
let running = await startServer({ env }).catch((err: unknown) => {
  rmSync(dataDir, { recursive: true, force: true });
  throw err;
});

async function call(method: string, url: string, body?: unknown, cookie?: string): Promise<Response> {
  const send = () =>
    fetch(`http://127.0.0.1:${running.port}${url}`, {
      method,
      headers: {
        origin: ORIGIN,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(cookie ? { cookie } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  // A kept-alive socket the server closed while the seeding ran (over its 5 s keep-alive) resets
  // the next request before the server reads it, or is found closed as it is sent (undici's
  // "other side closed"): that one request is sent again, once.
  const res = await send().catch((err: unknown) => {
    const code = (err as { cause?: { code?: string } }).cause?.code;
    if (code !== 'ECONNRESET' && code !== 'UND_ERR_SOCKET') throw err;
    return send();
  });
  if (!res.ok) throw new Error(`${method} ${url} answered ${res.status}: ${await res.text()}`);
  return res;
}

const email = `bench-${Date.now()}@example.com`;
const password = 'a long bench passphrase 42';
const signUp = await call('POST', '/api/auth/sign-up/email', { name: 'Bench User', email, password });
const cookie = signUp.headers
  .getSetCookie()
  .map((c) => c.split(';')[0])
  .join('; ');
const me = (await (await call('GET', '/api/session', undefined, cookie)).json()) as {
  session: { user: { id: string } };
};
const ownerId = me.session.user.id;

const document = STARTER_TEMPLATES[0]!.document;
const totals = documentTotals(document);
const client = {
  name: 'Ada Lovelace',
  company: 'Analytical Engines Ltd',
  email: 'ada@example.com',
  phone: '',
  address: '',
};
await running.deps.database.db.execute(sql`
  insert into proposals (owner_id, number, title, client, currency, status, document, totals, created_at, updated_at)
  select ${ownerId}::uuid, 'P-2025-' || lpad(g::text, 5, '0'), 'Seeded proposal ' || g, ${JSON.stringify(client)}::jsonb, 'USD',
         (array['draft','sent','viewed','accepted','declined','expired'])[g % 6 + 1],
         ${JSON.stringify(document)}::jsonb, ${JSON.stringify(totals)}::jsonb,
         now() - g * interval '1 minute', now() - g * interval '1 minute'
  from generate_series(1, ${SEEDED}::int) g`);
await running.deps.database.db.execute(sql`analyze proposals`);

const writeIds: string[] = [];
for (let i = 0; i < WRITERS; i++) {
  const created = (await (
    await call('POST', '/api/proposals', { title: `Autosave target ${i + 1}` }, cookie)
  ).json()) as {
    id: string;
  };
  writeIds.push(created.id);
}
const seededRow = (await running.deps.database.db.execute(
  sql`select id from proposals where owner_id = ${ownerId}::uuid and title = 'Seeded proposal 1'`,
)) as unknown as { rows: { id: string }[] };
const readId = seededRow.rows[0]!.id;

// P3: a sent proposal, read by its client through the share link (sending needs a confirmed email).
await running.deps.database.db.execute(sql`update users set email_verified = true where id = ${ownerId}::uuid`);
const shared = (await (await call('POST', '/api/proposals', { title: 'Shared proposal' }, cookie)).json()) as {
  id: string;
  version: number;
};
const ready = (await (
  await call(
    'PATCH',
    `/api/proposals/${shared.id}`,
    {
      version: shared.version,
      client,
      document,
      validUntil: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
    },
    cookie,
  )
).json()) as { version: number };
await call('POST', `/api/proposals/${shared.id}/send`, { version: ready.version, message: 'For the bench.' }, cookie);
const link = (await (await call('GET', `/api/proposals/${shared.id}/share-link`, undefined, cookie)).json()) as {
  url: string;
};
const shareToken = new URL(link.url).pathname.split('/').pop()!;

// The limit server (limit.ts) opens the same rows from a dump of the data directory: the server
// stops (its PGlite thread closes the directory), the directory is dumped here, and the server
// starts again on it, on its own thread as `npm start` runs it. Sessions and rows are kept.
const dumpFile = process.env.BENCH_PGLITE_DUMP;
if (!env.databaseUrl && dumpFile) {
  const port = running.port;
  await running.close();
  const pglite = await PGlite.create(path.join(dataDir, 'pglite'));
  writeFileSync(dumpFile, Buffer.from(await (await pglite.dumpDataDir('none')).arrayBuffer()));
  await pglite.close();
  running = await startServer({ env: { ...env, port } });
}
const probePort = await startProbe();

announceAndWait(
  running.port,
  async () => {
    await running.close();
    rmSync(dataDir, { recursive: true, force: true });
  },
  {
    cookie,
    origin: ORIGIN,
    readId,
    writeIds,
    shareToken,
    sharedId: shared.id,
    email,
    password,
    seeded: SEEDED,
    database: running.deps.database.kind,
    probePort,
  },
);
