import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_SCOPES } from '@draftwell/shared/developers/api-keys';
import type { TProposal } from '@draftwell/shared/workspace/proposals';
import { createApp } from '../src/app';
import { readyDraft, send, sellingDocument, verifyEmail } from './proposal-fixtures';
import { backends, nextIp, signUp, startTestServer, type Client, type TResult, type TTestServer } from './helpers';

/**
 * QUALITY A23 by brute force: every API route, as the app itself lists them (and every endpoint
 * of better-auth, as it lists them), gets malformed values in every field of a body of the right
 * shape, in its path parameters and in its query string, from a user with records of every kind.
 * No answer may be a 5xx, and a refused request (4xx) may not have written anything.
 */

type TFixtures = {
  draftId: string;
  sentId: string;
  token: string;
  revisionHash: string;
  clientId: string;
  itemId: string;
  templateId: string;
  sectionId: string;
  /** An API key with every scope, for the public API's routes (/api/v1). */
  apiKey: string;
};

const HALF_EMOJI = 'half an emoji \uD83D';
const LOW_HALF = '\uDE00 the low half first';
/** Zero-width characters and right-to-left marks and overrides: valid text, if odd. */
const INVISIBLE_AND_RTL = '\u200B\u200C\u200D\uFEFF\u202Eevil\u202C \u200F\u0645\u0631\u062D\u0628\u0627';

/**
 * Malformed values for a field, by the type of the value it should hold: wrong types, null,
 * numbers past any column and negative, broken and invisible text, ids and dates that are not.
 */
function valuesFor(sample: unknown): unknown[] {
  if (typeof sample === 'number') return [null, '1', -1, 0.5, 2 ** 31, -(2 ** 63), 1e308, []];
  if (typeof sample === 'string') {
    return [null, 7, {}, '', HALF_EMOJI, LOW_HALF, INVISIBLE_AND_RTL, 'not-a-uuid', '0000-01-01'];
  }
  if (typeof sample === 'boolean') return [null, 'true', 1];
  if (Array.isArray(sample)) return [null, {}, [null], [HALF_EMOJI]];
  if (sample !== null && typeof sample === 'object') return [null, [], [{}], 'text'];
  return [{}, 'text', 2 ** 31];
}

/** Whole bodies of the wrong kind. */
const BODIES = ['null', '[{}]', '"text"', '1e999', '{"a":"\\ud800"}', '{"\\udfff":1}'];

/** Path parameters that are not what the route expects. */
const PARAMS = ['not-a-uuid', '00000000-0000-0000-0000-000000000000', '-1', '2147483648', '%E2%80%8B', '%ED%A0%80'];

const cursor = (k: string) =>
  Buffer.from(JSON.stringify({ k, id: '00000000-0000-4000-8000-000000000000' })).toString('base64url');

const QUERIES = [
  '?limit=2147483648&after=99999999999999999999',
  '?limit=-1&after=-1',
  `?cursor=${cursor('0000-01-01T00:00:00.000000Z')}`,
  `?cursor=${cursor('\uD800')}&q=%E2%80%8B%E2%80%AE`,
  '?cursor=not*base64&status=sent',
  '?q[]=a&q[]=b&status[]=x&tz=%00',
];

/** A body of the right shape for every route that reads one: the fuzz changes one field at a time. */
function samples(f: TFixtures): Record<string, Record<string, unknown>> {
  const app = appSamples(f);
  // The public API takes the app's bodies (it runs the same services), and one of its own.
  const v1: Record<string, Record<string, unknown>> = {
    'POST /api/v1/proposals': {
      templateId: f.templateId,
      title: 'Fuzzed',
      clientId: f.clientId,
      client: { name: 'Dana', company: 'Co', email: 'dana@example.com', phone: '', address: '' },
      currency: 'EUR',
      validUntil: '2030-01-01',
    },
  };
  for (const route of [
    'PATCH /api/proposals/:id',
    'POST /api/proposals/:id/send',
    'POST /api/proposals/:id/comments',
    'POST /api/clients',
    'PATCH /api/clients/:id',
    'POST /api/saved-items',
    'PATCH /api/saved-items/:id',
    'POST /api/templates',
    'PATCH /api/templates/:id',
    'POST /api/webhooks',
    'PATCH /api/webhooks/:id',
    'POST /api/webhooks/:id/roll-secret',
    'POST /api/webhooks/:id/deliveries/:deliveryId/resend',
    'POST /api/webhooks/:id/test',
  ]) {
    v1[route.replace(' /api/', ' /api/v1/')] = app[route]!;
  }
  return { ...app, ...v1 };
}

