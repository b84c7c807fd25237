import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_SCOPES, type TApiKeyScope } from '@draftwell/shared/developers/api-keys';
import type { TProposal } from '@draftwell/shared/workspace/proposals';
import { mountedRoutes, OPENAPI_PATH } from '../src/modules/public-api/openapi';
import { v1Routes } from '../src/modules/public-api/v1.routes';
import { backends, countRows, nextIp, startTestServer, type TBackend, type TResult, type TTestServer } from './helpers';
import { readyDraft, sellingDocument } from './proposal-fixtures';
import {
  acceptedAndSealed,
  deadKeys,
  makeKey,
  sentProposal,
  verifiedOwner,
  withKey,
  type TOwner,
} from './public-api-support';

/**
 * Every route of /api/v1 (issue 17), under key auth: it works with its scope, answers 404 for
 * another owner's id (A1), 401 for a revoked or an expired key, and 403 for a key without its
 * scope. The list of cases is checked against the mounted router: a new route needs a case here.
 */

type TRecords = {
  proposal: string;
  sent: string;
  accepted: string;
  client: string;
  savedItem: string;
  template: string;
  webhook: string;
  delivery: string;
};
type TCase = {
  scope: TApiKeyScope;
  status: number;
  /** A fresh request for the owner (records made for it when it changes them). */
  prepare: (mine: TOwner) => Promise<{ path: string; json?: unknown }>;
  /** The same request on the other owner's record (routes with an id). */
  foreign?: (theirs: TRecords) => { path: string; json?: unknown };
  /** More to check of a success. */
  check?: (res: TResult) => void;
};

const isPdf = (res: TResult) => {
  expect(res.headers.get('content-type')).toBe('application/pdf');
  expect(Buffer.from(res.bytes.subarray(0, 5)).toString()).toBe('%PDF-');
};

const v1 = (path: string) => `/api/v1${path}`;

async function ownDraft(owner: TOwner): Promise<TProposal> {
  const res = await owner.client.post('/api/proposals', { title: 'A draft' });
  expect(res.status, res.text).toBe(201);
  return res.body as TProposal;
}
async function ownClient(owner: TOwner) {
  return (await owner.client.post('/api/clients', { name: 'Dana Reyes', email: 'dana@example.com' })).body as {
    id: string;
  };
}
async function ownSavedItem(owner: TOwner) {
  return (await owner.client.post('/api/saved-items', { description: 'Workshop', unitPrice: 90_000, currency: 'USD' }))
    .body as { id: string };
}
async function ownTemplate(owner: TOwner) {
  const res = await owner.client.post('/api/templates', { name: 'Web project', document: sellingDocument() });
  expect(res.status, res.text).toBe(201);
  return res.body as { id: string };
}

/**
 * A webhook endpoint and a test delivery to it. Its address is this machine's (allowed here by
 * WEBHOOKS_ALLOW_HTTP_LOOPBACK) and nothing listens on port 9: nothing leaves the machine, and
 * the delivery fails at once.
 */
const HOOK_URL = 'https://127.0.0.1:9/hooks/draftwell';
async function ownWebhook(owner: TOwner) {
  const res = await owner.client.post('/api/webhooks', { url: HOOK_URL, events: ['proposal.sent'] });
  expect(res.status, res.text).toBe(201);
  return (res.body as { endpoint: { id: string } }).endpoint;
}
async function ownDelivery(owner: TOwner, webhook: string) {
  const res = await owner.client.post(`/api/webhooks/${webhook}/test`);
  expect(res.status, res.text).toBe(201);
  return res.body as { id: string };
}

/** Made once per suite for the routes that only read. */
let mineRecords: TRecords;

