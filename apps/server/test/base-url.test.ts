import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { userChannel, type TRealtimeServerMessage } from '@draftwell/shared';
import { Client, connectSocket, realtimeUrl, signUp, startTestServer, type TTestServer } from './helpers';

const CONTACT = { name: 'Loopback', email: 'loop@example.com', message: 'Hello there, a question about plans.' };
const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/** The status of a refused socket upgrade. */
function refusedUpgrade(server: TTestServer, origin: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(realtimeUrl(server), { origin });
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

describe('BASE_URL unset: the address the server prints works, in every loopback spelling', () => {
  let server: TTestServer;
  beforeAll(async () => {
    // Listening on every interface, so that each spelling really reaches it (IPv4 and IPv6).
    server = await startTestServer({ env: { BASE_URL: undefined, HOST: '::' }, logLevel: 'info' });
  });
  afterAll(() => server.close());

  it('the printed address is accepted, and the start-up log says how to use another one', () => {
    expect(server.env.baseUrlSet).toBe(false);
    expect(server.env.origins).toContain(new URL(server.url).origin);
    const line = server.logs.find((l) => typeof l.msg === 'string' && l.msg.startsWith('Open Draftwell at'));
    expect(line?.msg).toContain(`http://localhost:${server.port}`);
    expect(line?.msg).toMatch(/set to that address, for example BASE_URL=https:\/\//);
  });

  it.each(LOOPBACK_HOSTS)(
    'A7 at http://%s:PORT sign-up, its cookie, sign-out, sign-in, contact and the realtime socket all work',
    async (host) => {
      const origin = `http://${host}:${server.port}`;
      const client = new Client(origin, origin);
      const { user, email, password } = await signUp(server, { client });
      expect((await client.session())?.user.id).toBe(user.id);

      expect((await client.post('/api/auth/sign-out')).status).toBe(200);
      expect(await client.session()).toBeNull();
      const signIn = await client.signIn(email, password);
      expect(signIn.status, signIn.text).toBe(200);
      expect((await client.session())?.user.id).toBe(user.id);

      const contact = await client.post('/api/contact', CONTACT);
      expect(contact.status, contact.text).toBe(201);

      const socket = await connectSocket(server, { origin, cookie: client.cookieHeader() });
      socket.send({ type: 'join', channel: userChannel(user.id) });
      expect(await socket.next((m: TRealtimeServerMessage) => m.type === 'joined')).toEqual({
        type: 'joined',
        channel: userChannel(user.id),
      });
      socket.ws.close();
    },
  );

  it('A7 another origin is still refused, and the message says how to set BASE_URL', async () => {
    const res = await server.client().post('/api/contact', CONTACT, { origin: 'http://192.0.2.10:3000' });
    expect(res.status).toBe(403);
    expect(res.body.error.message).toContain('BASE_URL=http://192.0.2.10:3000');
    // Another port of this machine is another origin.
    const port = await server.client().post('/api/contact', CONTACT, { origin: `http://localhost:${server.port + 1}` });
    expect(port.status).toBe(403);
  });
});

describe('BASE_URL set: another origin gets a 403 that says how to set BASE_URL', () => {
  let server: TTestServer;
  beforeAll(async () => {
    // The helpers set BASE_URL to http://127.0.0.1:PORT.
    server = await startTestServer({ logLevel: 'info' });
  });
  afterAll(() => server.close());

  it('A7 localhost is not 127.0.0.1 once BASE_URL names one of them: 403 naming BASE_URL on the API; the socket is refused', async () => {
    expect(server.env.baseUrlSet).toBe(true);
    const other = `http://localhost:${server.port}`;
    const client = new Client(server.url, other);
    for (const res of [
      await client.post('/api/contact', CONTACT),
      await client.post('/api/auth/sign-up/email', {
        name: 'X',
        email: 'x@example.com',
        password: 'velvet-otter-harbour-19',
      }),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body.error.message).toMatch(/must come from the Draftwell app itself/);
      expect(res.body.error.message).toContain(`Open Draftwell at ${server.env.baseUrl}`);
      expect(res.body.error.message).toContain(`BASE_URL=${other}`);
    }
    expect(await refusedUpgrade(server, other)).toBe(403);
    // Without an Origin there is nothing to suggest.
    const none = await client.post('/api/contact', CONTACT, { origin: null });
    expect(none.status).toBe(403);
    expect(none.body.error.message).toBe('This request must come from the Draftwell app itself.');
  });

  it('the start-up log says where to open the app and how to set BASE_URL', () => {
    const line = server.logs.find((l) => typeof l.msg === 'string' && l.msg.startsWith('Open Draftwell at'));
    expect(line?.msg).toContain(`Open Draftwell at ${server.env.baseUrl}`);
    expect(line?.msg).toMatch(/start it with BASE_URL set to that address/);
  });
});
