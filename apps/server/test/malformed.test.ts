import http from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MAX_JSON_BODY_BYTES } from '../src/app';
import { contactMessages } from '../src/db/schema';
import {
  backends,
  nextIp,
  rawRequest,
  signUp,
  startTestServer,
  type Client,
  type TResult,
  type TTestServer,
} from './helpers';

type TRoute = {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT';
  path: string;
  /** For routes on one record: creates it with the signed-in client and answers the real path. */
  resolve?: (client: Client) => Promise<string>;
  /** A body of the right shape, so that "unknown fields" is the only thing wrong with it. */
  sample?: Record<string, unknown>;
  /** Needs a signed-in client to get past the session check. */
  session?: boolean;
};

const EMPTY_DOCUMENT = { version: 1, blocks: [] };
const SECTION_CONTENT = {
  version: 1,
  blocks: [{ id: 'a', type: 'rich_text', content: { type: 'doc', content: [{ type: 'paragraph' }] } }],
};

/** Every API route the app uses. */
const ROUTES: TRoute[] = [
  { method: 'GET', path: '/api/session', session: true },
  {
    method: 'POST',
    path: '/api/contact',
    sample: { name: 'A', email: 'a@example.com', message: 'Long enough message.' },
  },
  {
    method: 'POST',
    path: '/api/auth/sign-up/email',
    sample: { name: 'A', email: 'malformed-new@example.com', password: 'velvet-otter-harbour-19' },
  },
  {
    method: 'POST',
    path: '/api/auth/sign-in/email',
    sample: { email: 'malformed@example.com', password: 'wrong-password-1' },
  },
  {
    method: 'POST',
    path: '/api/auth/request-password-reset',
    sample: { email: 'malformed@example.com', redirectTo: '/reset-password' },
  },
  {
    method: 'POST',
    path: '/api/auth/reset-password',
    sample: { newPassword: 'granite-lantern-meadow-42', token: 'not-a-token' },
  },
  {
    method: 'POST',
    path: '/api/auth/change-password',
    session: true,
    sample: { currentPassword: 'wrong-password-1', newPassword: 'granite-lantern-meadow-42' },
  },
  { method: 'POST', path: '/api/auth/revoke-sessions', session: true, sample: {} },
  // Last of the session routes: they end the session they are given.
  { method: 'POST', path: '/api/auth/delete-user', session: true, sample: { password: 'wrong-password-1' } },
  { method: 'POST', path: '/api/auth/sign-out', session: true, sample: {} },
  { method: 'GET', path: '/api/auth/verify-email' },
  { method: 'GET', path: '/api/auth/get-session', session: true },
  ...workspaceRoutes(),
];

/** Creates a record through the API and answers its id (the routes on one record need a real one). */
async function created(client: Client, path: string, body: unknown): Promise<string> {
  const res = await client.post(path, body);
  if (res.status !== 201) throw new Error(`POST ${path} answered ${res.status}: ${res.text}`);
  return (res.body as { id: string }).id;
}

