import { randomUUID } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { and, eq, like } from 'drizzle-orm';
import {
  REALTIME_CLOSE_SESSION_ENDED,
  REALTIME_MAX_MESSAGE_BYTES,
  userChannel,
  type TRealtimeServerMessage,
} from '@draftwell/shared';
import { verifications } from '../src/db/schema';
import { ANONYMOUS_SOCKETS_PER_ADDRESS } from '../src/realtime/hub';
import {
  backends,
  connectSocket as connect,
  createPostgresDatabase,
  nextIp,
  randomSecret,
  realtimeUrl,
  signUp,
  startTestServer,
  type Client,
  type TBackend,
  type TSocket,
  type TStartOptions,
  type TTestServer,
} from './helpers';

/** The HTTP status a refused upgrade answers with. */
function refusedStatus(server: TTestServer, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(realtimeUrl(server), { headers });
    ws.once('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? 0);
      ws.terminate();
    });
    ws.once('open', () => {
      ws.close();
      reject(new Error('the socket opened'));
    });
    ws.on('error', () => undefined);
  });
}

const isType = (type: TRealtimeServerMessage['type']) => (m: TRealtimeServerMessage) => m.type === type;

/** Two servers on ONE database, as two instances behind a load balancer (S10). */
async function twoInstances(backend: TBackend, opts: TStartOptions = {}) {
  const authSecret = randomSecret();
  if (backend === 'pglite') {
    const pglite = await PGlite.create();
    const a = await startTestServer({ ...opts, backend, pglite, skipDataDirLock: true, authSecret });
    const b = await startTestServer({ ...opts, backend, pglite, skipDataDirLock: true, authSecret });
    return { a, b, pglite };
  }
  const databaseUrl = await createPostgresDatabase();
  const [a, b] = await Promise.all([
    startTestServer({ ...opts, backend, databaseUrl, authSecret }),
    startTestServer({ ...opts, backend, databaseUrl, authSecret }),
  ]);
  return { a, b, pglite: undefined };
}

