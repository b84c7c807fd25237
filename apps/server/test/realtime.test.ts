import { randomUUID } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { REALTIME_MAX_MESSAGE_BYTES, userChannel, type TRealtimeServerMessage } from '@draftwell/shared';
import {
  backends,
  connectSocket as connect,
  createPostgresDatabase,
  randomSecret,
  realtimeUrl,
  signUp,
  startTestServer,
  type TSocket,
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

describe.each(backends())('realtime (%s)', (backend) => {
  let a: TTestServer;
  let b: TTestServer;
  let pglite: PGlite | undefined;
  const sockets: TSocket[] = [];

  beforeAll(async () => {
    // Two servers on ONE database, as two instances behind a load balancer (S10).
    const authSecret = randomSecret();
    if (backend === 'pglite') {
      pglite = await PGlite.create();
      a = await startTestServer({ backend, pglite, skipDataDirLock: true, authSecret });
      b = await startTestServer({ backend, pglite, skipDataDirLock: true, authSecret });
    } else {
      const databaseUrl = await createPostgresDatabase();
      [a, b] = await Promise.all([
        startTestServer({ backend, databaseUrl, authSecret }),
        startTestServer({ backend, databaseUrl, authSecret }),
      ]);
    }
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
