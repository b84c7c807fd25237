import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, countRows, startTestServer, type TBackend, type TTestServer } from './helpers';
import { readyDraft } from './proposal-fixtures';
import { makeKey, verifiedOwner, withKey, type TOwner } from './public-api-support';

/**
 * `Idempotency-Key` on the public API's POSTs (issue 17, decision 0022): kept 24 hours per API
 * key; the same request replays its answer, another request with the key is a 422, and one
 * while the first is still running a 409. Nothing sleeps: "in flight" and "expired" are rows.
 */

describe.each(backends())('Idempotency-Key on /api/v1 (%s)', (backend: TBackend) => {
  let server: TTestServer;
  let owner: TOwner;
  let key: { key: string; apiKey: { id: string } };

  beforeAll(async () => {
    server = await startTestServer({ backend, env: { TRUST_PROXY: 'true', DEFAULT_PLAN: 'pro' } });
    owner = await verifiedOwner(server, 'Olivia Owner');
    key = await makeKey(owner.client, ['clients:write', 'clients:read', 'proposals:write', 'proposals:read']);
  });
  afterAll(async () => {
    await server.close();
  });

  const post = (path: string, json: unknown, idempotencyKey?: string, apiKey = key.key) =>
    withKey(server, apiKey, path, {
      method: 'POST',
      json,
      headers: idempotencyKey === undefined ? {} : { 'idempotency-key': idempotencyKey },
    });

  it('replays the first answer to the same request, with Idempotent-Replayed, and does the work once', async () => {
    const before = await countRows(server, 'clients');
    const body = { name: 'Dana Reyes', email: 'dana@acme.example' };
    const first = await post('/api/v1/clients', body, 'create-dana');
    expect(first.status, first.text).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const again = await post('/api/v1/clients', body, 'create-dana');
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.headers.get('content-type')).toMatch(/^application\/json/);
    expect(again.headers.get('ratelimit-remaining')).not.toBeNull();
    expect(again.body).toEqual(first.body);
    expect(await countRows(server, 'clients')).toBe(before + 1);
    // Without a key, each POST is its own.
    await post('/api/v1/clients', body);
    await post('/api/v1/clients', body);
    expect(await countRows(server, 'clients')).toBe(before + 3);
  });

  it('a retried send goes out once', async () => {
    const draft = await readyDraft(owner.client);
    const path = `/api/v1/proposals/${draft.id}/send`;
    const body = { version: draft.version, message: 'Hello' };
    const first = await post(path, body, 'send-once');
    expect(first.status, first.text).toBe(200);
    const retried = await post(path, body, 'send-once');
    expect(retried.status).toBe(200);
    expect(retried.headers.get('idempotent-replayed')).toBe('true');
    const events = await withKey(server, key.key, `/api/v1/proposals/${draft.id}/events`);
    expect((events.body.items as { type: string }[]).filter((e) => e.type === 'sent')).toHaveLength(1);
    // Without the key, the same send is refused by the app's rule (the version moved on): 409.
    expect((await post(path, body)).status).toBe(409);
  });

  it('refuses the same key with another body or path (422), and keeps the first answer', async () => {
    const first = await post('/api/v1/clients', { name: 'First' }, 'reused');
    expect(first.status).toBe(201);
    const otherBody = await post('/api/v1/clients', { name: 'Second' }, 'reused');
    expect(otherBody.status).toBe(422);
    expect(otherBody.body.error).toMatchObject({ code: 'unprocessable' });
    expect(otherBody.body.error.message).toMatch(/Idempotency-Key was used with another request/);
    const otherPath = await post('/api/v1/proposals', { name: 'First' }, 'reused');
    expect(otherPath.status).toBe(422);
    expect((await post('/api/v1/clients', { name: 'First' }, 'reused')).body).toEqual(first.body);
  });

  it('keeps keys per API key: another key of the same owner has its own', async () => {
    const other = await makeKey(owner.client, ['clients:write']);
    const a = await post('/api/v1/clients', { name: 'Per key' }, 'shared-name');
    const b = await post('/api/v1/clients', { name: 'Per key' }, 'shared-name', other.key);
    expect(a.status).toBe(201);
    expect(b.status).toBe(201);
    expect(b.headers.get('idempotent-replayed')).toBeNull();
    expect(b.body.id).not.toBe(a.body.id);
  });

  it('answers 409 while the first request with the key is still running', async () => {
    const body = { name: 'In flight' };
    await server.deps.database.db.execute(sql`
      insert into api_idempotency_keys (api_key_id, key, request_hash, expires_at)
      values (${key.apiKey.id}, 'in-flight', 'whatever', now() + interval '1 hour')`);
    const res = await post('/api/v1/clients', body, 'in-flight');
    expect(res.status).toBe(409);
    expect(res.body.error.message).toMatch(/still running/);
    // A first request that never finished (its process died) frees its key after two minutes.
    await server.deps.database.db.execute(
      sql`update api_idempotency_keys set created_at = now() - interval '3 minutes' where key = 'in-flight'`,
    );
    const taken = await post('/api/v1/clients', body, 'in-flight');
    expect(taken.status).toBe(201);
    expect((await post('/api/v1/clients', body, 'in-flight')).headers.get('idempotent-replayed')).toBe('true');
  });

  it('runs concurrent duplicates once: one answer made, the others replayed or told to wait', async () => {
    const before = await countRows(server, 'clients');
    const results = await Promise.all(
      Array.from({ length: 6 }, () => post('/api/v1/clients', { name: 'At once' }, 'at-once')),
    );
    expect(await countRows(server, 'clients')).toBe(before + 1);
    const made = results.filter((r) => r.status === 201);
    expect(made.length).toBeGreaterThan(0);
    expect(new Set(made.map((r) => r.body.id)).size).toBe(1);
    expect(results.every((r) => r.status === 201 || r.status === 409)).toBe(true);
    expect(made.filter((r) => r.headers.get('idempotent-replayed') === null)).toHaveLength(1);
  });

  it('forgets keys after 24 hours (expired rows are deleted by the next keyed request), and checks the header', async () => {
    const first = await post('/api/v1/clients', { name: 'Old' }, 'old-key');
    expect(first.status).toBe(201);
    await server.deps.database.db.execute(
      sql`update api_idempotency_keys set expires_at = now() - interval '1 second' where key = 'old-key'`,
    );
    const later = await post('/api/v1/clients', { name: 'Old' }, 'old-key');
    expect(later.status).toBe(201);
    expect(later.headers.get('idempotent-replayed')).toBeNull();
    expect(later.body.id).not.toBe(first.body.id);

    await server.deps.database.db.execute(sql`
      insert into api_idempotency_keys (api_key_id, key, request_hash, status, body, expires_at)
      values (${key.apiKey.id}, 'long-gone', 'x', 201, '{}', now() - interval '1 hour')`);
    await post('/api/v1/clients', { name: 'Sweeper' }, 'sweeper');
    const left = await server.deps.database.db.execute(
      sql`select count(*)::int as n from api_idempotency_keys where key = 'long-gone'`,
    );
    expect((left as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);

    for (const bad of ['x'.repeat(256), 'with space']) {
      const res = await post('/api/v1/clients', { name: 'Bad key' }, bad);
      expect(res.status).toBe(400);
      expect(res.body.error.fields).toHaveProperty('Idempotency-Key');
    }
  });
});
