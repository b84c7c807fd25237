import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, countStatements, nextIp, signUp, startTestServer, type TTestServer } from './helpers';

const COOKIE = 'draftwell.session_token';
const DAY = 86_400_000;

/**
 * requireUser reads a live, fresh session in one query (http/session-lookup.ts) and leaves every
 * other case to better-auth. These pin that both paths answer as better-auth alone did (A10).
 */
describe.each(backends())('signed-in requests, fast session path (%s)', (backend) => {
  let server: TTestServer;

  beforeAll(async () => {
    server = await startTestServer({ backend, env: { TRUST_PROXY: 'true' } });
  });
  afterAll(async () => {
    await server.close();
  });

  const sessionRow = async (token: string) =>
    (
      (await server.deps.database.db.execute(
        sql`select expires_at from sessions where token = ${token}`,
      )) as unknown as { rows: { expires_at: string | Date }[] }
    ).rows[0];
  const tokenOf = (value: string) => decodeURIComponent(value).split('.')[0]!;

  it('a live session is served; the same cookie is refused at once after sign-out', async () => {
    const { client } = await signUp(server);
    const stolen = client.clone();
    expect((await stolen.get('/api/proposals')).status).toBe(200);
    expect((await client.post('/api/auth/sign-out')).status).toBe(200);
    expect((await stolen.get('/api/proposals')).status).toBe(401);
  });

  it('a cookie with a forged or damaged signature is refused', async () => {
    const { client } = await signUp(server);
    const value = client.jar.get(COOKIE)!;
    const [token, signature] = decodeURIComponent(value).split('.') as [string, string];
    const forged = client.clone();
    const flipped = signature[0] === 'A' ? `B${signature.slice(1)}` : `A${signature.slice(1)}`;
    forged.jar.set(COOKIE, encodeURIComponent(`${token}.${flipped}`));
    expect((await forged.get('/api/proposals')).status).toBe(401);
    const bare = client.clone();
    bare.jar.set(COOKIE, token);
    expect((await bare.get('/api/proposals')).status).toBe(401);
    expect((await client.get('/api/proposals')).status).toBe(200);
  });

  it('an expired session is refused and removed', async () => {
    const { client } = await signUp(server);
    const token = tokenOf(client.jar.get(COOKIE)!);
    await server.deps.database.db.execute(
      sql`update sessions set expires_at = now() - interval '1 minute' where token = ${token}`,
    );
    expect((await client.get('/api/proposals')).status).toBe(401);
    expect(await sessionRow(token)).toBeUndefined();
  });

  it('a session due for its daily renewal is served and renewed', async () => {
    const { client } = await signUp(server);
    const token = tokenOf(client.jar.get(COOKIE)!);
    await server.deps.database.db.execute(
      sql`update sessions set expires_at = now() + interval '28 days' where token = ${token}`,
    );
    expect((await client.get('/api/proposals')).status).toBe(200);
    const renewed = new Date((await sessionRow(token))!.expires_at).valueOf();
    expect(renewed).toBeGreaterThan(Date.now() + 29 * DAY);
  });

  it('a deleted user, or a session deleted behind its back, is refused', async () => {
    const { client, user } = await signUp(server);
    const token = tokenOf(client.jar.get(COOKIE)!);
    expect((await client.get('/api/proposals')).status).toBe(200);
    await server.deps.database.db.execute(sql`delete from sessions where token = ${token}`);
    expect((await client.get('/api/proposals')).status).toBe(401);
    const other = await signUp(server);
    await server.deps.database.db.execute(sql`delete from users where id = ${other.user.id}`);
    expect((await other.client.get('/api/proposals')).status).toBe(401);
    expect(user.id).toBeTruthy();
  });
});

/**
 * Reading and autosaving one proposal check the session inside their one statement
 * (requireUserInStatement, P2 and P4): every case requireUser settles must answer the same there.
 */
