import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, signUp, startTestServer, type TTestServer } from './helpers';

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
