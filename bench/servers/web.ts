import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { STARTER_TEMPLATES } from '../../packages/shared/src/templates/starter-templates';
import { readEnv } from '../../apps/server/src/env';
import { startServer } from '../../apps/server/src/server';
import { announceAndWait } from './lifecycle';

/**
 * The real server with the built web app, for the browser scenarios (P8, P10): production mode,
 * the embedded PGlite on a temporary DATA_DIR. A browser sends its own Origin, so the server
 * must know the address it is reached at: the bench picks the port (BENCH_PORT) and BASE_URL
 * follows from it. The rate limits are off: a scenario signs up more than once from one address.
 * BENCH_SENT_PROPOSAL=1 also makes a proposal sent to a client and announces its share token
 * (`shareToken`), for scenarios that open the client's page (sending needs a confirmed email,
 * which only the database can give here).
 */
const port = Number(process.env.BENCH_PORT);
if (!Number.isInteger(port) || port <= 0) throw new Error('BENCH_PORT must be the port to listen on');

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'draftwell-bench-'));
const env = readEnv({
  NODE_ENV: 'production',
  HOST: '127.0.0.1',
  PORT: String(port),
  DATA_DIR: dataDir,
  BASE_URL: `http://127.0.0.1:${port}`,
  LOG_LEVEL: 'warn',
  RATE_LIMIT: 'off',
});
const running = await startServer({ env }).catch((err: unknown) => {
  rmSync(dataDir, { recursive: true, force: true });
  throw err;
});
const info = process.env.BENCH_SENT_PROPOSAL === '1' ? { shareToken: await sentProposal() } : {};
announceAndWait(
  running.port,
  async () => {
    await running.close();
    rmSync(dataDir, { recursive: true, force: true });
  },
  info,
);

/** A confirmed owner's proposal with a starter document, sent; returns the token of its share link. */
async function sentProposal(): Promise<string> {
  const origin = env.baseUrl;
  let cookie = '';
  const call = async <T>(method: string, url: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${origin}${url}`, {
      method,
      headers: { origin, cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${url} answered ${res.status}: ${await res.text()}`);
    if (!cookie) {
      cookie = res.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
    }
    return (await res.json()) as T;
  };
  const email = `bench-${Date.now()}@example.com`;
  await call('POST', '/api/auth/sign-up/email', { name: 'Bench User', email, password: 'a long bench passphrase 42' });
  await running.deps.database.db.execute(sql`update users set email_verified = true where email = ${email}`);
  const created = await call<{ id: string; version: number }>('POST', '/api/proposals', { title: 'Website redesign' });
  const ready = await call<{ version: number }>('PATCH', `/api/proposals/${created.id}`, {
    version: created.version,
    client: {
      name: 'Ada Lovelace',
      company: 'Analytical Engines Ltd',
      email: 'ada@example.com',
      phone: '',
      address: '',
    },
    document: STARTER_TEMPLATES[0]!.document,
    validUntil: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
  });
  await call('POST', `/api/proposals/${created.id}/send`, { version: ready.version, message: 'For the bench.' });
  const link = await call<{ url: string }>('GET', `/api/proposals/${created.id}/share-link`);
  return new URL(link.url).pathname.split('/').pop()!;
}