/** The workspace's routes: every list, create and change, signed in (A20 on every route). */
function workspaceRoutes(): TRoute[] {
  const proposal = (c: Client) => created(c, '/api/proposals', { title: 'Malformed' });
  return [
    { method: 'GET', path: '/api/proposals', session: true },
    { method: 'POST', path: '/api/proposals', session: true, sample: { title: 'A proposal' } },
    {
      method: 'GET',
      path: '/api/proposals/:id',
      session: true,
      resolve: async (c) => `/api/proposals/${await proposal(c)}`,
    },
    {
      method: 'PATCH',
      path: '/api/proposals/:id',
      session: true,
      sample: { version: 1, title: 'Renamed', document: EMPTY_DOCUMENT },
      resolve: async (c) => `/api/proposals/${await proposal(c)}`,
    },
    { method: 'GET', path: '/api/clients', session: true },
    { method: 'POST', path: '/api/clients', session: true, sample: { name: 'Ada', email: 'ada@example.com' } },
    {
      method: 'PATCH',
      path: '/api/clients/:id',
      session: true,
      sample: { version: 1, name: 'Ada L.' },
      resolve: async (c) => `/api/clients/${await created(c, '/api/clients', { name: 'Ada' })}`,
    },
    { method: 'GET', path: '/api/saved-items', session: true },
    {
      method: 'POST',
      path: '/api/saved-items',
      session: true,
      sample: { description: 'Design day', unitPrice: 80000, currency: 'EUR' },
    },
    {
      method: 'PATCH',
      path: '/api/saved-items/:id',
      session: true,
      sample: { version: 1, unitPrice: 90000 },
      resolve: async (c) =>
        `/api/saved-items/${await created(c, '/api/saved-items', { description: 'Day', unitPrice: 1, currency: 'EUR' })}`,
    },
    { method: 'GET', path: '/api/saved-sections', session: true },
    { method: 'GET', path: '/api/saved-sections/categories', session: true },
    {
      method: 'POST',
      path: '/api/saved-sections',
      session: true,
      sample: { name: 'About us', category: 'About', content: SECTION_CONTENT },
    },
    {
      method: 'PATCH',
      path: '/api/saved-sections/:id',
      session: true,
      sample: { version: 1, name: 'About us, short' },
      resolve: async (c) =>
        `/api/saved-sections/${await created(c, '/api/saved-sections', { name: 'About', category: 'About', content: SECTION_CONTENT })}`,
    },
    { method: 'GET', path: '/api/templates', session: true },
    {
      method: 'POST',
      path: '/api/templates',
      session: true,
      sample: { name: 'Mine', document: EMPTY_DOCUMENT },
    },
    {
      method: 'PATCH',
      path: '/api/templates/:id',
      session: true,
      sample: { version: 1, name: 'Mine too' },
      resolve: async (c) =>
        `/api/templates/${await created(c, '/api/templates', { name: 'Mine', document: EMPTY_DOCUMENT })}`,
    },
    {
      method: 'POST',
      path: '/api/templates/from-proposal/:id',
      session: true,
      sample: { name: 'From a proposal' },
      resolve: async (c) => `/api/templates/from-proposal/${await proposal(c)}`,
    },
    {
      method: 'PUT',
      path: '/api/profile',
      session: true,
      sample: {
        version: 0,
        displayName: 'Ada',
        company: '',
        jobTitle: '',
        phone: '',
        website: '',
        address: '',
        brandColor: '#4338ca',
        defaultCurrency: 'EUR',
        defaultTaxRate: 2000,
        defaultValidityDays: 30,
        emailSignature: '',
      },
    },
    {
      method: 'POST',
      path: '/api/drafts',
      session: true,
      sample: {
        client: { source: 'new', name: 'Ada', company: '', email: 'ada@example.com' },
        need: 'A new website',
        deliverables: ['Design', 'Build'],
        tone: 'friendly',
      },
    },
    { method: 'GET', path: '/api/profile', session: true },
    { method: 'GET', path: '/api/overview', session: true },
    { method: 'GET', path: '/api/account/export', session: true },
  ];
}

/** `{"a":[[[[ ... ]]]]}`, `depth` levels deep. */
const deeplyNested = (depth: number, key = 'a') => `{"${key}":${'['.repeat(depth)}${']'.repeat(depth)}}`;

const POLLUTION =
  '{"__proto__":{"polluted":"yes"},"constructor":{"prototype":{"polluted":"yes"}},"email":"p@example.com","password":"x"}';

type TCase = { name: string; body: string | Uint8Array; type?: string; expect?: number[] };

const cases = (route: TRoute): TCase[] => [
  { name: 'bad JSON', body: '{"email": "a@example.com", ', expect: [400] },
  { name: 'truncated unicode escape', body: '{"email": "\\u12', expect: [400] },
  { name: 'wrong content type', body: JSON.stringify(route.sample ?? {}), type: 'text/plain', expect: [415] },
  { name: 'missing fields', body: '{}' },
  { name: 'JSON null', body: 'null' },
  { name: 'JSON array', body: '[1,2,3]' },
  { name: 'JSON string', body: '"hello"' },
  {
    name: 'wrong field types',
    body: JSON.stringify({ email: 42, password: ['x'], name: { a: 1 }, token: null, newPassword: true, message: 7 }),
  },
  {
    name: 'unknown fields',
    body: JSON.stringify({
      ...route.sample,
      role: 'admin',
      isAdmin: true,
      id: '00000000-0000-0000-0000-000000000000',
      emailVerified: true,
    }),
  },
  {
    name: 'huge body (2 MB)',
    body: JSON.stringify({ email: 'a@example.com', pad: 'x'.repeat(2 * 1024 * 1024) }),
    expect: [413],
  },
  { name: '10,000-deep nesting', body: deeplyNested(10_000, 'email') },
  { name: '__proto__ keys', body: POLLUTION },
  { name: 'NUL and lone surrogates', body: '{"email":"a\\u0000@example.com","password":"\\ud800","name":"\\udfff"}' },
  {
    name: 'NUL inside otherwise valid fields',
    body: JSON.stringify(
      Object.fromEntries(
        Object.entries(route.sample ?? {}).map(([k, v]) => [
          k,
          typeof v === 'string' ? v.replace('@', '\u0000@') + '\u0000' : v,
        ]),
      ),
    ),
  },
];