function appSamples(f: TFixtures): Record<string, Record<string, unknown>> {
  const document = sellingDocument();
  return {
    'POST /api/contact': { name: 'Ada', email: 'ada@example.com', message: 'A message long enough to send.' },
    'PUT /api/account/app-language': { appLanguage: 'de' },
    'POST /api/proposals': { title: 'Fuzzed', clientId: f.clientId },
    'PATCH /api/proposals/:id': {
      version: 1,
      title: 'Fuzzed',
      clientId: f.clientId,
      client: { name: 'Dana', company: 'Co', email: 'dana@example.com', phone: '', address: '' },
      currency: 'EUR',
      validUntil: '2030-01-01',
      document,
    },
    'POST /api/proposals/:id/send': { version: 1, message: 'Here it is.' },
    'POST /api/proposals/:id/remind': { message: 'A reminder.' },
    'POST /api/proposals/:id/countersign': { name: 'Olivia Owner', consent: true, revisionHash: f.revisionHash },
    'PATCH /api/proposals/:id/signers/:signerId': { name: 'Dana R.', email: 'dana.r@example.com', role: 'CFO' },
    'POST /api/proposals/:id/extend': { validUntil: '2030-01-01' },
    'POST /api/proposals/:id/comments': { body: 'A reply.' },
    'POST /api/clients': { name: 'Ada', company: 'Co', email: 'ada@example.com', phone: '', address: '', notes: '' },
    'PATCH /api/clients/:id': { version: 1, name: 'Ada L.', notes: 'Notes' },
    'POST /api/saved-items': { description: 'Day', unit: 'day', unitPrice: 80000, currency: 'EUR', taxRate: 2000 },
    'PATCH /api/saved-items/:id': { version: 1, unitPrice: 90000, taxRate: 100 },
    'PUT /api/follow-up/defaults': {
      reminders: true,
      firstAfterDays: 3,
      everyDays: 4,
      maxReminders: 5,
      expiryWarnings: true,
      timeZone: 'Europe/Berlin',
      version: 0,
    },
    'PUT /api/follow-up/proposals/:id': {
      reminders: true,
      firstAfterDays: 2,
      everyDays: 3,
      maxReminders: 4,
      expiryWarnings: false,
      version: 0,
    },
    'POST /api/follow-up/stop/:token': {},
    'POST /api/api-keys': { name: 'CI', scopes: ['proposals:read'], expiresOn: null },
    // This machine, where nothing listens on port 9 (the server allows loopback here): the
    // deliveries it gets leave nothing and fail at once.
    'POST /api/webhooks': { url: 'https://127.0.0.1:9/draftwell', description: 'CRM', events: ['proposal.sent'] },
    'PATCH /api/webhooks/:id': { description: 'CRM sync', events: ['proposal.accepted'], enabled: true },
    'POST /api/webhooks/:id/roll-secret': {},
    'POST /api/webhooks/:id/deliveries/:deliveryId/resend': {},
    'POST /api/webhooks/:id/test': {},
    'POST /api/saved-sections': { name: 'About us', category: 'About', content: document },
    'PATCH /api/saved-sections/:id': { version: 1, name: 'About us, short', category: 'Intro', content: document },
    'POST /api/templates': { name: 'Mine', description: 'Desc', category: 'Cat', document },
    'PATCH /api/templates/:id': { version: 1, name: 'Mine too', document },
    'POST /api/templates/from-proposal/:proposalId': { name: 'From a proposal' },
    'PUT /api/profile': {
      version: 0,
      displayName: 'Ada',
      company: 'Co',
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
    'POST /api/drafts': {
      client: { source: 'saved', clientId: f.clientId },
      need: 'A new website',
      deliverables: ['Design', 'Build'],
      budget: null,
      deadline: '2030-01-01',
      tone: 'friendly',
    },
    'POST /api/drafts/stream': {
      client: { source: 'new', name: 'Ada', company: '', email: 'ada@example.com' },
      need: 'A new website',
      deliverables: ['Design'],
      tone: 'formal',
    },
    'POST /api/drafts/rewrite': { block: document.blocks[0], action: 'shorten', tone: 'formal', language: 'French' },
    'POST /api/share/:token/views/:viewId': { seconds: 42 },
    'POST /api/share/:token/comments': { name: 'Dana Reyes', body: 'A question.' },
    'POST /api/share/:token/accept': {
      name: 'Dana Reyes',
      email: 'dana@example.com',
      consent: true,
      revisionHash: f.revisionHash,
      selection: {},
    },
    'POST /api/share/:token/decline': { reason: 'Not now.' },
    'POST /api/verify': { hash: 'a'.repeat(64) },
    'POST /api/billing/checkout': { plan: 'pro', interval: 'monthly' },
    'POST /api/admin/set-plan': { email: 'ada@example.com', plan: 'pro' },
    'PUT /api/payments/key': { key: 'rk_test_51FuzzKeyAbCdEf' },
    'POST /api/proposals/:id/payment/mark-paid': { note: 'Bank transfer.' },
    // better-auth's endpoints that take a body (the others get the whole-body cases only).
    'POST /api/auth/sign-up/email': { name: 'A', email: 'fuzz-new@example.com', password: 'velvet-otter-harbour-19' },
    'POST /api/auth/sign-in/email': { email: 'fuzz@example.com', password: 'wrong-password-1' },
    'POST /api/auth/update-user': { name: 'New Name' },
    'POST /api/auth/change-password': { currentPassword: 'wrong-password-1', newPassword: 'granite-lantern-meadow-42' },
    'POST /api/auth/delete-user': { password: 'wrong-password-1' },
    'POST /api/auth/request-password-reset': { email: 'fuzz@example.com', redirectTo: '/reset-password' },
    'POST /api/auth/reset-password': { newPassword: 'granite-lantern-meadow-42', token: 'not-a-token' },
    'POST /api/auth/change-email': { newEmail: 'other@example.com' },
    'POST /api/auth/send-verification-email': { email: 'fuzz@example.com' },
  };
}

/** Every leaf (and every object on the way) of a sample, as a path of keys; capped per route. */
function paths(value: unknown, prefix: (string | number)[] = [], out: (string | number)[][] = []) {
  if (prefix.length > 0) out.push(prefix);
  if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) paths(v, [...prefix, Array.isArray(value) ? Number(k) : k], out);
  }
  return out;
}

