import http from 'node:http';
import type { Socket } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { API_KEY_RATE } from '../src/modules/public-api/require-api-key';
import { DRAIN_MAX_BYTES } from '../src/http/early-answer';
import { backends, signUp, startTestServer, type TBackend, type TTestServer } from './helpers';

/**
 * Issue 24 item 13: a keep-alive connection stays usable after an answer sent before the request's
 * body was read (413 from a body limit; 415, 403, 401, 404 and 429 decided from the headers).
 * A body small enough to wait for is read to its end before the answer goes, and the connection
 * is kept; a larger one gets `Connection: close`, so the client opens a new connection for its
 * next request rather than sending it into a socket the server is closing. The client is
 * node:http with a keep-alive agent of one socket, as a pooled HTTP client uses a connection.
 */

type TAnswer = { status: number; headers: http.IncomingHttpHeaders; text: string; reused: boolean };
type TSend = {
  method?: string;
  headers?: Record<string, string>;
  body?: Uint8Array;
  /** Send the body in 64 kB chunks with Transfer-Encoding: chunked (no Content-Length). */
  chunked?: boolean;
};

const MB = 1024 * 1024;
/** A JSON body of about `bytes` (a client with a long name): valid, only too large or not wanted. */
const jsonBody = (bytes: number) => new TextEncoder().encode(JSON.stringify({ name: 'x'.repeat(bytes - 11) }));

describe.each(backends())('keep-alive after an early answer (%s)', (backend: TBackend) => {
  let server: TTestServer;
  let cookie: string;
  let apiKey: string;
  let agent: http.Agent;
  /** Errors on the client's sockets after their answer came (the server closing mid-upload). */
  let lateErrors: Error[];

  beforeAll(async () => {
    server = await startTestServer({ backend, env: { TRUST_PROXY: 'true' } });
    const { client } = await signUp(server);
    cookie = client.cookieHeader();
    const made = await client.post('/api/api-keys', { name: 'limits', scopes: ['clients:write'] });
    expect(made.status, made.text).toBe(201);
    apiKey = (made.body as { key: string }).key;
    // The key as if it had been used to its limit this minute: its next request is a 429.
    await server.deps.database.db.execute(
      sql`insert into app_rate_limits (key, count, window_start)
        values (${`api-key:${(made.body as { apiKey: { id: string } }).apiKey.id}`}, ${API_KEY_RATE.max}, now())`,
    );
  });
  afterAll(() => server.close());
  beforeEach(() => {
    agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    lateErrors = [];
  });
  afterEach(() => agent.destroy());

  function send(path: string, init: TSend = {}): Promise<TAnswer> {
    return new Promise((resolve, reject) => {
      const req = http.request(`${server.url}${path}`, {
        method: init.method ?? 'POST',
        headers: {
          ...(init.body && !init.chunked ? { 'content-length': String(init.body.byteLength) } : {}),
          ...init.headers,
        },
        agent,
      });
      let answered = false;
      const late = (err: Error) => {
        if (answered) lateErrors.push(err);
        else reject(err);
      };
      req.on('error', late);
      req.on('socket', (socket: Socket) => {
        if (socket.listenerCount('error') === 0) socket.on('error', late);
      });
      req.on('response', (res) => {
        answered = true;
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, reused: req.reusedSocket }),
        );
      });
      if (init.body && init.chunked) {
        for (let at = 0; at < init.body.byteLength; at += 64 * 1024) req.write(init.body.subarray(at, at + 64 * 1024));
        req.end();
      } else {
        req.end(init.body);
      }
    });
  }

  const json = { 'content-type': 'application/json' };
  const session = () => ({ cookie, origin: server.env.baseUrl });
  /** The ordinary request that follows on the same client: it must simply work. */
  const next = async () => {
    const res = await send('/api/session', { method: 'GET', headers: { cookie } });
    expect(res.status, res.text).toBe(200);
    return res;
  };

  it('answers a body over the limit with 413 and Connection: close, and the next request on the client works', async () => {
    const cases: Array<[string, string, TSend, number]> = [
      ['JSON, 10 MB', '/api/clients', { headers: { ...session(), ...json }, body: jsonBody(10 * MB) }, 413],
      ['public API, 10 MB', '/api/v1/clients', { headers: json, body: jsonBody(10 * MB) }, 413],
      [
        'upload, 10 MB',
        '/api/files',
        { headers: { ...session(), 'content-type': 'multipart/form-data; boundary=x' }, body: new Uint8Array(10 * MB) },
        413,
      ],
      ['Stripe webhook, 10 MB', '/api/billing/webhook', { headers: json, body: jsonBody(10 * MB) }, 413],
      [
        'JSON, 10 MB, chunked',
        '/api/clients',
        { headers: { ...session(), ...json }, body: jsonBody(10 * MB), chunked: true },
        413,
      ],
      // No body limit off the API: the page is not found, and the body was never wanted.
      [
        'a page, 10 MB',
        '/not-a-page',
        { headers: { 'content-type': 'text/plain' }, body: new Uint8Array(10 * MB) },
        404,
      ],
      // Under the upload limit but too large to wait for: refused by its Origin, then closed.
      [
        'upload from another site, 1.5 MB',
        '/api/files',
        {
          headers: { cookie, origin: 'https://evil.example', 'content-type': 'multipart/form-data; boundary=x' },
          body: new Uint8Array(1.5 * MB),
        },
        403,
      ],
    ];
    for (const [what, path, init, status] of cases) {
      await next();
      const answer = await send(path, init);
      expect(answer.status, `${what}: ${answer.text}`).toBe(status);
      expect(answer.headers.connection, what).toBe('close');
      if (status === 413) expect(JSON.parse(answer.text).error.code, what).toBe('too_large');
      // A new connection, as the answer said: the client never wrote into the closing one.
      expect((await next()).reused, what).toBe(false);
    }
  });

  it('reads a small unread body to its end and keeps the connection, for every early answer', async () => {
    const size = Math.floor(DRAIN_MAX_BYTES / 2);
    const cases: Array<[string, string, TSend, number]> = [
      [
        'wrong type (415)',
        '/api/clients',
        { headers: { ...session(), 'content-type': 'text/plain' }, body: new Uint8Array(size) },
        415,
      ],
      [
        'foreign origin (403)',
        '/api/clients',
        { headers: { cookie, origin: 'https://evil.example', ...json }, body: jsonBody(size) },
        403,
      ],
      [
        'no session (401)',
        '/api/clients',
        { headers: { origin: server.env.baseUrl, ...json }, body: jsonBody(size) },
        401,
      ],
      ['no such route (404)', '/api/no-such-route', { headers: { ...session(), ...json }, body: jsonBody(size) }, 404],
      [
        'key over its rate limit (429)',
        '/api/v1/clients',
        { headers: { authorization: `Bearer ${apiKey}`, ...json }, body: jsonBody(size) },
        429,
      ],
      ['a page (404)', '/not-a-page', { headers: { 'content-type': 'text/plain' }, body: new Uint8Array(size) }, 404],
    ];
    for (const [what, path, init, status] of cases) {
      await next();
      const answer = await send(path, init);
      expect(answer.status, `${what}: ${answer.text}`).toBe(status);
      expect(answer.headers.connection, what).toBe('keep-alive');
      // One connection all along: the request before, the early answer's and the next one.
      expect(answer.reused, what).toBe(true);
      expect((await next()).reused, what).toBe(true);
    }
    expect(lateErrors).toEqual([]);
  });
});