describe.each(backends())('malformed input on every API route (%s)', (backend) => {
  let server: TTestServer;

  beforeAll(async () => {
    // A trusted proxy lets every request come from its own address, so that the per-address
    // rate limits never answer in place of the parsers under test.
    server = await startTestServer({ backend, env: { TRUST_PROXY: 'true' } });
  });
  afterAll(() => server.close());
  afterEach(() => {
    expect(({} as Record<string, unknown>).polluted, 'Object.prototype polluted').toBeUndefined();
  });

  async function clientFor(route: TRoute): Promise<Client> {
    if (!route.session) return server.client({ ip: nextIp() });
    return (await signUp(server)).client;
  }

  /**
   * better-auth may log some refusals of client input (a bad callbackURL, a user
   * row the database refused). Those are expected here; anything else logged as an error,
   * like our own "unhandled error", fails the test.
   */
  async function send<T>(fn: () => Promise<T>): Promise<T> {
    const { result, errors } = await server.withErrorLogs(fn);
    for (const e of errors) {
      expect(`${e.source} ${e.msg}`, JSON.stringify(e).slice(0, 500)).toMatch(
        /^better-auth (Invalid (callbackURL|redirectURL|origin)|Failed to create user)/,
      );
    }
    return result;
  }

  const expectNoServerError = (res: TResult, what: string) => {
    expect(res.status, `${what}: ${res.text.slice(0, 300)}`).toBeLessThan(500);
    // Whatever failed, it failed as a refusal, not as a rate limit hiding the parser.
    expect(res.status, what).not.toBe(429);
  };

  for (const route of ROUTES.filter((r) => r.method !== 'GET')) {
    it(`no 5xx for bad JSON, wrong type, missing/unknown fields, 2 MB, deep nesting, __proto__: ${route.method} ${route.path}`, async () => {
      const client = await clientFor(route);
      const path = route.resolve ? await route.resolve(client) : route.path;
      for (const c of cases(route)) {
        const what = `${route.method} ${route.path} ${c.name}`;
        if (c.name.startsWith('huge')) {
          const raw = await rawRequest(new URL(path, server.url).href, {
            method: route.method,
            body: c.body,
            headers: {
              origin: server.env.baseUrl,
              'content-type': 'application/json',
              cookie: client.cookieHeader(),
              'x-forwarded-for': nextIp(),
            },
          });
          expect(raw.status, what).toBe(413);
          continue;
        }
        const res = await send(() =>
          client.from(nextIp()).request(path, {
            method: route.method,
            body: c.body,
            headers: { 'content-type': c.type ?? 'application/json' },
          }),
        );
        expectNoServerError(res, what);
        if (c.expect) expect(c.expect, `${what}: ${res.text.slice(0, 200)}`).toContain(res.status);
      }
    });
  }

  for (const route of ROUTES.filter((r) => r.method === 'GET')) {
    it(`no 5xx for hostile query strings and cookies: GET ${route.path}`, async () => {
      const client = await clientFor(route);
      const path = route.resolve ? await route.resolve(client) : route.path;
      const queries = [
        '?token=not-a-token',
        '?token=' + 'A'.repeat(6000),
        '?token=%E0%A4%A&callbackURL=%ZZ',
        '?__proto__[polluted]=yes&constructor[prototype][polluted]=yes',
        '?token[]=a&token[]=b',
        '?callbackURL=' + encodeURIComponent('javascript:alert(1)'),
      ];
      for (const q of queries) {
        const res = await send(() => client.from(nextIp()).get(path + q));
        expectNoServerError(res, `GET ${route.path}${q.slice(0, 40)}`);
      }
      const cookies = [
        'draftwell.session_token=%%%',
        'draftwell.session_token=' + 'x'.repeat(4000),
        'draftwell.session_token=a.b.c; draftwell.session_token=other',
        '__proto__=polluted; constructor=x',
      ];
      for (const cookie of cookies) {
        const res = await send(() => server.client({ ip: nextIp() }).get(path, { headers: { cookie } }));
        expectNoServerError(res, `GET ${route.path} cookie ${cookie.slice(0, 40)}`);
      }
    });
  }

  describe('A21', () => {
    /**
     * Declares a 10 MB body but sends only the first 64 KB: an answer can only come from a
     * server that refused on the declared size, before reading, let alone parsing.
     */
    function sendDeclaredHuge(path: string, declared: number): Promise<{ status: number; body: string }> {
      const url = new URL(path, server.url);
      return new Promise((resolve, reject) => {
        const req = http.request(url, {
          method: 'POST',
          headers: {
            origin: server.env.baseUrl,
            'content-type': 'application/json',
            'content-length': String(declared),
            'x-forwarded-for': nextIp(),
          },
        });
        const timer = setTimeout(() => {
          req.destroy();
          reject(new Error('no answer before the body was complete: the server waited to read it'));
        }, 5000);
        req.on('response', (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (c: string) => (body += c));
          res.on('end', () => {
            clearTimeout(timer);
            req.destroy();
            resolve({ status: res.statusCode ?? 0, body });
          });
        });
        req.on('error', (err) => {
          clearTimeout(timer);
          reject(err);
        });
        req.write('{"pad":"' + 'x'.repeat(64 * 1024));
      });
    }

    it('A21 a 10 MB JSON body is refused with 413 before it is read', async () => {
      for (const path of ['/api/contact', '/api/auth/sign-in/email', '/api/auth/sign-up/email']) {
        const res = await sendDeclaredHuge(path, 10 * 1024 * 1024);
        expect(res.status, path).toBe(413);
        expect(JSON.parse(res.body).error.code).toBe('too_large');
      }
    });

    it('A21 a 10 MB body sent chunked (no Content-Length) is cut off with 413 too', async () => {
      for (const path of ['/api/contact', '/api/auth/sign-in/email']) {
        const { status, sent } = await new Promise<{ status: number; sent: number }>((resolve, reject) => {
          const req = http.request(new URL(path, server.url), {
            method: 'POST',
            agent: false,
            headers: { origin: server.env.baseUrl, 'content-type': 'application/json', 'x-forwarded-for': nextIp() },
          });
          let sent = 0;
          let answered = false;
          req.on('response', (res) => {
            answered = true;
            res.resume();
            res.on('end', () => {
              req.destroy();
              resolve({ status: res.statusCode ?? 0, sent });
            });
          });
          req.on('error', (err) => {
            if (!answered) reject(err);
          });
          const chunk = Buffer.alloc(64 * 1024, 'x');
          req.write('{"email":"a@example.com","pad":"');
          const pump = () => {
            while (!answered && sent < 10 * 1024 * 1024) {
              sent += chunk.length;
              if (!req.write(chunk)) return void req.once('drain', pump);
            }
            if (!answered) req.end('"}');
          };
          pump();
        });
        expect(status, path).toBe(413);
        expect(sent, path).toBeLessThan(10 * 1024 * 1024);
      }
    });

    it('A21 a body just under the limit is parsed (the limit is the documented one)', async () => {
      const res = await server.client({ ip: nextIp() }).request('/api/contact', {
        method: 'POST',
        body: JSON.stringify({ name: 'A', email: 'a@example.com', message: 'x'.repeat(MAX_JSON_BODY_BYTES - 200) }),
        headers: { 'content-type': 'application/json' },
      });
      // Parsed and validated: the message is too long for the schema, not for the body limit.
      expect(res.status).toBe(400);
      expect(res.body.error.fields.message).toBeTruthy();
    });

    it('a NUL character in a contact message is refused with 400, not a database error', async () => {
      const res = await server.client({ ip: nextIp() }).post('/api/contact', {
        name: 'Nul\u0000Name',
        email: 'nul@example.com',
        message: 'A message with a \u0000 inside.',
      });
      expect(res.status).toBe(400);
      expect(Object.keys(res.body.error.fields).sort()).toEqual(['message', 'name']);
    });

    it('A21 10,000-deep nesting is refused with 400 on /api/contact', async () => {
      for (const body of [
        deeplyNested(10_000, 'name'),
        '['.repeat(10_000) + ']'.repeat(10_000),
        '{"a":'.repeat(10_000) + '1' + '}'.repeat(10_000),
      ]) {
        const res = await server.client({ ip: nextIp() }).request('/api/contact', {
          method: 'POST',
          body,
          headers: { 'content-type': 'application/json' },
        });
        expect(res.status).toBe(400);
        expect(res.body.error.code).toBe('invalid');
      }
    });

    it('A21 __proto__ keys are refused with 400 on /api/contact and pollute nothing', async () => {
      const valid = { name: 'Proto', email: 'proto@example.com', message: 'A message long enough.' };
      for (const extra of [
        '"__proto__":{"polluted":"yes"}',
        '"constructor":{"prototype":{"polluted":"yes"}}',
        '"__proto__":null',
      ]) {
        const res = await server.client({ ip: nextIp() }).request('/api/contact', {
          method: 'POST',
          body: `{${extra},${JSON.stringify(valid).slice(1)}`,
          headers: { 'content-type': 'application/json' },
        });
        expect(res.status, extra).toBe(400);
        expect(Object.keys(res.body.error.fields ?? {}).join(' '), extra).toMatch(/_|__proto__|constructor/);
      }
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      const rows = await server.deps.database.db.select().from(contactMessages);
      expect(rows.filter((r) => r.name === 'Proto')).toEqual([]);
    });
  });
});