/** Up to `max` paths: every top-level field, then deeper ones spread evenly over the document. */
function pick(all: (string | number)[][], max: number) {
  const top = all.filter((p) => p.length === 1);
  const deep = all.filter((p) => p.length > 1);
  const step = Math.max(1, Math.ceil(deep.length / Math.max(1, max - top.length)));
  return [...top, ...deep.filter((_, i) => i % step === 0)].slice(0, max);
}

function withValue(sample: unknown, path: (string | number)[], value: unknown): unknown {
  const copy = structuredClone(sample) as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[path.at(-1)!] = value;
  return copy;
}

describe.each(backends())('A23 fuzz: malformed values on every route (%s)', (backend) => {
  let server: TTestServer;
  let owner: Client;
  let f: TFixtures;
  /** Tables whose rows any request may touch: counters, sessions and the mail worker's queue. */
  const UNWATCHED = new Set(['rate_limits', 'app_rate_limits', 'sessions', 'mail_outbox']);
  let snapshotQuery: ReturnType<typeof sql.raw>;
  /** What went wrong, all of it, so that one run shows every route's failures. */
  const problems: string[] = [];

  // Sign-ups, sends and their mail: longer than the default hook timeout on a loaded machine.
  beforeAll(async () => {
    server = await startTestServer({
      backend,
      env: { RATE_LIMIT: 'off', DEFAULT_PLAN: 'business', TRUST_PROXY: 'true', WEBHOOKS_ALLOW_HTTP_LOOPBACK: '1' },
    });
    const signedUp = await signUp(server, { name: 'Fuzz Owner' });
    owner = signedUp.client;
    await verifyEmail(server, signedUp.user.id);
    const client = await owner.post('/api/clients', { name: 'Ada', email: 'ada@example.com' });
    const item = await owner.post('/api/saved-items', { description: 'Day', unitPrice: 80000, currency: 'EUR' });
    const template = await owner.post('/api/templates', { name: 'Mine', document: sellingDocument() });
    const section = await owner.post('/api/saved-sections', {
      name: 'About us',
      category: 'About',
      content: sellingDocument(),
    });
    const draft = await readyDraft(owner);
    const toSend = await readyDraft(owner);
    const sent = await send(owner, toSend);
    expect([client.status, item.status, template.status, section.status, sent.status]).toEqual([
      201, 201, 201, 201, 200,
    ]);
    const link = await owner.get(`/api/proposals/${toSend.id}/share-link`);
    const token = new URL(link.body.url as string).pathname.split('/').pop()!;
    const shared = await server.client({ ip: nextIp() }).get(`/api/share/${token}`);
    await owner.post(`/api/proposals/${toSend.id}/comments`, { body: 'A first reply.' });
    f = {
      draftId: draft.id,
      sentId: (sent.body as TProposal).id,
      token,
      revisionHash: shared.body.revision.hash as string,
      clientId: client.body.id,
      itemId: item.body.id,
      templateId: template.body.id,
      sectionId: section.body.id,
      apiKey: '',
    };
    const apiKey = await owner.post('/api/api-keys', { name: 'Fuzz', scopes: [...API_KEY_SCOPES] });
    expect(apiKey.status, apiKey.text).toBe(201);
    f.apiKey = apiKey.body.key as string;
    // Its time of use is noted at most once a minute: put it ahead, so no refused request writes it.
    await server.deps.database.db.execute(
      sql`update api_keys set last_used_at = now() + interval '1 day' where id = ${apiKey.body.apiKey.id}`,
    );
    const tables = (await server.deps.database.db.execute(
      sql`select table_name as t from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    )) as unknown as { rows: Array<{ t: string }> };
    // Row count and the sum of the rows' transaction ids: any insert, update or delete moves one.
    snapshotQuery = sql.raw(
      tables.rows
        .filter(({ t }) => !UNWATCHED.has(t) && !t.startsWith('__'))
        .map(
          ({ t }) =>
            `select '${t}' as t, count(*)::text || ':' || coalesce(sum(xmin::text::bigint), 0)::text as v from "${t}"`,
        )
        .join(' union all '),
    );
  }, 180_000);
  afterAll(() => server.close());

  /**
   * The next transaction id PostgreSQL will hand out: it moves only when something was written,
   * so the table-by-table snapshot is taken only then (it is the slow part of a check).
   */
  async function nextXid(): Promise<string> {
    const result = (await server.deps.database.db.execute(
      sql`select pg_snapshot_xmax(pg_current_snapshot())::text as x`,
    )) as unknown as { rows: Array<{ x: string }> };
    return result.rows[0]!.x;
  }
  let known: { xid: string; tables: Record<string, string> } | null = null;
  async function tablesNow(): Promise<{ xid: string; tables: Record<string, string> }> {
    const xid = await nextXid();
    if (known?.xid !== xid) known = { xid, tables: await snapshot() };
    return known;
  }

  async function snapshot(): Promise<Record<string, string>> {
    const result = (await server.deps.database.db.execute(snapshotQuery)) as unknown as {
      rows: Array<{ t: string; v: string }>;
    };
    return Object.fromEntries(result.rows.map((r) => [r.t, r.v]));
  }

  /** Sends one request and checks: no 5xx; when refused, nothing written. */
  async function check(client: Client, what: string, path: string, init: { method: string; body?: string }) {
    const before = await tablesNow();
    // The public API is called with a key (its answers without one are the same 401 each time).
    const key: Record<string, string> = path.startsWith('/api/v1/') ? { authorization: `Bearer ${f.apiKey}` } : {};
    const res: TResult = await client.from(nextIp()).request(path, {
      method: init.method,
      ...(init.body === undefined
        ? { headers: key }
        : { body: init.body, headers: { 'content-type': 'application/json', ...key } }),
    });
    // The one 5xx that is an answer, not a fault: this server has no AI model to rewrite with.
    const noModel = res.status === 503 && res.body?.error?.details?.reason === 'not_configured';
    if (res.status >= 500 && !noModel) problems.push(`${what}: ${res.status} ${res.text.slice(0, 200)}`);
    else if (res.status >= 400) {
      const after = await tablesNow();
      const changed = Object.keys(after.tables).filter((t) => after.tables[t] !== before.tables[t]);
      if (changed.length > 0) problems.push(`${what}: ${res.status} but wrote to ${changed.join(', ')}`);
    }
    return res;
  }

  function realPath(route: string): string {
    // The public API's paths are the app's under /api/v1: the same records.
    if (route.startsWith('/api/v1/'))
      return `/api/v1${appPath(`/api${route.slice('/api/v1'.length)}`).slice('/api'.length)}`;
    return appPath(route);
  }

  function appPath(route: string): string {
    return route
      .replace(':proposalId', f.draftId)
      .replace(
        /^(\/api\/proposals\/):id(?=\/(send|remind|withdraw|extend|comments|events|revisions|acceptance|share-link|signers|countersign))/,
        `$1${f.sentId}`,
      )
      .replace(/^\/api\/proposals\/:id/, `/api/proposals/${f.draftId}`)
      .replace(/^\/api\/clients\/:id/, `/api/clients/${f.clientId}`)
      .replace(/^\/api\/saved-items\/:id/, `/api/saved-items/${f.itemId}`)
      .replace(/^\/api\/templates\/:id/, `/api/templates/${f.templateId}`)
      .replace(/^\/api\/saved-sections\/:id/, `/api/saved-sections/${f.sectionId}`)
      .replace(':token', f.token)
      .replace(':number', '1')
      .replace(/:[A-Za-z]+/g, '00000000-0000-4000-8000-000000000000');
  }

  /** The app's own routes (so a new one is fuzzed without a change here), and better-auth's. */
  function routes(): Array<{ method: string; path: string }> {
    const { app } = createApp(server.deps);
    const own = app.routes
      .filter((r) => r.path.startsWith('/api/') && !r.path.includes('*') && r.method !== 'ALL')
      .map((r) => ({ method: r.method, path: r.path }));
    const auth = Object.values(
      server.deps.auth.api as Record<string, { path?: string; options?: { method?: unknown } }>,
    )
      .filter((e) => typeof e.path === 'string' && e.options?.method)
      .flatMap((e) => [e.options!.method].flat().map((m) => ({ method: String(m), path: `/api/auth${e.path}` })))
      .filter((r) => r.method === 'GET' || r.method === 'POST');
    const seen = new Set<string>();
    return [...own, ...auth].filter((r) => !seen.has(`${r.method} ${r.path}`) && !!seen.add(`${r.method} ${r.path}`));
  }

  it('every route that takes a body has a sample body here', () => {
    const bodyRoutes = routes().filter(
      (r) =>
        ['POST', 'PUT', 'PATCH'].includes(r.method) &&
        !r.path.startsWith('/api/auth/') &&
        // No JSON body: uploads and Stripe's webhook (multipart and a signed payload), and the
        // actions whose only input is the path.
        !/\/(files|logo|webhook|portal|duplicate|restore|withdraw|use|views|revoke|reissue|code|seal|examples|connect|pay|refresh)$|\/webhook\/:connectionId$/.test(
          r.path,
        ),
    );
    const known = samples(f);
    expect(bodyRoutes.filter((r) => !(`${r.method} ${r.path}` in known)).map((r) => `${r.method} ${r.path}`)).toEqual(
      [],
    );
    expect(routes().length).toBeGreaterThan(60);
  });

  it('no 5xx and no partial write for malformed fields, bodies, path parameters and queries', async () => {
    const known = samples(f);
    // Destructive routes (sign-out, deleting records) last, so that the rest run against real records.
    const all = routes().sort(
      (a, b) =>
        Number(a.method === 'DELETE' || /sign-out|revoke|delete/.test(a.path)) -
        Number(b.method === 'DELETE' || /sign-out|revoke|delete/.test(b.path)),
    );
    let requests = 0;
    let authUser: Client | undefined;
    for (const route of all) {
      const key = `${route.method} ${route.path}`;
      const path = realPath(route.path);
      // better-auth's routes act on the session they are given: they get a user of their own,
      // a new one whenever a route ended its session.
      if (route.path.startsWith('/api/auth/') && !(authUser && (await authUser.session()))) {
        authUser = (await signUp(server)).client;
      }
      const client = route.path.startsWith('/api/auth/') ? authUser! : owner;
      if (route.method === 'GET') {
        // A PDF route reads no query, and each of its answers is a rendering: one is enough.
        for (const q of ['', ...(path.endsWith('/pdf') ? [] : QUERIES)]) {
          await check(client, `${key}${q}`, `${path}${q}`, { method: 'GET' });
          requests += 1;
        }
      } else if (route.method !== 'DELETE') {
        for (const body of BODIES) {
          await check(client, `${key} body ${body}`, path, { method: route.method, body });
          requests += 1;
        }
        const sample = known[key];
        if (sample) {
          for (const at of pick(paths(sample), 8)) {
            for (const value of valuesFor(
              at.reduce<unknown>((node, k) => (node as Record<string, unknown>)[k], sample),
            )) {
              const what = `${key} ${at.join('.')}=${JSON.stringify(value).slice(0, 40)}`;
              await check(client, what, path, {
                method: route.method,
                body: JSON.stringify(withValue(sample, at, value)),
              });
              requests += 1;
            }
          }
        }
      }
      const params = route.path.match(/:[A-Za-z]+/g) ?? [];
      for (const param of params) {
        for (const bad of PARAMS) {
          const fuzzed = realPath(route.path.replace(param, bad));
          const body =
            route.method === 'GET' || route.method === 'DELETE' ? undefined : JSON.stringify(known[key] ?? {});
          await check(client, `${key} ${param}=${bad.slice(0, 40)}`, fuzzed, { method: route.method, body });
          requests += 1;
        }
      }
    }
    expect(problems).toEqual([]);
    expect(requests).toBeGreaterThan(1000);
  }, 600_000);
});