describe.each(backends())('realtime (%s)', (backend) => {
  let a: TTestServer;
  let b: TTestServer;
  let pglite: PGlite | undefined;
  const sockets: TSocket[] = [];

  beforeAll(async () => {
    ({ a, b, pglite } = await twoInstances(backend));
  });
  afterAll(async () => {
    for (const s of sockets) s.ws.terminate();
    await a?.close();
    await b?.close();
    await pglite?.close();
  });

  const open = async (server: TTestServer, opts?: { cookie?: string }) => {
    const s = await connect(server, opts);
    sockets.push(s);
    return s;
  };

  it('A18 a socket from a foreign Origin, or with none, is refused', async () => {
    expect(await refusedStatus(a, { origin: 'https://evil.example' })).toBe(403);
    expect(await refusedStatus(a, { origin: 'null' })).toBe(403);
    expect(await refusedStatus(a, {})).toBe(403);
    // b's origin is not a's.
    expect(await refusedStatus(a, { origin: b.env.baseUrl })).toBe(403);
  });

  it("A18 without a session a socket may join 'public', but joining a user channel gets an error and is closed", async () => {
    const s = await open(a);
    s.send({ type: 'ping' });
    await s.next(isType('pong'));
    s.send({ type: 'join', channel: 'public' });
    expect(await s.next(isType('joined'))).toEqual({ type: 'joined', channel: 'public' });

    s.send({ type: 'join', channel: userChannel(randomUUID()) });
    expect(await s.next(isType('error'))).toMatchObject({ message: expect.stringMatching(/may not join/i) });
    expect((await s.closed).code).toBe(1008);
  });

  it('A18 a signed-in user may join their own user channel, not another user’s', async () => {
    const alice = await signUp(a);
    const bob = await signUp(a);
    const s = await open(a, { cookie: alice.client.cookieHeader() });
    s.send({ type: 'join', channel: userChannel(alice.user.id) });
    expect(await s.next(isType('joined'))).toEqual({ type: 'joined', channel: userChannel(alice.user.id) });

    s.send({ type: 'join', channel: userChannel(bob.user.id) });
    await s.next(isType('error'));
    expect((await s.closed).code).toBe(1008);
    expect(s.messages.filter((m) => m.type === 'joined')).toHaveLength(1);
  });

  it('A18 a revoked session no longer opens a user channel', async () => {
    const carol = await signUp(a);
    const stolen = carol.client.cookieHeader();
    expect((await carol.client.post('/api/auth/sign-out')).status).toBe(200);
    const s = await open(a, { cookie: stolen });
    s.send({ type: 'join', channel: userChannel(carol.user.id) });
    await s.next(isType('error'));
    expect((await s.closed).code).toBe(1008);
  });

  it('A18 a 1 MB message closes the socket with 1009 (message too big)', async () => {
    const s = await open(a);
    s.send(JSON.stringify({ type: 'join', channel: 'x'.repeat(1024 * 1024) }));
    expect((await s.closed).code).toBe(1009);
    // Just under the cap is a normal (refused) message, not a protocol violation.
    const ok = await open(a);
    ok.send(JSON.stringify({ type: 'join', channel: 'x'.repeat(REALTIME_MAX_MESSAGE_BYTES - 100) }));
    expect(await ok.next(isType('error'))).toMatchObject({ message: 'Unknown message.' });
    expect(ok.ws.readyState).toBe(WebSocket.OPEN);
  });

  it('R12/S10 an event published on server A reaches a client of server B on the user’s channel, and only there', async () => {
    const alice = await signUp(a);
    const bob = await signUp(a);
    const aliceOnB = await open(b, { cookie: alice.client.cookieHeader() });
    const bobOnB = await open(b, { cookie: bob.client.cookieHeader() });
    const publicOnA = await open(a);
    aliceOnB.send({ type: 'join', channel: userChannel(alice.user.id) });
    bobOnB.send({ type: 'join', channel: userChannel(bob.user.id) });
    publicOnA.send({ type: 'join', channel: 'public' });
    await Promise.all([
      aliceOnB.next(isType('joined')),
      bobOnB.next(isType('joined')),
      publicOnA.next(isType('joined')),
    ]);

    await a.deps.realtime.publish(userChannel(alice.user.id), 'test', { proposalId: 'p-1', n: 1 });
    const event = await aliceOnB.next(isType('event'));
    expect(event).toEqual({
      type: 'event',
      channel: userChannel(alice.user.id),
      event: 'test',
      data: { proposalId: 'p-1', n: 1 },
      at: expect.any(String),
    });

    // And the other way round, B to A, on the public channel.
    await b.deps.realtime.publish('public', 'announcement', { n: 2 });
    expect(await publicOnA.next(isType('event'))).toMatchObject({
      channel: 'public',
      event: 'announcement',
      data: { n: 2 },
    });

    // Bob got neither: a ping answered after both events proves nothing is still on its way.
    bobOnB.send({ type: 'ping' });
    await bobOnB.next(isType('pong'));
    expect(bobOnB.messages.filter((m) => m.type === 'event')).toEqual([]);
    expect(aliceOnB.messages.filter((m) => m.type === 'event')).toHaveLength(1);
  });
});