const CASES: Record<string, TCase> = {
  'GET /proposals': {
    scope: 'proposals:read',
    status: 200,
    prepare: async () => ({ path: v1('/proposals?status=draft&limit=5') }),
    check: (res) => expect(res.body.items.length).toBeGreaterThan(0),
  },
  'POST /proposals': {
    scope: 'proposals:write',
    status: 201,
    prepare: async () => ({ path: v1('/proposals'), json: { title: 'Made through the API' } }),
    check: (res) => expect(res.body).toMatchObject({ title: 'Made through the API', status: 'draft', version: 1 }),
  },
  'GET /proposals/:id': {
    scope: 'proposals:read',
    status: 200,
    prepare: async () => ({ path: v1(`/proposals/${mineRecords.proposal}`) }),
    foreign: (t) => ({ path: v1(`/proposals/${t.proposal}`) }),
  },
  'PATCH /proposals/:id': {
    scope: 'proposals:write',
    status: 200,
    prepare: async (me) => ({
      path: v1(`/proposals/${(await ownDraft(me)).id}`),
      json: { version: 1, title: 'Renamed' },
    }),
    foreign: (t) => ({ path: v1(`/proposals/${t.proposal}`), json: { version: 1, title: 'Renamed' } }),
    check: (res) => expect(res.body).toMatchObject({ title: 'Renamed', version: 2 }),
  },
  'DELETE /proposals/:id': {
    scope: 'proposals:write',
    status: 204,
    prepare: async (me) => ({ path: v1(`/proposals/${(await ownDraft(me)).id}`) }),
    foreign: (t) => ({ path: v1(`/proposals/${t.proposal}`) }),
  },
  'POST /proposals/:id/send': {
    scope: 'proposals:write',
    status: 200,
    prepare: async (me) => {
      const draft = await readyDraft(me.client);
      return { path: v1(`/proposals/${draft.id}/send`), json: { version: draft.version, message: 'Hello' } };
    },
    foreign: (t) => ({ path: v1(`/proposals/${t.proposal}/send`), json: { version: 1 } }),
    check: (res) => expect(res.body.status).toBe('sent'),
  },
  'POST /proposals/:id/withdraw': {
    scope: 'proposals:write',
    status: 200,
    prepare: async (me) => ({ path: v1(`/proposals/${(await sentProposal(me.client)).id}/withdraw`) }),
    foreign: (t) => ({ path: v1(`/proposals/${t.sent}/withdraw`) }),
    check: (res) => expect(res.body.status).toBe('draft'),
  },
  'POST /proposals/:id/duplicate': {
    scope: 'proposals:write',
    status: 201,
    prepare: async () => ({ path: v1(`/proposals/${mineRecords.proposal}/duplicate`) }),
    foreign: (t) => ({ path: v1(`/proposals/${t.proposal}/duplicate`) }),
  },
  'GET /proposals/:id/pdf': {
    scope: 'proposals:read',
    status: 200,
    prepare: async () => ({ path: v1(`/proposals/${mineRecords.sent}/pdf`) }),
    foreign: (t) => ({ path: v1(`/proposals/${t.sent}/pdf`) }),
    check: isPdf,
  },
  'GET /proposals/:id/sealed-pdf': {
    scope: 'proposals:read',
    status: 200,
    prepare: async () => ({ path: v1(`/proposals/${mineRecords.accepted}/sealed-pdf`) }),
    foreign: (t) => ({ path: v1(`/proposals/${t.accepted}/sealed-pdf`) }),
    check: isPdf,
  },
  'GET /proposals/:id/events': {
    scope: 'proposals:read',
    status: 200,
    prepare: async () => ({ path: v1(`/proposals/${mineRecords.sent}/events`) }),
    foreign: (t) => ({ path: v1(`/proposals/${t.sent}/events`) }),
    check: (res) => expect((res.body.items as { type: string }[]).map((e) => e.type)).toContain('sent'),
  },
  'GET /proposals/:id/comments': {
    scope: 'proposals:read',
    status: 200,
    prepare: async () => ({ path: v1(`/proposals/${mineRecords.sent}/comments`) }),
    foreign: (t) => ({ path: v1(`/proposals/${t.sent}/comments`) }),
  },
  'POST /proposals/:id/comments': {
    scope: 'proposals:write',
    status: 201,
    prepare: async () => ({ path: v1(`/proposals/${mineRecords.sent}/comments`), json: { body: 'March works.' } }),
    foreign: (t) => ({ path: v1(`/proposals/${t.sent}/comments`), json: { body: 'March works.' } }),
    check: (res) => expect(res.body).toMatchObject({ author: 'owner', body: 'March works.' }),
  },
  'GET /clients': { scope: 'clients:read', status: 200, prepare: async () => ({ path: v1('/clients?q=dana') }) },
  'POST /clients': {
    scope: 'clients:write',
    status: 201,
    prepare: async () => ({ path: v1('/clients'), json: { name: 'Acme', email: 'hello@acme.example' } }),
  },
  'GET /clients/:id': {
    scope: 'clients:read',
    status: 200,
    prepare: async () => ({ path: v1(`/clients/${mineRecords.client}`) }),
    foreign: (t) => ({ path: v1(`/clients/${t.client}`) }),
  },
  'PATCH /clients/:id': {
    scope: 'clients:write',
    status: 200,
    prepare: async (me) => ({ path: v1(`/clients/${(await ownClient(me)).id}`), json: { version: 1, phone: '555' } }),
    foreign: (t) => ({ path: v1(`/clients/${t.client}`), json: { version: 1, phone: '555' } }),
  },
  'DELETE /clients/:id': {
    scope: 'clients:write',
    status: 204,
    prepare: async (me) => ({ path: v1(`/clients/${(await ownClient(me)).id}`) }),
    foreign: (t) => ({ path: v1(`/clients/${t.client}`) }),
  },
  'GET /saved-items': { scope: 'templates:read', status: 200, prepare: async () => ({ path: v1('/saved-items') }) },
  'POST /saved-items': {
    scope: 'templates:write',
    status: 201,
    prepare: async () => ({
      path: v1('/saved-items'),
      json: { description: 'Hosting', unitPrice: 2_000, currency: 'EUR', billing: 'monthly' },
    }),
  },
  'GET /saved-items/:id': {
    scope: 'templates:read',
    status: 200,
    prepare: async () => ({ path: v1(`/saved-items/${mineRecords.savedItem}`) }),
    foreign: (t) => ({ path: v1(`/saved-items/${t.savedItem}`) }),
  },
  'PATCH /saved-items/:id': {
    scope: 'templates:write',
    status: 200,
    prepare: async (me) => ({
      path: v1(`/saved-items/${(await ownSavedItem(me)).id}`),
      json: { version: 1, unitPrice: 95_000 },
    }),
    foreign: (t) => ({ path: v1(`/saved-items/${t.savedItem}`), json: { version: 1, unitPrice: 95_000 } }),
  },
  'DELETE /saved-items/:id': {
    scope: 'templates:write',
    status: 204,
    prepare: async (me) => ({ path: v1(`/saved-items/${(await ownSavedItem(me)).id}`) }),
    foreign: (t) => ({ path: v1(`/saved-items/${t.savedItem}`) }),
  },
  'GET /templates': {
    scope: 'templates:read',
    status: 200,
    prepare: async () => ({ path: v1('/templates') }),
    check: (res) => expect(res.body.starters.length).toBeGreaterThan(0),
  },
  'POST /templates': {
    scope: 'templates:write',
    status: 201,
    prepare: async () => ({ path: v1('/templates'), json: { name: 'From the API', document: sellingDocument() } }),
  },
  'GET /templates/:id': {
    scope: 'templates:read',
    status: 200,
    prepare: async () => ({ path: v1(`/templates/${mineRecords.template}`) }),
    foreign: (t) => ({ path: v1(`/templates/${t.template}`) }),
  },
  'PATCH /templates/:id': {
    scope: 'templates:write',
    status: 200,
    prepare: async (me) => ({
      path: v1(`/templates/${(await ownTemplate(me)).id}`),
      json: { version: 1, description: 'Changed' },
    }),
    foreign: (t) => ({ path: v1(`/templates/${t.template}`), json: { version: 1, description: 'Changed' } }),
  },
  'DELETE /templates/:id': {
    scope: 'templates:write',
    status: 204,
    prepare: async (me) => ({ path: v1(`/templates/${(await ownTemplate(me)).id}`) }),
    foreign: (t) => ({ path: v1(`/templates/${t.template}`) }),
  },
  'POST /templates/:id/duplicate': {
    scope: 'templates:write',
    status: 201,
    prepare: async () => ({ path: v1(`/templates/${mineRecords.template}/duplicate`) }),
    foreign: (t) => ({ path: v1(`/templates/${t.template}/duplicate`) }),
  },
  'GET /webhooks': {
    scope: 'webhooks:read',
    status: 200,
    prepare: async () => ({ path: v1('/webhooks') }),
    check: (res) => expect(res.body.items.map((e: { id: string }) => e.id)).toContain(mineRecords.webhook),
  },
  'POST /webhooks': {
    scope: 'webhooks:write',
    status: 201,
    prepare: async () => ({ path: v1('/webhooks'), json: { url: HOOK_URL, events: ['proposal.accepted'] } }),
    check: (res) => expect(res.body.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/),
  },
  'GET /webhooks/:id': {
    scope: 'webhooks:read',
    status: 200,
    prepare: async () => ({ path: v1(`/webhooks/${mineRecords.webhook}`) }),
    foreign: (t) => ({ path: v1(`/webhooks/${t.webhook}`) }),
    check: (res) => expect(res.body).not.toHaveProperty('secret'),
  },
  'PATCH /webhooks/:id': {
    scope: 'webhooks:write',
    status: 200,
    prepare: async (me) => ({ path: v1(`/webhooks/${(await ownWebhook(me)).id}`), json: { description: 'CRM' } }),
    foreign: (t) => ({ path: v1(`/webhooks/${t.webhook}`), json: { description: 'CRM' } }),
    check: (res) => expect(res.body.description).toBe('CRM'),
  },
  'DELETE /webhooks/:id': {
    scope: 'webhooks:write',
    status: 204,
    prepare: async (me) => ({ path: v1(`/webhooks/${(await ownWebhook(me)).id}`) }),
    foreign: (t) => ({ path: v1(`/webhooks/${t.webhook}`) }),
  },
  'POST /webhooks/:id/roll-secret': {
    scope: 'webhooks:write',
    status: 200,
    prepare: async (me) => ({ path: v1(`/webhooks/${(await ownWebhook(me)).id}/roll-secret`) }),
    foreign: (t) => ({ path: v1(`/webhooks/${t.webhook}/roll-secret`) }),
    check: (res) => expect(res.body.secret).toMatch(/^whsec_/),
  },
  'GET /webhooks/:id/deliveries': {
    scope: 'webhooks:read',
    status: 200,
    prepare: async () => ({ path: v1(`/webhooks/${mineRecords.webhook}/deliveries?limit=5`) }),
    foreign: (t) => ({ path: v1(`/webhooks/${t.webhook}/deliveries`) }),
    check: (res) => expect(res.body.items.length).toBeGreaterThan(0),
  },
  'POST /webhooks/:id/deliveries/:deliveryId/resend': {
    scope: 'webhooks:write',
    status: 201,
    prepare: async () => ({ path: v1(`/webhooks/${mineRecords.webhook}/deliveries/${mineRecords.delivery}/resend`) }),
    foreign: (t) => ({ path: v1(`/webhooks/${t.webhook}/deliveries/${t.delivery}/resend`) }),
  },
  'POST /webhooks/:id/test': {
    scope: 'webhooks:write',
    status: 201,
    prepare: async () => ({ path: v1(`/webhooks/${mineRecords.webhook}/test`) }),
    foreign: (t) => ({ path: v1(`/webhooks/${t.webhook}/test`) }),
    check: (res) => expect(res.body.eventType).toBe('webhook.test'),
  },
};

