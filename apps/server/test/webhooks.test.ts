import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TApiKey } from '@draftwell/shared/developers/api-keys';
import type {
  TCreatedWebhookEndpoint,
  TWebhookDelivery,
  TWebhookDeliveryPage,
  TWebhookEndpoint,
} from '@draftwell/shared/developers/webhooks';
import type { TProposal } from '@draftwell/shared/workspace/proposals';
import { sealSecret } from '../src/lib/secret-box';
import { WEBHOOK_LOG_DAYS, WEBHOOK_RETRY_WINDOW_MS, WEBHOOK_SECRET_PURPOSE } from '../src/modules/webhooks/queue';
import { verifySignature } from '../src/modules/webhooks/signature';
import {
  backends,
  nextIp,
  signUp,
  startMailSink,
  startTestServer,
  testResolver,
  type Client,
  type TBackend,
  type TMailSink,
  type TTestServer,
} from './helpers';
import { readyDraft, send, verifyEmail } from './proposal-fixtures';

/**
 * Signed webhooks (issue 17, decision 0021): endpoints made in Profile → Developers (secret shown
 * once, sealed at rest), deliveries queued with each event's commit and posted to a real HTTP
 * receiver on loopback (WEBHOOKS_ALLOW_HTTP_LOOPBACK), signed, retried with backoff on a moved
 * clock (`drain(now)`), in order per proposal, the endpoint turned off with a mail after three
 * days, Resend and test events, another owner's endpoints a 404 (A1), and `/api/v1/webhooks`.
 * Every delivery is signed twice (decision 0028): the Standard Webhooks headers, checked here with
 * the official `standardwebhooks` package and the secret as shown, and `Draftwell-Signature`.
 */

type TReceived = {
  headers: http.IncomingHttpHeaders;
  body: string;
  json: { id: string; type: string; data: { proposal?: { id: string; number: string; title: string } } };
};

/** A secret as shown since 2026-11-29: `whsec_` and 32 bytes in standard base64. */
const STANDARD_SECRET = /^whsec_[A-Za-z0-9+/]{43}=$/;

/** Whether the official Standard Webhooks verifier takes the request under the secret as shown. */
function standardVerifies(secret: string, r: TReceived): boolean {
  try {
    new Webhook(secret).verify(r.body, r.headers as Record<string, string>);
    return true;
  } catch {
    return false;
  }
}
const legacyVerifies = (secret: string, r: TReceived) =>
  verifySignature(secret, String(r.headers['draftwell-signature']), r.body);