describe.each(backends())('A24 a socket ends with its session, on every instance (%s)', (backend) => {
  let a: TTestServer;
  let b: TTestServer;
  let pglite: PGlite | undefined;
  const sockets: TSocket[] = [];

  beforeAll(async () => {
    // Behind a trusted proxy each client is its own address, so the auth rate limits stay out of the way.
    ({ a, b, pglite } = await twoInstances(backend, { env: { TRUST_PROXY: 'true' } }));
  });
  afterAll(async () => {
    for (const s of sockets) s.ws.terminate();
    await a?.close();
    await b?.close();
    await pglite?.close();
  });

  /** A socket of this client's session on `server`, joined to the user's channel. */
  const joined = async (server: TTestServer, client: Client, userId: string) => {
    const s = await connect(server, { cookie: client.cookieHeader(), ip: client.opts.ip });
    sockets.push(s);
    s.send({ type: 'join', channel: userChannel(userId) });
    await s.next(isType('joined'));
    return s;
  };
  const endedWithSession = async (s: TSocket) => {
    expect(await s.closed).toEqual({ code: REALTIME_CLOSE_SESSION_ENDED, reason: 'session ended' });
  };
  /** An event raised after the session ended reaches `live` and none of `ended`. */
  const onlyLiveHear = async (userId: string, live: TSocket, ended: TSocket[]) => {
    await a.deps.realtime.publish(userChannel(userId), 'after', { n: 1 });
    expect(await live.next(isType('event'))).toMatchObject({ event: 'after' });
    for (const s of ended) expect(s.messages.filter((m) => m.type === 'event')).toEqual([]);
  };
  const secondSession = async (server: TTestServer, email: string, password: string) => {
    const client = server.client({ ip: nextIp() });
    expect((await client.signIn(email, password)).status).toBe(200);
    return client;
  };

  it('A24 sign-out closes that session’s sockets on both instances; another session’s socket hears on', async () => {
    const alice = await signUp(a);
    const phone = await secondSession(a, alice.email, alice.password);
    const laptopOnA = await joined(a, alice.client, alice.user.id);
    const laptopOnB = await joined(b, alice.client, alice.user.id);
    const phoneOnB = await joined(b, phone, alice.user.id);

    expect((await alice.client.post('/api/auth/sign-out')).status).toBe(200);
    await endedWithSession(laptopOnA);
    await endedWithSession(laptopOnB);
    await onlyLiveHear(alice.user.id, phoneOnB, [laptopOnA, laptopOnB]);
  });

  it('A24 a password change that signs other sessions out closes their sockets on the other instance', async () => {
    const bob = await signUp(a);
    const phone = await secondSession(a, bob.email, bob.password);
    const phoneOnB = await joined(b, phone, bob.user.id);

    const change = await bob.client.post('/api/auth/change-password', {
      currentPassword: bob.password,
      newPassword: 'copper-kettle-orchard-88',
      revokeOtherSessions: true,
    });
    expect(change.status).toBe(200);
    await endedWithSession(phoneOnB);
    // The session that changed the password goes on, with a new cookie.
    await onlyLiveHear(bob.user.id, await joined(a, bob.client, bob.user.id), [phoneOnB]);
  });

  it('A24 a password reset closes the sockets of every session', async () => {
    const carol = await signUp(a);
    const laptopOnB = await joined(b, carol.client, carol.user.id);
    const anonymous = a.client({ ip: nextIp() });
    const ask = await anonymous.post('/api/auth/request-password-reset', {
      email: carol.email,
      redirectTo: '/reset-password',
    });
    expect(ask.status).toBe(200);
    // The emailed link's token, as better-auth stored it.
    const [row] = await a.deps.database.db
      .select({ identifier: verifications.identifier })
      .from(verifications)
      .where(and(eq(verifications.value, carol.user.id), like(verifications.identifier, 'reset-password:%')));
    const token = row!.identifier.slice('reset-password:'.length);
    const newPassword = 'granite-lantern-meadow-42';
    expect((await anonymous.post('/api/auth/reset-password', { newPassword, token })).status).toBe(200);
    await endedWithSession(laptopOnB);

    const fresh = await secondSession(b, carol.email, newPassword);
    await onlyLiveHear(carol.user.id, await joined(b, fresh, carol.user.id), [laptopOnB]);
  });

  it('A24 deleting the account closes its sockets on both instances', async () => {
    const dave = await signUp(a);
    const onA = await joined(a, dave.client, dave.user.id);
    const onB = await joined(b, dave.client, dave.user.id);
    expect((await dave.client.post('/api/auth/delete-user', { password: dave.password })).status).toBe(200);
    await endedWithSession(onA);
    await endedWithSession(onB);
  });

  it('A18 sockets without a session are capped per address; other addresses and signed-in sockets still open', async () => {
    const crowded = nextIp();
    for (let i = 0; i < ANONYMOUS_SOCKETS_PER_ADDRESS; i++) sockets.push(await connect(a, { ip: crowded }));
    expect(await refusedStatus(a, { origin: a.env.baseUrl, 'x-forwarded-for': crowded })).toBe(429);
    // Another address is not punished for it, and the cap is per address, not per instance's total.
    sockets.push(await connect(a, { ip: nextIp() }));
    // A signed-in socket from the crowded address is not a visitor's.
    const erin = await signUp(a, { client: a.client({ ip: crowded }) });
    await joined(a, erin.client, erin.user.id);
  });
});
