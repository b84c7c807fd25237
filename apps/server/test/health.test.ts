import http from 'node:http';
import type { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestServer, type TResult, type TTestServer } from './helpers';

function expectSecurityHeaders(res: TResult, what: string) {
  const csp = res.headers.get('content-security-policy');
  expect(csp, `${what}: CSP`).toBeTruthy();
  const directives = new Map(
    csp!.split(';').map((d) => {
      const [name, ...values] = d.trim().split(/\s+/);
      return [name!, values] as const;
    }),
  );
  const scriptSrc = directives.get('script-src') ?? directives.get('default-src');
  expect(scriptSrc, `${what}: script-src`).toBeDefined();
  expect(scriptSrc, `${what}: script-src`).not.toContain("'unsafe-inline'");
  expect(scriptSrc, `${what}: script-src`).not.toContain("'unsafe-eval'");
  expect(directives.get('object-src'), `${what}: object-src`).toEqual(["'none'"]);
  expect(directives.get('base-uri'), `${what}: base-uri`).toEqual(["'none'"]);
  expect(directives.get('frame-ancestors'), `${what}: frame-ancestors`).toEqual(["'none'"]);
  expect(res.headers.get('x-content-type-options'), `${what}: nosniff`).toBe('nosniff');
  expect(res.headers.get('referrer-policy'), `${what}: Referrer-Policy`).toBeTruthy();
}

describe.each(backends())('health and headers (%s)', (backend) => {
  let server: TTestServer;
  beforeAll(async () => {
    server = await startTestServer({ backend });
  });
  afterAll(() => server.close());

  it('/healthz answers 200 ok', async () => {
    const res = await server.client().get('/healthz');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
  });

  it('/readyz answers 200 once the database answers', async () => {
    const res = await server.client().get('/readyz');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ready' });
  });

  it('every response carries an x-request-id; a well-formed incoming one is kept, a hostile one replaced', async () => {
    const c = server.client();
    const a = await c.get('/healthz');
    const b = await c.get('/healthz');
    expect(a.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(b.headers.get('x-request-id')).not.toBe(a.headers.get('x-request-id'));
    // Our routes, our errors, and the responses better-auth builds itself.
    for (const res of [
      await c.get('/api/nope'),
      await c.get('/api/session'),
      await c.get('/api/auth/get-session'),
      await c.post('/api/auth/sign-in/email', { email: 'no-one@example.com', password: 'wrong-password-1' }),
      await c.post('/api/contact', {}, { origin: 'https://evil.example' }),
    ]) {
      expect(res.headers.get('x-request-id'), `${res.status} ${res.text}`).toMatch(/^[0-9a-f-]{36}$/);
    }
    const kept = await c.get('/healthz', { headers: { 'x-request-id': 'trace-abc.123_XYZ' } });
    expect(kept.headers.get('x-request-id')).toBe('trace-abc.123_XYZ');
    const replaced = await c.get('/healthz', { headers: { 'x-request-id': 'bad id\twith"quotes"' } });
    expect(replaced.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('A6 security headers on every response: CSP without unsafe-inline script, object-src/base-uri/frame-ancestors none, nosniff, Referrer-Policy', async () => {
    const c = server.client();
    const responses: Array<[string, TResult]> = [
      ['GET /healthz', await c.get('/healthz')],
      ['GET /readyz', await c.get('/readyz')],
      ['GET /api/session', await c.get('/api/session')],
      ['GET /api/auth/get-session', await c.get('/api/auth/get-session')],
      [
        'POST /api/auth/sign-in/email (401)',
        await c.post('/api/auth/sign-in/email', { email: 'no-one@example.com', password: 'wrong-password-1' }),
      ],
      ['GET /api/nope (404)', await c.get('/api/nope')],
      ['POST /api/contact foreign origin (403)', await c.post('/api/contact', {}, { origin: 'https://evil.example' })],
      [
        'POST /api/contact text/plain (415)',
        await c.request('/api/contact', { method: 'POST', body: 'x', headers: { 'content-type': 'text/plain' } }),
      ],
      ['POST /api/contact invalid (400)', await c.post('/api/contact', { name: '' })],
      ['GET / (no web build, 503)', await c.get('/')],
    ];
    for (const [what, res] of responses) expectSecurityHeaders(res, what);
    // The list above must really cover successes and failures of each layer.
    expect(responses.map(([, r]) => r.status)).toEqual([200, 200, 200, 200, 401, 404, 403, 415, 400, 503]);
  });

  it('A6 no HSTS over http', async () => {
    const res = await server.client().get('/healthz');
    expect(res.headers.get('strict-transport-security')).toBeNull();
  });
});

// The database plays no part: one backend (embedded) is enough for a 7 s wait.
describe('keep-alive', () => {
  let server: TTestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('keeps an idle keep-alive connection past Node’s 5 s default (closed by 6.5 s), so a reused one is never reset', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const get = () =>
      new Promise<{ socket: Socket; reused: boolean }>((resolve, reject) => {
        const req = http.get(`${server.url}/healthz`, { agent }, (res) => {
          res.resume();
          res.on('end', () => resolve({ socket: req.socket!, reused: req.reusedSocket }));
        });
        req.on('error', reject);
      });
    try {
      const first = await get();
      let closedByServer = false;
      first.socket.once('close', () => (closedByServer = true));
      await new Promise((r) => setTimeout(r, 7_000));
      expect(closedByServer).toBe(false);
      const second = await get();
      expect(second.reused).toBe(true);
    } finally {
      agent.destroy();
    }
  }, 15_000);
});

describe('A6 HSTS over https', () => {
  let server: TTestServer;
  beforeAll(async () => {
    // The server itself speaks http; BASE_URL says the public address is https (behind a proxy).
    server = await startTestServer({ env: { BASE_URL: 'https://proposals.example.com' } });
  });
  afterAll(() => server.close());

  it('A6 Strict-Transport-Security is sent when the public address is https', async () => {
    const res = await fetch(`${server.url}/healthz`);
    expect(res.status).toBe(200);
    expect(res.headers.get('strict-transport-security')).toMatch(/max-age=\d{7,}/);
  });
});