describe.each(backends())('reading and autosaving a proposal, the session in the statement (%s)', (backend) => {
  let server: TTestServer;

  beforeAll(async () => {
    server = await startTestServer({ backend, env: { TRUST_PROXY: 'true' } });
  });
  afterAll(async () => {
    await server.close();
  });

  const tokenOf = (value: string) => decodeURIComponent(value).split('.')[0]!;
  const expiresAt = async (token: string) => {
    const { rows } = (await server.deps.database.db.execute(
      sql`select expires_at from sessions where token = ${token}`,
    )) as unknown as { rows: { expires_at: string | Date }[] };
    return rows[0] ? new Date(rows[0].expires_at).valueOf() : undefined;
  };
  const stored = async (id: string) => {
    const { rows } = (await server.deps.database.db.execute(
      sql`select title, version from proposals where id = ${id}`,
    )) as unknown as { rows: { title: string; version: number }[] };
    return rows[0]!;
  };

  async function ownerWithDraft() {
    const { client, user } = await signUp(server);
    const created = await client.post('/api/proposals', { title: 'Before' });
    expect(created.status).toBe(201);
    return { client, user, id: created.body.id as string, version: created.body.version as number };
  }

  it('a read and an autosave are one statement each, and answer as before', async () => {
    const { client, id, version } = await ownerWithDraft();
    const writer = randomUUID();
    const { result, statements } = await countStatements(server, async (as) => {
      const read = await as(client).get(`/api/proposals/${id}`);
      const save = await as(client).patch(`/api/proposals/${id}`, {
        version,
        title: 'After',
        document: { version: 1, blocks: [] },
        saveKey: { writer, seq: 1 },
      });
      return { read, save };
    });
    expect(result.read.status).toBe(200);
    expect(result.read.body).toMatchObject({ id, title: 'Before', version });
    expect(result.save.status, result.save.text).toBe(200);
    expect(result.save.body).toMatchObject({ id, title: 'After', version: version + 1 });
    expect(statements).toHaveLength(2);
    // The saved record is what the plain read now answers.
    expect((await client.get(`/api/proposals/${id}`)).body).toEqual(result.save.body);
  });

  it('a stale save is a 409 with the current record; another owner gets 404 and changes nothing', async () => {
    const { client, id, version } = await ownerWithDraft();
    expect((await client.patch(`/api/proposals/${id}`, { version, title: 'First' })).status).toBe(200);
    const { result: stale, statements } = await countStatements(server, async (as) =>
      as(client).patch(`/api/proposals/${id}`, { version, title: 'Stale' }),
    );
    expect(stale.status).toBe(409);
    expect(stale.body.error.current).toMatchObject({ id, title: 'First', version: version + 1 });
    // The save that matched nothing, and the read that says why.
    expect(statements).toHaveLength(2);
    const other = await signUp(server);
    expect((await other.client.get(`/api/proposals/${id}`)).status).toBe(404);
    expect((await other.client.patch(`/api/proposals/${id}`, { version: version + 1, title: 'Theirs' })).status).toBe(
      404,
    );
    expect(await stored(id)).toEqual({ title: 'First', version: version + 1 });
  });

  it('a signed-out, expired or deleted session is refused at once, and its save writes nothing', async () => {
    const { client, id, version } = await ownerWithDraft();
    const stolen = client.clone();
    expect((await client.post('/api/auth/sign-out')).status).toBe(200);
    expect((await stolen.get(`/api/proposals/${id}`)).status).toBe(401);
    expect((await stolen.patch(`/api/proposals/${id}`, { version, title: 'Signed out' })).status).toBe(401);

    const second = await ownerWithDraft();
    const token = tokenOf(second.client.jar.get(COOKIE)!);
    await server.deps.database.db.execute(
      sql`update sessions set expires_at = now() - interval '1 minute' where token = ${token}`,
    );
    expect((await second.client.patch(`/api/proposals/${second.id}`, { version, title: 'Expired' })).status).toBe(401);
    // better-auth settled it: the expired session is gone.
    expect(await expiresAt(token)).toBeUndefined();
    expect((await second.client.get(`/api/proposals/${second.id}`)).status).toBe(401);

    const third = await ownerWithDraft();
    await server.deps.database.db.execute(sql`delete from users where id = ${third.user.id}`);
    expect((await third.client.get(`/api/proposals/${third.id}`)).status).toBe(401);
    expect((await third.client.patch(`/api/proposals/${third.id}`, { version, title: 'Deleted' })).status).toBe(401);

    expect(await stored(id)).toEqual({ title: 'Before', version });
    expect(await stored(second.id)).toEqual({ title: 'Before', version });
  });

  it('a session due for renewal is renewed, and its save applied once', async () => {
    const { client, id, version } = await ownerWithDraft();
    const token = tokenOf(client.jar.get(COOKIE)!);
    const renewal = sql`update sessions set expires_at = now() + interval '28 days' where token = ${token}`;
    await server.deps.database.db.execute(renewal);
    const save = await client.patch(`/api/proposals/${id}`, { version, title: 'Renewed' });
    expect(save.status, save.text).toBe(200);
    expect(save.body.version).toBe(version + 1);
    expect(await stored(id)).toEqual({ title: 'Renewed', version: version + 1 });
    expect(await expiresAt(token)).toBeGreaterThan(Date.now() + 29 * DAY);

    await server.deps.database.db.execute(renewal);
    expect((await client.get(`/api/proposals/${id}`)).body.title).toBe('Renewed');
    expect(await expiresAt(token)).toBeGreaterThan(Date.now() + 29 * DAY);
  });

  it('without a session, a bad body or a malformed id is a 401 first; with one, a 400 or a 404', async () => {
    const { client, user, id, version } = await ownerWithDraft();
    const anonymous = server.client({ ip: nextIp() });
    const forged = client.clone();
    const [token, signature] = decodeURIComponent(client.jar.get(COOKIE)!).split('.') as [string, string];
    forged.jar.set(COOKIE, encodeURIComponent(`${token}.${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`));
    const badBody = { version, title: 'x', ownerId: user.id };
    for (const who of [anonymous, forged]) {
      expect((await who.get(`/api/proposals/${id}`)).status).toBe(401);
      expect((await who.get('/api/proposals/not-a-uuid')).status).toBe(401);
      expect((await who.patch(`/api/proposals/${id}`, badBody)).status).toBe(401);
      expect(
        (
          await who.request(`/api/proposals/${id}`, {
            method: 'PATCH',
            body: '{',
            headers: { 'content-type': 'application/json' },
          })
        ).status,
      ).toBe(401);
      expect((await who.patch('/api/proposals/not-a-uuid', { version, title: 'x' })).status).toBe(401);
    }
    // A correctly signed cookie whose session is gone: the route's statement finds no session.
    const dead = client.clone();
    await server.deps.database.db.execute(sql`delete from sessions where token = ${token}`);
    expect((await dead.patch(`/api/proposals/${id}`, badBody)).status).toBe(401);
    expect((await dead.patch('/api/proposals/not-a-uuid', { version, title: 'x' })).status).toBe(401);
    expect((await dead.get('/api/proposals/not-a-uuid')).status).toBe(401);

    const signedIn = (await signUp(server)).client;
    expect((await signedIn.patch(`/api/proposals/${id}`, badBody)).status).toBe(400);
    expect((await signedIn.get('/api/proposals/not-a-uuid')).status).toBe(404);
    expect((await signedIn.patch('/api/proposals/not-a-uuid', { version, title: 'x' })).status).toBe(404);
    expect(await stored(id)).toEqual({ title: 'Before', version });
  });

  it('a session that is not remembered is served through better-auth', async () => {
    const { client, email, password } = await signUp(server);
    const created = await client.post('/api/proposals', { title: 'Short session' });
    const browser = server.client({ ip: nextIp() });
    const signIn = await browser.post('/api/auth/sign-in/email', { email, password, rememberMe: false });
    expect(signIn.status, signIn.text).toBe(200);
    expect([...browser.jar.keys()].some((k) => k.includes('dont_remember'))).toBe(true);
    expect((await browser.get(`/api/proposals/${created.body.id}`)).status).toBe(200);
    const save = await browser.patch(`/api/proposals/${created.body.id}`, { version: 1, title: 'Saved' });
    expect(save.status, save.text).toBe(200);
    expect(await stored(created.body.id)).toEqual({ title: 'Saved', version: 2 });
  });
});
