import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_PATTERN, MAX_API_KEYS, type TApiKey } from '@draftwell/shared/developers/api-keys';
import { sha256Hex } from '../src/lib/sha256';
import { API_KEY_RATE } from '../src/modules/public-api/require-api-key';
import {
  backends,
  countRows,
  nextIp,
  signUp,
  startTestServer,
  type Client,
  type TBackend,
  type TTestServer,
} from './helpers';

/**
 * API keys (issue 17): made and revoked by the signed-in owner, shown once and stored as a hash;
 * on /api/v1 a key acts as its owner within its scopes (401 for a missing, unknown, revoked or
 * expired key, 403 for a scope it lacks, 404 for another owner's record), counted per key with
 * RateLimit headers; and a key opens nothing outside /api/v1.
 */

describe.each(backends())('API keys (%s)', (backend: TBackend) => {
  let server: TTestServer;
  let owner: Client;
  let other: Client;

  beforeAll(async () => {
    server = await startTestServer({ backend, env: { TRUST_PROXY: 'true' } });
    owner = (await signUp(server, { name: 'Olivia Owner' })).client;
    other = (await signUp(server, { name: 'Mallory Other' })).client;
  });
  afterAll(async () => {
    await server.close();
  });

  const makeKey = async (who: Client, body: Record<string, unknown> = {}) => {
    const res = await who.post('/api/api-keys', { name: 'CRM sync', scopes: ['proposals:read'], ...body });
    expect(res.status, res.text).toBe(201);
    return res.body as { key: string; apiKey: TApiKey };
  };
  /** A request with only the key: no cookie, no Origin, as curl sends it. */
  const withKey = (key: string | null, path: string, init: { method?: string; json?: unknown } = {}) =>
    server.client({ ip: nextIp() }).request(path, {
      ...init,
      origin: null,
      noCookies: true,
      headers: key === null ? {} : { authorization: `Bearer ${key}` },
    });

  it('is shown once, stored as its hash, listed without it', async () => {
    const made = await makeKey(owner, { name: '  Zapier  ', scopes: ['proposals:read', 'clients:read'] });
    expect(made.key).toMatch(API_KEY_PATTERN);
    expect(made.apiKey).toMatchObject({ name: 'Zapier', scopes: ['proposals:read', 'clients:read'], expiresOn: null });
    expect(made.apiKey.preview).toBe(`${made.key.slice(0, 9)}…`);
    const listed = (await owner.get('/api/api-keys')).body.items as TApiKey[];
    expect(listed.find((k) => k.id === made.apiKey.id)).toEqual(made.apiKey);
    expect(JSON.stringify(listed)).not.toContain(made.key.slice(9));
    const stored = await server.deps.database.db.execute(
      sql`select token_hash from api_keys where id = ${made.apiKey.id}`,
    );
    expect((stored as unknown as { rows: { token_hash: string }[] }).rows[0]!.token_hash).toBe(sha256Hex(made.key));
    // Another owner sees none of it, and cannot revoke it.
    expect(((await other.get('/api/api-keys')).body.items as TApiKey[]).map((k) => k.id)).not.toContain(made.apiKey.id);
    expect((await other.post(`/api/api-keys/${made.apiKey.id}/revoke`)).status).toBe(404);
    expect((await owner.post('/api/api-keys/not-an-id/revoke')).status).toBe(404);
  });

  it('refuses bad names, scopes and expiry dates with a message', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const far = new Date(Date.now() + 800 * 86_400_000).toISOString().slice(0, 10);
    for (const body of [
      { name: '', scopes: ['proposals:read'] },
      { name: 'x'.repeat(81), scopes: ['proposals:read'] },
      { name: 'k', scopes: [] },
      { name: 'k', scopes: ['proposals:*'] },
      { name: 'k', scopes: ['proposals:read', 'proposals:read'] },
      { name: 'k', scopes: ['proposals:read'], expiresOn: '2020-01-01' },
      { name: 'k', scopes: ['proposals:read'], expiresOn: far },
      { name: 'k', scopes: ['proposals:read'], expiresOn: 'tomorrow' },
    ]) {
      const res = await owner.post('/api/api-keys', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.message).toBeTruthy();
    }
    expect(
      (await owner.post('/api/api-keys', { name: 'k', scopes: ['proposals:read'], expiresOn: today })).status,
    ).toBe(201);
    // Keys are made by a signed-in owner only.
    expect(
      (await server.client({ ip: nextIp() }).post('/api/api-keys', { name: 'k', scopes: ['proposals:read'] })).status,
    ).toBe(401);
  });

  it('acts as its owner on /api/v1: their proposals only, 404 for another owner’s', async () => {
    const mine = (await owner.post('/api/proposals', { title: 'Mine, through the API' })).body as { id: string };
    const theirs = (await other.post('/api/proposals', { title: 'Not yours' })).body as { id: string };
    const { key } = await makeKey(owner);
    const list = await withKey(key, '/api/v1/proposals');
    expect(list.status, list.text).toBe(200);
    const titles = (list.body.items as { title: string }[]).map((p) => p.title);
    expect(titles).toContain('Mine, through the API');
    expect(titles).not.toContain('Not yours');
    const one = await withKey(key, `/api/v1/proposals/${mine.id}`);
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ id: mine.id, title: 'Mine, through the API' });
    const foreign = await withKey(key, `/api/v1/proposals/${theirs.id}`);
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.code).toBe('not_found');
  });

  it('401 without a valid key, saying why; 403 for a scope it lacks', async () => {
    const cases: Array<[string | null, RegExp]> = [
      [null, /^No API key\./],
      ['sk_live_abc', /not a Draftwell API key/],
      [`dw_${'A'.repeat(43)}`, /not known/],
    ];
    for (const [key, message] of cases) {
      const res = await withKey(key, '/api/v1/proposals');
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toBe('Bearer realm="Draftwell API"');
      expect(res.body.error.message).toMatch(message);
    }
    const revoked = await makeKey(owner);
    expect((await withKey(revoked.key, '/api/v1/proposals')).status).toBe(200);
    const done = await owner.post(`/api/api-keys/${revoked.apiKey.id}/revoke`);
    expect(done.status).toBe(200);
    expect(done.body.revokedAt).not.toBeNull();
    const afterRevoke = await withKey(revoked.key, '/api/v1/proposals');
    expect(afterRevoke.status).toBe(401);
    expect(afterRevoke.body.error.message).toMatch(/was revoked on \d{4}-\d{2}-\d{2}/);

    const expiring = await makeKey(owner, { expiresOn: new Date().toISOString().slice(0, 10) });
    expect((await withKey(expiring.key, '/api/v1/proposals')).status).toBe(200); // its last day
    await server.deps.database.db.execute(
      sql`update api_keys set expires_on = current_date - 1 where id = ${expiring.apiKey.id}`,
    );
    const expired = await withKey(expiring.key, '/api/v1/proposals');
    expect(expired.status).toBe(401);
    expect(expired.body.error.message).toMatch(/expired/);

    const clientsOnly = await makeKey(owner, { scopes: ['clients:read'] });
    const refused = await withKey(clientsOnly.key, '/api/v1/proposals');
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toContain('"proposals:read"');
  });

  it('opens nothing outside /api/v1: not the app’s routes, keys, billing or account deletion', async () => {
    const { key } = await makeKey(owner, { scopes: ['proposals:read', 'proposals:write'] });
    const before = await countRows(server, 'users');
    for (const [method, path] of [
      ['GET', '/api/proposals'],
      ['GET', '/api/api-keys'],
      ['GET', '/api/billing'],
      ['GET', '/api/session'],
      ['DELETE', '/api/account'],
    ] as const) {
      const res = await server.client({ ip: nextIp() }).request(path, {
        method,
        noCookies: true,
        headers: { authorization: `Bearer ${key}` },
      });
      if (path === '/api/session') expect(res.body).toMatchObject({ session: null });
      else expect(res.status, `${method} ${path}`).toBe(401);
    }
    expect(await countRows(server, 'users')).toBe(before);
  });

  it('counts requests per key, with RateLimit headers, and says when to come back (429)', async () => {
    const made = await makeKey(owner);
    const first = await withKey(made.key, '/api/v1/proposals');
    expect(first.headers.get('ratelimit-limit')).toBe(String(API_KEY_RATE.max));
    expect(first.headers.get('ratelimit-remaining')).toBe(String(API_KEY_RATE.max - 1));
    expect(Number(first.headers.get('ratelimit-reset'))).toBeGreaterThan(0);
    // The window's count as if the key had been used to its limit.
    await server.deps.database.db.execute(
      sql`update app_rate_limits set count = ${API_KEY_RATE.max} where key = ${`api-key:${made.apiKey.id}`}`,
    );
    const over = await withKey(made.key, '/api/v1/proposals');
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(over.headers.get('ratelimit-remaining')).toBe('0');
    // Another key of the same owner has its own count.
    expect((await withKey((await makeKey(owner)).key, '/api/v1/proposals')).status).toBe(200);
    // The key's use is noted.
    const listed = (await owner.get('/api/api-keys')).body.items as TApiKey[];
    expect(listed.find((k) => k.id === made.apiKey.id)!.lastUsedAt).not.toBeNull();
  });

  it(`holds at most ${MAX_API_KEYS} live keys per account, even when asked for at once`, async () => {
    const fresh = (await signUp(server, { name: 'Many Keys' })).client;
    const results = await Promise.all(
      Array.from({ length: MAX_API_KEYS + 5 }, (_, i) =>
        fresh.post('/api/api-keys', { name: `Key ${i}`, scopes: ['proposals:read'] }),
      ),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(MAX_API_KEYS);
    const refused = results.filter((r) => r.status !== 201);
    expect(refused.every((r) => r.status === 409)).toBe(true);
    expect(refused[0]!.body.error.message).toMatch(/Revoke one/);
  });
});