const methodOf = (name: string) => name.split(' ')[0]!;

describe.each(backends())('A25: the public API, route by route (%s)', (backend: TBackend) => {
  let server: TTestServer;
  let me: TOwner;
  let them: TOwner;
  let theirs: TRecords;
  const only = {} as Record<TApiKeyScope, string>;
  const allBut = {} as Record<TApiKeyScope, string>;
  let dead: { revoked: string; expired: string };

  const records = async (owner: TOwner): Promise<TRecords> => {
    const webhook = (await ownWebhook(owner)).id;
    return {
      proposal: (await ownDraft(owner)).id,
      sent: (await sentProposal(owner.client)).id,
      accepted: (await acceptedAndSealed(server, owner.client)).id,
      client: (await ownClient(owner)).id,
      savedItem: (await ownSavedItem(owner)).id,
      template: (await ownTemplate(owner)).id,
      webhook,
      delivery: (await ownDelivery(owner, webhook)).id,
    };
  };

  beforeAll(async () => {
    server = await startTestServer({
      backend,
      env: { TRUST_PROXY: 'true', DEFAULT_PLAN: 'pro', WEBHOOKS_ALLOW_HTTP_LOOPBACK: '1' },
    });
    me = await verifiedOwner(server, 'Olivia Owner');
    them = await verifiedOwner(server, 'Mallory Other');
    mineRecords = await records(me);
    theirs = await records(them);
    for (const scope of API_KEY_SCOPES) {
      only[scope] = (await makeKey(me.client, [scope], `only ${scope}`)).key;
      allBut[scope] = (
        await makeKey(
          me.client,
          API_KEY_SCOPES.filter((s) => s !== scope),
          `all but ${scope}`,
        )
      ).key;
    }
    dead = await deadKeys(server, me.client, API_KEY_SCOPES);
  });
  afterAll(async () => {
    await server.close();
  });

  it('has a case for every mounted route, and a route for every case', () => {
    const mounted = mountedRoutes(v1Routes.routes)
      .filter((r) => r.path !== OPENAPI_PATH)
      .map((r) => `${r.method} ${r.path}`);
    expect(mounted.sort()).toEqual(Object.keys(CASES).sort());
  });

  it.each(Object.entries(CASES))('%s: works with its scope alone', async (name, c) => {
    const { path, json } = await c.prepare(me);
    const res = await withKey(server, only[c.scope], path, { method: methodOf(name), json });
    expect(res.status, res.text).toBe(c.status);
    expect(res.headers.get('ratelimit-remaining')).not.toBeNull();
    c.check?.(res);
  });

  it.each(Object.entries(CASES))('%s: 403 for a key with every scope but its own', async (name, c) => {
    const { path, json } = await c.prepare(me);
    const res = await withKey(server, allBut[c.scope], path, { method: methodOf(name), json });
    expect(res.status, res.text).toBe(403);
    expect(res.body.error.message).toContain(`"${c.scope}"`);
  });

  it.each(Object.entries(CASES))('%s: 401 for a revoked and for an expired key', async (name, c) => {
    const { path, json } = await c.prepare(me);
    for (const key of [dead.revoked, dead.expired]) {
      const res = await withKey(server, key, path, { method: methodOf(name), json });
      expect(res.status, res.text).toBe(401);
      expect(res.headers.get('www-authenticate')).toBe('Bearer realm="Draftwell API"');
    }
  });

  const withIds = Object.entries(CASES).filter(([, c]) => c.foreign);
  it.each(withIds)('%s: 404 for another owner’s id, which stays as it was (A1)', async (name, c) => {
    const before = await countRows(server, 'proposals');
    const { path, json } = c.foreign!(theirs);
    const res = await withKey(server, only[c.scope], path, { method: methodOf(name), json });
    expect(res.status, res.text).toBe(404);
    expect(res.body.error.code).toBe('not_found');
    expect(await countRows(server, 'proposals')).toBe(before);
  });

  it('the other owner’s records are untouched by all of that', async () => {
    expect((await them.client.get(`/api/proposals/${theirs.proposal}`)).body).toMatchObject({ version: 1 });
    expect((await them.client.get(`/api/proposals/${theirs.sent}`)).body).toMatchObject({ status: 'sent' });
    expect((await them.client.get(`/api/clients/${theirs.client}`)).body).toMatchObject({ version: 1 });
    expect((await them.client.get(`/api/saved-items/${theirs.savedItem}`)).body).toMatchObject({ version: 1 });
    expect((await them.client.get(`/api/templates/${theirs.template}`)).body).toMatchObject({ version: 1 });
  });

  it('creating from another owner’s template or client is a 404, and nothing is made', async () => {
    const key = only['proposals:write'];
    const before = await countRows(server, 'proposals');
    for (const json of [{ templateId: theirs.template }, { clientId: theirs.client }, { templateId: 'starter-nope' }]) {
      const res = await withKey(server, key, v1('/proposals'), { method: 'POST', json });
      expect(res.status, JSON.stringify(json)).toBe(404);
    }
    expect(await countRows(server, 'proposals')).toBe(before);
  });

  it('answers with the app’s validation, error shape and 409/423 rules', async () => {
    const key = only['proposals:write'];
    const bad = await withKey(server, key, v1('/proposals'), { method: 'POST', json: { title: '', ownerId: 'x' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({ code: 'invalid', fields: { title: 'Enter a title.' } });
    expect(bad.body.error.fields._).toMatch(/Unknown field: ownerId/);
    expect(bad.body.error.requestId).toBeTruthy();
    const badQuery = await withKey(server, only['proposals:read'], v1('/proposals?limit=1000'));
    expect(badQuery.status).toBe(400);
    const draft = await ownDraft(me);
    const stale = await withKey(server, key, v1(`/proposals/${draft.id}`), {
      method: 'PATCH',
      json: { version: 7, title: 'Stale' },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.error.current).toMatchObject({ id: draft.id, version: 1 });
    const locked = await withKey(server, key, v1(`/proposals/${mineRecords.accepted}`), {
      method: 'PATCH',
      json: { version: 99, title: 'Too late' },
    });
    expect(locked.status).toBe(423);
    const notAnId = await withKey(server, only['proposals:read'], v1('/proposals/not-an-id'));
    expect(notAnId.status).toBe(404);
    const unknown = await withKey(server, only['proposals:read'], v1('/nothing-here'));
    expect(unknown.status).toBe(404);
  });

  it('keys open nothing outside /api/v1: not sign-in, billing, keys or account deletion', async () => {
    const all = await makeKey(me.client, API_KEY_SCOPES, 'Everything');
    for (const [method, path] of [
      ['GET', '/api/auth/list-sessions'],
      ['GET', '/api/auth/get-session'],
      ['GET', '/api/billing'],
      ['POST', '/api/billing/checkout'],
      ['GET', '/api/api-keys'],
      ['DELETE', '/api/account'],
      ['GET', '/api/proposals'],
    ] as const) {
      const res = await server.client({ ip: nextIp() }).request(path, {
        method,
        noCookies: true,
        headers: { authorization: `Bearer ${all.key}` },
        ...(method === 'POST' ? { json: {} } : {}),
      });
      // better-auth answers a request without its cookie with no session (200, null); the rest refuse.
      if (path === '/api/auth/get-session') expect(res.text).not.toContain(me.id);
      else expect([401, 403, 404], `${method} ${path}: ${res.status} ${res.text}`).toContain(res.status);
    }
    expect((await me.client.get('/api/session')).body.session).not.toBeNull();
  });
});