/** A webhook receiver: answers each request with `answer(request)`'s status (200 unless told). */
async function startReceiver() {
  const received: TReceived[] = [];
  let answer: (r: TReceived) => number = () => 200;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const r = { headers: req.headers, body, json: JSON.parse(body) as TReceived['json'] };
      received.push(r);
      const status = answer(r);
      res.writeHead(status, { 'content-type': 'text/plain' }).end(status < 300 ? 'thanks' : `no: ${status}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: (path = '/hooks') => `http://127.0.0.1:${port}${path}`,
    received,
    answer: (fn: (r: TReceived) => number) => {
      answer = fn;
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

describe.each(backends())('webhooks (%s)', (backend: TBackend) => {
  let server: TTestServer;
  let mail: TMailSink;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let owner: Client;
  let ownerEmail: string;
  let other: Client;

  beforeAll(async () => {
    mail = await startMailSink();
    receiver = await startReceiver();
    server = await startTestServer({
      backend,
      mail,
      env: { TRUST_PROXY: 'true', DEFAULT_PLAN: 'pro', WEBHOOKS_ALLOW_HTTP_LOOPBACK: '1' },
    });
    const o = await signUp(server, { name: 'Olivia Owner' });
    owner = o.client;
    ownerEmail = o.email;
    await verifyEmail(server, o.user.id);
    other = (await signUp(server, { name: 'Mallory Other' })).client;
  });
  afterAll(async () => {
    await server.close();
    await receiver.close();
    await mail.close();
  });
  beforeEach(() => {
    receiver.answer(() => 200);
  });

  const makeEndpoint = async (who: Client, body: Record<string, unknown> = {}) => {
    const res = await who.post('/api/webhooks', {
      url: receiver.url(),
      events: ['proposal.sent', 'proposal.commented', 'proposal.withdrawn'],
      ...body,
    });
    expect(res.status, res.text).toBe(201);
    return res.body as TCreatedWebhookEndpoint;
  };
  const deliveries = async (who: Client, endpointId: string) => {
    const res = await who.get(`/api/webhooks/${endpointId}/deliveries`);
    expect(res.status, res.text).toBe(200);
    return (res.body as TWebhookDeliveryPage).items;
  };
  const sentProposal = async (title: string): Promise<TProposal> => {
    const draft = await readyDraft(owner, { title });
    const res = await send(owner, draft);
    expect(res.status, res.text).toBe(200);
    return res.body as TProposal;
  };
  const drain = (now?: Date) => server.deps.webhooks.drain(now);
  const disableOthers = async () => {
    await server.deps.database.db.execute(sql`update webhook_endpoints set enabled = false`);
  };

  it('shows the secret once, keeps it sealed, and another owner can neither see nor change the endpoint (A1)', async () => {
    await disableOthers();
    const made = await makeEndpoint(owner, { description: '  CRM  ' });
    expect(made.secret).toMatch(STANDARD_SECRET);
    expect(made.endpoint).toMatchObject({ url: receiver.url(), description: 'CRM', enabled: true });
    expect(made.endpoint.secretPreview).toBe(`${made.secret.slice(0, 10)}…`);
    const listed = (await owner.get('/api/webhooks')).body.items as TWebhookEndpoint[];
    expect(listed.find((e) => e.id === made.endpoint.id)).toEqual(made.endpoint);
    expect(JSON.stringify(listed)).not.toContain(made.secret.slice(10));
    const stored = (await server.deps.database.db.execute(
      sql`select secret_sealed from webhook_endpoints where id = ${made.endpoint.id}`,
    )) as unknown as { rows: Array<{ secret_sealed: string }> };
    expect(stored.rows[0]!.secret_sealed).not.toContain(made.secret.slice(6));

    const id = made.endpoint.id;
    expect(((await other.get('/api/webhooks')).body.items as TWebhookEndpoint[]).map((e) => e.id)).not.toContain(id);
    expect((await other.get(`/api/webhooks/${id}/deliveries`)).status).toBe(404);
    expect((await other.patch(`/api/webhooks/${id}`, { enabled: false })).status).toBe(404);
    expect((await other.post(`/api/webhooks/${id}/roll-secret`)).status).toBe(404);
    expect((await other.post(`/api/webhooks/${id}/test`)).status).toBe(404);
    expect((await other.delete(`/api/webhooks/${id}`)).status).toBe(404);
    expect((await owner.get('/api/webhooks/not-an-id/deliveries')).status).toBe(404);
    // The owner's test delivery cannot be resent by the other owner either.
    const test = (await owner.post(`/api/webhooks/${id}/test`)).body as TWebhookDelivery;
    expect((await other.post(`/api/webhooks/${id}/deliveries/${test.id}/resend`)).status).toBe(404);
    await drain();
    expect((await deliveries(owner, id))[0]).toMatchObject({ id: test.id, status: 'delivered', responseStatus: 200 });
    const first = receiver.received.at(-1)!;
    expect(standardVerifies(made.secret, first)).toBe(true);
    expect(legacyVerifies(made.secret, first)).toBe(true);
    // Rolling gives a new secret, in the standard form, which signs both headers from then on.
    const rolled = (await owner.post(`/api/webhooks/${id}/roll-secret`)).body as TCreatedWebhookEndpoint;
    expect(rolled.secret).toMatch(STANDARD_SECRET);
    expect(rolled.secret).not.toBe(made.secret);
    expect(rolled.endpoint.secretPreview).toBe(`${rolled.secret.slice(0, 10)}…`);
    await owner.post(`/api/webhooks/${id}/test`);
    await drain();
    const last = receiver.received.at(-1)!;
    expect(legacyVerifies(rolled.secret, last)).toBe(true);
    expect(legacyVerifies(made.secret, last)).toBe(false);
    expect(standardVerifies(rolled.secret, last)).toBe(true);
    expect(standardVerifies(made.secret, last)).toBe(false);
    expect((await owner.delete(`/api/webhooks/${id}`)).status).toBe(204);
    expect((await owner.get(`/api/webhooks/${id}/deliveries`)).status).toBe(404);
  });

  it('an endpoint made before 2026-11-29 keeps its base64url secret for Draftwell-Signature and shows it re-encoded', async () => {
    await disableOthers();
    const { endpoint } = await makeEndpoint(owner);
    // As such an endpoint was stored: whsec_ and 32 bytes in base64url (these start "-_" and hold
    // more of both), sealed, with the preview of that text.
    const bytes = Buffer.concat([Buffer.from([0xfb, 0xff, 0xbf]), randomBytes(27), Buffer.from([0xfb, 0xff])]);
    const old = `whsec_${bytes.toString('base64url')}`;
    expect(old).toMatch(/^whsec_-_-_[A-Za-z0-9_-]{36}-_8$/);
    const standard = `whsec_${bytes.toString('base64')}`;
    await server.deps.database.db.execute(sql`
      update webhook_endpoints
      set secret_sealed = ${sealSecret(server.env.authSecret, WEBHOOK_SECRET_PURPOSE, endpoint.id, old)},
        secret_preview = ${`${old.slice(0, 10)}…`}
      where id = ${endpoint.id}`);
    // Its preview is shown in the standard form (the same bytes).
    const listed = ((await owner.get('/api/webhooks')).body.items as TWebhookEndpoint[]).find(
      (e) => e.id === endpoint.id,
    )!;
    expect(listed.secretPreview).toBe(`${standard.slice(0, 10)}…`);
    expect(listed.secretPreview).toBe('whsec_+/+/…');

    const before = receiver.received.length;
    const test = await owner.post(`/api/webhooks/${endpoint.id}/test`);
    expect(test.status, test.text).toBe(201);
    await drain();
    const [got] = receiver.received.slice(before);
    expect(got!.json.type).toBe('webhook.test');
    // The receiver's secret as it was given keeps verifying Draftwell-Signature; its text is the key.
    expect(legacyVerifies(old, got!)).toBe(true);
    expect(legacyVerifies(standard, got!)).toBe(false);
    // The official package cannot read the old form; re-encoded (- to +, _ to /, padded), it is the
    // same key and verifies the Standard Webhooks headers.
    expect(() => new Webhook(old)).toThrow(/incorrect characters/);
    const converted = `whsec_${old.slice('whsec_'.length).replaceAll('-', '+').replaceAll('_', '/')}=`;
    expect(converted).toBe(standard);
    expect(standardVerifies(standard, got!)).toBe(true);
    expect((await deliveries(owner, endpoint.id))[0]).toMatchObject({ status: 'delivered', responseStatus: 200 });

    // Rolled, it gets a new secret in the standard form, which keys both headers.
    const rolled = (await owner.post(`/api/webhooks/${endpoint.id}/roll-secret`)).body as TCreatedWebhookEndpoint;
    expect(rolled.secret).toMatch(STANDARD_SECRET);
    await owner.post(`/api/webhooks/${endpoint.id}/test`);
    await drain();
    const last = receiver.received.at(-1)!;
    expect(standardVerifies(rolled.secret, last)).toBe(true);
    expect(legacyVerifies(rolled.secret, last)).toBe(true);
    expect(standardVerifies(standard, last)).toBe(false);
    expect(legacyVerifies(old, last)).toBe(false);
  });

  it('refuses URLs that are not https or point inside, and unknown events, with a message', async () => {
    for (const [url, message] of [
      ['http://hooks.example.com/x', /https/],
      ['https://10.0.0.8/x', /^This address is not allowed: 10\.0\.0\.8 is a private address\./],
      ['https://192.168.1.1/x', /^This address is not allowed: 192\.168\.1\.1 is a private address\./],
      [
        'https://169.254.169.254/latest',
        /^This address is not allowed: 169\.254\.169\.254 is a cloud metadata address\./,
      ],
      ['https://[fd00::1]/x', /^This address is not allowed: fd00::1 is a private address\./],
      ['ftp://hooks.example.com/', /https/],
      ['not a url', /full URL/],
    ] as const) {
      const res = await owner.post('/api/webhooks', { url, events: ['proposal.sent'] });
      expect(res.status, url).toBe(400);
      expect(res.body.error.fields.url, url).toMatch(message);
    }
    const bad = await owner.post('/api/webhooks', { url: 'https://hooks.example.com/x', events: ['proposal.created'] });
    expect(bad.status).toBe(400);
    expect((await owner.post('/api/webhooks', { url: 'https://hooks.example.com/x', events: [] })).status).toBe(400);
  });

  it('delivers a proposal event signed, with its id, and logs status, latency and an excerpt', async () => {
    await disableOthers();
    const { secret, endpoint } = await makeEndpoint(owner);
    const before = receiver.received.length;
    const proposal = await sentProposal('Signed delivery');
    await drain();
    const got = receiver.received.slice(before);
    expect(got).toHaveLength(1);
    const [request] = got;
    expect(request!.json).toMatchObject({
      id: expect.stringMatching(/^evt_[0-9a-f]{32}$/),
      type: 'proposal.sent',
      data: { proposal: { id: proposal.id, number: proposal.number, title: 'Signed delivery' }, actor: 'owner' },
    });
    expect(request!.headers['draftwell-event-id']).toBe(request!.json.id);
    expect(request!.headers['draftwell-event-type']).toBe('proposal.sent');
    expect(request!.headers['draftwell-delivery-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(request!.headers['content-type']).toBe('application/json');
    const header = String(request!.headers['draftwell-signature']);
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(verifySignature(secret, header, request!.body)).toBe(true);
    // The Standard Webhooks headers: the event id, the same timestamp, a base64 signature that the
    // official package verifies with the secret as it was shown.
    expect(request!.headers['webhook-id']).toBe(request!.json.id);
    expect(request!.headers['webhook-timestamp']).toBe(/^t=(\d+),/.exec(header)![1]);
    expect(request!.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
    expect(new Webhook(secret).verify(request!.body, request!.headers as Record<string, string>)).toEqual(
      request!.json,
    );
    expect(standardVerifies(secret, { ...request!, body: request!.body.replace('Signed', 'Forged') })).toBe(false);
    const [logged] = await deliveries(owner, endpoint.id);
    expect(logged).toMatchObject({
      eventId: request!.json.id,
      eventType: 'proposal.sent',
      proposalId: proposal.id,
      status: 'delivered',
      attempts: 1,
      responseStatus: 200,
      responseExcerpt: 'thanks',
      lastError: null,
    });
    expect(logged!.latencyMs).toBeGreaterThanOrEqual(0);
    // An event the endpoint does not subscribe to is not queued (opened, say); an owner's own reply is.
    await owner.post(`/api/proposals/${proposal.id}/comments`, { body: 'Any questions?' });
    await drain();
    expect(receiver.received.slice(before).map((r) => r.json.type)).toEqual(['proposal.sent', 'proposal.commented']);
  });

  it('tells a lone signer’s signature as proposal.signed, then proposal.accepted', async () => {
    await disableOthers();
    await makeEndpoint(owner, { events: ['proposal.signed', 'proposal.accepted'] });
    const before = receiver.received.length;
    const proposal = await sentProposal('Signed and accepted');
    const link = await owner.get(`/api/proposals/${proposal.id}/share-link`);
    const token = new URL(link.body.url as string).pathname.split('/').pop()!;
    const visitor = server.client({ ip: nextIp() });
    const shared = (await visitor.get(`/api/share/${token}`)).body as { revision: { hash: string } };
    const accepted = await visitor.post(`/api/share/${token}/accept`, {
      name: 'Dana Reyes',
      email: 'dana@example.com',
      consent: true,
      revisionHash: shared.revision.hash,
      selection: { seo: { selected: true } },
    });
    expect(accepted.status, accepted.text).toBe(201);
    await drain();
    const got = receiver.received.slice(before);
    expect(got.map((r) => r.json.type)).toEqual(['proposal.signed', 'proposal.accepted']);
    expect(got[0]!.json.id).not.toBe(got[1]!.json.id);
    expect(got[0]!.json.data).toMatchObject({ actor: 'client', details: { name: 'Dana Reyes' } });
  });

  it('retries a failing receiver with backoff until it recovers, with the same id and body', async () => {
    await disableOthers();
    const { secret, endpoint } = await makeEndpoint(owner);
    let failures = 2;
    receiver.answer(() => (failures-- > 0 ? 503 : 200));
    const before = receiver.received.length;
    const t0 = Date.now();
    await sentProposal('Retried delivery');
    await drain();
    let [d] = await deliveries(owner, endpoint.id);
    expect(d).toMatchObject({ status: 'pending', attempts: 1, responseStatus: 503, responseExcerpt: 'no: 503' });
    expect(d!.lastError).toMatch(/503/);
    const next1 = Date.parse(d!.nextAttemptAt!);
    expect(next1 - t0).toBeGreaterThanOrEqual(29_000);
    expect(next1 - Date.now()).toBeLessThanOrEqual(31_000);
    // Not due yet: nothing is sent.
    await drain(new Date(next1 - 1000));
    expect(receiver.received.length - before).toBe(1);
    await drain(new Date(next1 + 1000));
    [d] = await deliveries(owner, endpoint.id);
    expect(d).toMatchObject({ status: 'pending', attempts: 2, responseStatus: 503 });
    const next2 = Date.parse(d!.nextAttemptAt!);
    expect(next2 - (next1 + 1000)).toBe(120_000);
    await drain(new Date(next2));
    [d] = await deliveries(owner, endpoint.id);
    expect(d).toMatchObject({ status: 'delivered', attempts: 3, responseStatus: 200, lastError: null });
    const got = receiver.received.slice(before);
    expect(got).toHaveLength(3);
    expect(new Set(got.map((r) => r.body)).size).toBe(1);
    // Every retry is the same message to a Standard Webhooks receiver: one webhook-id, the event's.
    expect(new Set(got.map((r) => r.headers['webhook-id']))).toEqual(new Set([got[0]!.json.id]));
    for (const r of got) {
      expect(legacyVerifies(secret, r)).toBe(true);
      expect(standardVerifies(secret, r)).toBe(true);
    }
  });

  it('delivers each proposal’s events in order: a failing event holds back that proposal’s later ones only', async () => {
    await disableOthers();
    const { endpoint } = await makeEndpoint(owner);
    const before = receiver.received.length;
    let first: string | null = null;
    // The first event of proposal A fails once; everything else is answered.
    receiver.answer((r) => {
      if (r.json.data.proposal?.title === 'Order A' && first === null) {
        first = r.json.id;
        return 500;
      }
      return 200;
    });
    const a = await sentProposal('Order A');
    await drain();
    await owner.post(`/api/proposals/${a.id}/comments`, { body: 'One more thing.' });
    await owner.post(`/api/proposals/${a.id}/withdraw`);
    const b = await sentProposal('Order B');
    await drain();
    const titles = () => receiver.received.slice(before).map((r) => `${r.json.data.proposal?.title} ${r.json.type}`);
    // A's comment and withdrawal wait behind its failed send; B's send went.
    expect(titles()).toEqual(['Order A proposal.sent', 'Order B proposal.sent']);
    const waiting = (await deliveries(owner, endpoint.id)).filter((d) => d.proposalId === a.id);
    expect(waiting.map((d) => [d.eventType, d.status, d.attempts])).toEqual([
      ['proposal.withdrawn', 'pending', 0],
      ['proposal.commented', 'pending', 0],
      ['proposal.sent', 'pending', 1],
    ]);
    await drain(new Date(Date.now() + 60_000));
    expect(titles()).toEqual([
      'Order A proposal.sent',
      'Order B proposal.sent',
      'Order A proposal.sent',
      'Order A proposal.commented',
      'Order A proposal.withdrawn',
    ]);
    expect(b.id).not.toBe(a.id);
  });

  it('turns the endpoint off after three days of failures and mails the owner; Resend and test events work after', async () => {
    await disableOthers();
    const { endpoint } = await makeEndpoint(owner);
    receiver.answer(() => 500);
    await sentProposal('Never answered');
    await drain();
    const [d] = await deliveries(owner, endpoint.id);
    const created = Date.parse(d!.createdAt);
    // Just before the window ends it is still retried (and the last try is due at its end).
    await drain(new Date(created + WEBHOOK_RETRY_WINDOW_MS - 60_000));
    const [still] = await deliveries(owner, endpoint.id);
    expect(still!.status).toBe('pending');
    expect(Date.parse(still!.nextAttemptAt!)).toBe(created + WEBHOOK_RETRY_WINDOW_MS);
    expect(
      ((await owner.get('/api/webhooks')).body.items as TWebhookEndpoint[]).find((e) => e.id === endpoint.id)!.enabled,
    ).toBe(true);
    await drain(new Date(created + WEBHOOK_RETRY_WINDOW_MS));
    const [failed] = await deliveries(owner, endpoint.id);
    expect(failed).toMatchObject({ status: 'failed', responseStatus: 500, nextAttemptAt: null });
    const off = ((await owner.get('/api/webhooks')).body.items as TWebhookEndpoint[]).find(
      (e) => e.id === endpoint.id,
    )!;
    expect(off).toMatchObject({ enabled: false });
    expect(off.disabledReason).toMatch(/three days/);
    await server.deps.outbox.drain();
    const notice = await mail.waitForMail(ownerEmail, /Webhook endpoint turned off/);
    expect(notice.text).toContain(receiver.url());
    expect(notice.links).toContain(`${server.env.baseUrl}/profile?tab=developers`);
    // New events are not queued while it is off.
    const queuedBefore = (await deliveries(owner, endpoint.id)).length;
    await sentProposal('While off');
    expect(await deliveries(owner, endpoint.id)).toHaveLength(queuedBefore);

    // Back on, the receiver answering: Resend sends the same event again, as a new delivery.
    receiver.answer(() => 200);
    expect((await owner.patch(`/api/webhooks/${endpoint.id}`, { enabled: true })).body).toMatchObject({
      enabled: true,
      disabledReason: null,
    });
    const before = receiver.received.length;
    const resent = await owner.post(`/api/webhooks/${endpoint.id}/deliveries/${failed!.id}/resend`);
    expect(resent.status, resent.text).toBe(201);
    expect(resent.body).toMatchObject({ eventId: failed!.eventId, resendOf: failed!.id, status: 'pending' });
    const test = await owner.post(`/api/webhooks/${endpoint.id}/test`);
    expect(test.status).toBe(201);
    await drain();
    // The two have no order between them (only a proposal's own events do): they go at once.
    const got = receiver.received.slice(before);
    expect(got.map((r) => r.json.type).sort()).toEqual(['proposal.sent', 'webhook.test']);
    expect(got.find((r) => r.json.type === 'proposal.sent')!.json.id).toBe(failed!.eventId);
    expect(got.find((r) => r.json.type === 'proposal.sent')!.headers['webhook-id']).toBe(failed!.eventId);
    const log = await deliveries(owner, endpoint.id);
    expect(log.slice(0, 2).map((x) => [x.eventType, x.status])).toEqual([
      ['webhook.test', 'delivered'],
      ['proposal.sent', 'delivered'],
    ]);
  });

  it('keeps delivered and failed deliveries in the log for 30 days, pending ones until they end', async () => {
    await disableOthers();
    const { endpoint } = await makeEndpoint(owner);
    await owner.post(`/api/webhooks/${endpoint.id}/test`);
    await drain();
    receiver.answer(() => 500);
    await owner.post(`/api/webhooks/${endpoint.id}/test`);
    await drain();
    expect((await deliveries(owner, endpoint.id)).map((d) => d.status)).toEqual(['pending', 'delivered']);
    await drain(new Date(Date.now() + (WEBHOOK_LOG_DAYS - 1) * 86_400_000));
    // By then the failing one has failed (and turned the endpoint off); both are still listed.
    expect((await deliveries(owner, endpoint.id)).map((d) => d.status)).toEqual(['failed', 'delivered']);
    await drain(new Date(Date.now() + (WEBHOOK_LOG_DAYS + 1) * 86_400_000));
    expect(await deliveries(owner, endpoint.id)).toEqual([]);
  });

  it('on /api/v1/webhooks, a key acts within its webhooks scopes and sees only its owner’s endpoints', async () => {
    const makeKey = async (who: Client, scopes: string[]) =>
      ((await who.post('/api/api-keys', { name: 'hooks', scopes })).body as { key: string; apiKey: TApiKey }).key;
    const withKey = (key: string, path: string, init: { method?: string; json?: unknown } = {}) =>
      server.client({ ip: nextIp() }).request(path, {
        ...init,
        origin: null,
        noCookies: true,
        headers: { authorization: `Bearer ${key}` },
      });
    const reader = await makeKey(owner, ['webhooks:read']);
    const writer = await makeKey(owner, ['webhooks:read', 'webhooks:write']);
    const stranger = await makeKey(other, ['webhooks:read', 'webhooks:write']);
    const created = await withKey(writer, '/api/v1/webhooks', {
      method: 'POST',
      json: { url: receiver.url('/v1'), events: ['proposal.accepted'] },
    });
    expect(created.status, created.text).toBe(201);
    const { endpoint, secret } = created.body as TCreatedWebhookEndpoint;
    expect(secret).toMatch(STANDARD_SECRET);
    expect((await withKey(reader, '/api/v1/webhooks')).body.items.map((e: TWebhookEndpoint) => e.id)).toContain(
      endpoint.id,
    );
    expect((await withKey(reader, `/api/v1/webhooks/${endpoint.id}`)).body).toEqual(endpoint);
    expect(
      (
        await withKey(reader, '/api/v1/webhooks', {
          method: 'POST',
          json: { url: receiver.url(), events: ['proposal.sent'] },
        })
      ).status,
    ).toBe(403);
    expect((await withKey(reader, `/api/v1/webhooks/${endpoint.id}/test`, { method: 'POST' })).status).toBe(403);
    const test = await withKey(writer, `/api/v1/webhooks/${endpoint.id}/test`, { method: 'POST' });
    expect(test.status).toBe(201);
    expect((await withKey(reader, `/api/v1/webhooks/${endpoint.id}/deliveries`)).body.items[0].id).toBe(test.body.id);
    expect(
      (
        await withKey(writer, `/api/v1/webhooks/${endpoint.id}`, {
          method: 'PATCH',
          json: { events: ['proposal.paid'] },
        })
      ).body.events,
    ).toEqual(['proposal.paid']);
    for (const [method, path] of [
      ['GET', `/api/v1/webhooks/${endpoint.id}`],
      ['GET', `/api/v1/webhooks/${endpoint.id}/deliveries`],
      ['PATCH', `/api/v1/webhooks/${endpoint.id}`],
      ['POST', `/api/v1/webhooks/${endpoint.id}/test`],
      ['POST', `/api/v1/webhooks/${endpoint.id}/deliveries/${test.body.id as string}/resend`],
      ['POST', `/api/v1/webhooks/${endpoint.id}/roll-secret`],
      ['DELETE', `/api/v1/webhooks/${endpoint.id}`],
    ] as const) {
      const res = await withKey(stranger, path, {
        method,
        ...(method === 'PATCH' ? { json: { enabled: false } } : {}),
      });
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    expect((await withKey(writer, `/api/v1/webhooks/${endpoint.id}`, { method: 'DELETE' })).status).toBe(204);
  });
});

/**
 * A26 at save: the URL's host is resolved when an endpoint is added or changed, in the app and on
 * /api/v1, and a name that leads to this machine, a private network or a metadata service is a
 * 400 on `url` with a sentence, not a 201 refused later at every delivery for three days. There
 * is no DNS here: the server's resolver answers from this file's table. Loopback is not allowed
 * (no WEBHOOKS_ALLOW_HTTP_LOOPBACK), as in production.
 */
describe.each(backends())('webhook addresses checked at save (%s)', (backend: TBackend) => {
  let server: TTestServer;
  let owner: Client;
  let writer: string;
  /** What the server's resolver answers; a test may change it. */
  const hosts: Record<string, string[]> = {
    '127.0.0.1.nip.io': ['127.0.0.1'],
    'ten.example.com': ['10.1.2.3'],
    'v6-loopback.example.com': ['::1'],
    'v6-link-local.example.com': ['fe80::1'],
    'hooks.example.com': ['93.184.215.14'],
    'crm.example.com': ['2606:4700::6810:84e5'],
  };

  beforeAll(async () => {
    server = await startTestServer({
      backend,
      env: { TRUST_PROXY: 'true' },
      resolveHost: (name) => testResolver(hosts)(name),
    });
    owner = (await signUp(server, { name: 'Olivia Owner' })).client;
    const key = await owner.post('/api/api-keys', { name: 'hooks', scopes: ['webhooks:read', 'webhooks:write'] });
    expect(key.status, key.text).toBe(201);
    writer = (key.body as { key: string }).key;
  });
  afterAll(() => server.close());

  const withKey = (path: string, init: { method: string; json: unknown }) =>
    server.client({ ip: nextIp() }).request(path, {
      ...init,
      origin: null,
      noCookies: true,
      headers: { authorization: `Bearer ${writer}` },
    });
  /** Every way of saving a URL: adding and changing an endpoint, in the app and on /api/v1. */
  const saves = (existing: string) =>
    [
      ['POST /api/webhooks', (url: string) => owner.post('/api/webhooks', { url, events: ['proposal.sent'] })],
      ['PATCH /api/webhooks/:id', (url: string) => owner.patch(`/api/webhooks/${existing}`, { url })],
      [
        'POST /api/v1/webhooks',
        (url: string) => withKey('/api/v1/webhooks', { method: 'POST', json: { url, events: ['proposal.sent'] } }),
      ],
      [
        'PATCH /api/v1/webhooks/:id',
        (url: string) => withKey(`/api/v1/webhooks/${existing}`, { method: 'PATCH', json: { url } }),
      ],
    ] as const;
  const makeEndpoint = async (url: string) => {
    const res = await owner.post('/api/webhooks', { url, events: ['proposal.sent'] });
    expect(res.status, res.text).toBe(201);
    return (res.body as TCreatedWebhookEndpoint).endpoint;
  };

  it('A26 refuses a host that leads inside, on every save, in a sentence on `url`, and keeps the URL it had', async () => {
    const existing = await makeEndpoint('https://hooks.example.com/draftwell');
    const notAllowed = (detail: string) =>
      `This address is not allowed: ${detail}. Webhooks must reach a public server.`;
    const loopbackName = (name: string) => notAllowed(`${name} always leads to this server itself, a loopback address`);
    for (const [url, message] of [
      ['https://localhost/h', loopbackName('localhost')],
      ['https://localhost./h', loopbackName('localhost')],
      ['https://LOCALHOST/h', loopbackName('localhost')],
      ['https://hooks.localhost/h', loopbackName('hooks.localhost')],
      [
        'https://metadata.google.internal/computeMetadata/v1/',
        notAllowed('metadata.google.internal is a name under .internal, which only a private network resolves'),
      ],
      [
        'https://metadata/computeMetadata/v1/',
        notAllowed('metadata is a name without a domain, which only a private network resolves'),
      ],
      ['https://127.0.0.1.nip.io/h', notAllowed('127.0.0.1.nip.io resolves to 127.0.0.1, a loopback address')],
      ['https://ten.example.com/h', notAllowed('ten.example.com resolves to 10.1.2.3, a private address')],
      ['https://v6-loopback.example.com/h', notAllowed('v6-loopback.example.com resolves to ::1, a loopback address')],
      [
        'https://v6-link-local.example.com/h',
        notAllowed('v6-link-local.example.com resolves to fe80::1, a link-local address'),
      ],
      ['https://[::1]/h', notAllowed('::1 is a loopback address')],
      ['https://[fe80::1]/h', notAllowed('fe80::1 is a link-local address')],
      ['https://127.0.0.1/h', notAllowed('127.0.0.1 is a loopback address')],
      [
        'https://nowhere.example.com/h',
        'This address could not be checked: nowhere.example.com could not be resolved (no such name). Check the host name; a name just set up may take a few minutes to resolve.',
      ],
    ] as const) {
      for (const [route, save] of saves(existing.id)) {
        const res = await save(url);
        expect(res.status, `${route} ${url}: ${res.text}`).toBe(400);
        expect(res.body.error, `${route} ${url}`).toMatchObject({ code: 'invalid', message, fields: { url: message } });
      }
    }
    const listed = (await owner.get('/api/webhooks')).body.items as TWebhookEndpoint[];
    expect(listed.map((e) => e.url).sort()).toEqual(['https://hooks.example.com/draftwell']);
  });

  it('saves a host whose addresses are all public, on every save', async () => {
    const existing = await makeEndpoint('https://hooks.example.com/first');
    for (const [route, save] of saves(existing.id)) {
      const res = await save('https://crm.example.com/hooks/draftwell');
      expect(res.status, `${route}: ${res.text}`).toBe(route.startsWith('POST') ? 201 : 200);
    }
    const listed = (await owner.get('/api/webhooks')).body.items as TWebhookEndpoint[];
    expect(listed.find((e) => e.id === existing.id)?.url).toBe('https://crm.example.com/hooks/draftwell');
  });

  it('A26 at delivery: a name that moved inside after the save is refused before anything is sent, test events too', async () => {
    hosts['moving.example.com'] = ['93.184.215.14'];
    const endpoint = await makeEndpoint('https://moving.example.com/hooks');
    hosts['moving.example.com'] = ['10.0.0.5'];
    const test = await owner.post(`/api/webhooks/${endpoint.id}/test`);
    expect(test.status, test.text).toBe(201);
    await server.deps.webhooks.drain();
    const log = (await owner.get(`/api/webhooks/${endpoint.id}/deliveries`)).body as TWebhookDeliveryPage;
    expect(log.items).toHaveLength(1);
    expect(log.items[0]).toMatchObject({
      id: (test.body as TWebhookDelivery).id,
      status: 'pending',
      responseStatus: null,
      lastError:
        'This address is not allowed: moving.example.com resolves to 10.0.0.5, a private address. Webhooks must reach a public server.',
    });
  });
});
