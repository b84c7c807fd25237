import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PROPOSAL_ACTIVITY_EVENT,
  userChannel,
  type TDocument,
  type TPaymentSettings,
  type TPaymentTerms,
  type TProposalEvent,
  type TProposalPayment,
  type TSharedPayment,
  type TSharedProposal,
} from '@draftwell/shared';
import type { TProposal } from '@draftwell/shared/workspace/proposals';
import { inDays, verifyEmail } from './proposal-fixtures';
import {
  backends,
  connectSocket,
  countRows,
  nextIp,
  signUp,
  startMailSink,
  startTestServer,
  type Client,
  type TBackend,
  type TMailSink,
  type TTestServer,
} from './helpers';
import { startFakeStripe, type TFakeEvent, type TFakeStripe } from './support/stripe-fake';

/**
 * Payment at acceptance through the owner's own Stripe account (decision 0018), against the
 * Stripe-compatible server (support/stripe-fake.ts) driven by the real SDK: Profile → Payments
 * (Connect OAuth, a restricted key kept sealed), the terms at send, the amount fixed at acceptance
 * per currency, Checkout on the client's link, webhooks read back from Stripe in any order
 * (QUALITY A16, A28, R8), marking paid by hand, and the product without any of it.
 */

const CONNECT_WEBHOOK = '/api/payments/webhook';
const tokenOf = (url: string) => new URL(url).pathname.split('/').pop()!;

type TLine = {
  id: string;
  price: number;
  quantity?: number;
  billing?: 'one_off' | 'monthly' | 'yearly';
  optional?: boolean;
  range?: { min: number; max: number };
};

/** A proposal whose pricing table holds `lines` (prices in minor units, quantities in thousandths). */
function pricedDocument(lines: TLine[]): TDocument {
  return {
    version: 1,
    blocks: [
      {
        id: 'intro',
        type: 'rich_text',
        content: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Our offer.' }] }] },
      },
      {
        id: 'fees',
        type: 'pricing_table',
        title: 'Fees',
        kind: 'lines',
        lines: lines.map((l) => ({
          id: l.id,
          description: l.id,
          quantity: l.quantity ?? 1000,
          unit: '',
          unitPrice: l.price,
          discountPercent: 0,
          taxPercent: 0,
          billing: l.billing ?? 'one_off',
          optional: l.optional ?? false,
          selected: !l.optional,
          ...(l.range ? { quantityRange: l.range } : {}),
        })),
      },
    ],
  };
}

const percent = (basisPoints: number, firstRecurring = false): TPaymentTerms => ({
  oneOff: { kind: 'deposit_percent', basisPoints },
  firstRecurring,
});
const full = (firstRecurring = false): TPaymentTerms => ({ oneOff: { kind: 'full' }, firstRecurring });

/** Posts a webhook the way Stripe does: no Origin, no cookie, the raw JSON, signed (or not) as given. */
function postWebhook(server: TTestServer, path: string, payload: string, signature: string | null) {
  return server.client().request(path, {
    method: 'POST',
    body: payload,
    origin: null,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      ...(signature ? { 'stripe-signature': signature } : {}),
    },
  });
}

/** A deterministic shuffle (mulberry32), so a failing order can be replayed. */
function shuffled<T>(items: T[], seed: number): T[] {
  let s = seed;
  const random = () => {
    s = (s + 0x6d2b79f5) | 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

describe.each(backends())('payment at acceptance (%s)', (backend: TBackend) => {
  let fake: TFakeStripe;
  let server: TTestServer;
  let mail: TMailSink;
  /** Stripe would refuse webhook endpoints at this server's address while this is set. */
  let refuseEndpoints = false;
  const visitor = () => server.client({ ip: nextIp() });

  beforeAll(async () => {
    mail = await startMailSink();
    fake = await startFakeStripe({ refuseWebhookUrl: () => refuseEndpoints });
    server = await startTestServer({
      backend,
      mail,
      env: {
        TRUST_PROXY: 'true',
        DEFAULT_PLAN: 'pro',
        ...fake.appEnv(),
        STRIPE_CONNECT_CLIENT_ID: fake.connectClientId,
        STRIPE_CONNECT_WEBHOOK_SECRET: fake.connectWebhookSecret,
      },
    });
    fake.setWebhookUrl(`${server.url}/api/billing/webhook`);
    fake.setConnectWebhookUrl(`${server.url}${CONNECT_WEBHOOK}`);
  });
  afterAll(async () => {
    await server.close();
    await fake.close();
    await mail.close();
  });

  async function owner(name = 'Olivia Owner') {
    const signed = await signUp(server, { name });
    await verifyEmail(server, signed.user.id);
    return signed;
  }

  /** Profile → Payments → Connect with Stripe, through Stripe's page, back to the callback. */
  async function connect(client: Client, decision: 'connect' | 'deny' = 'connect') {
    const start = await client.post('/api/payments/connect');
    expect(start.status, start.text).toBe(200);
    const authorize = new URL(start.body.url as string);
    expect(authorize.origin + authorize.pathname).toBe(`${fake.url}/oauth/authorize`);
    expect(authorize.searchParams.get('client_id')).toBe(fake.connectClientId);
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${server.env.baseUrl}/api/payments/connect/callback`);
    const html = await (await fetch(authorize)).text();
    const fields = new URLSearchParams(
      [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)]
        .slice(0, 4)
        .map((m): [string, string] => [m[1]!, m[2]!.replace(/&amp;/g, '&')]),
    );
    fields.set('action', decision);
    const decided = await fetch(`${fake.url}/oauth/authorize`, { method: 'POST', body: fields, redirect: 'manual' });
    expect(decided.status).toBe(303);
    const callback = new URL(decided.headers.get('location')!);
    const back = await client.get(callback.pathname + callback.search);
    expect(back.status).toBe(303);
    return { location: back.headers.get('location')!, callback };
  }

  async function connected() {
    const o = await owner();
    const { location } = await connect(o.client);
    expect(location).toBe(`${server.env.baseUrl}/profile?tab=payments&stripe=connected`);
    const settings = (await o.client.get('/api/payments')).body as TPaymentSettings;
    return { ...o, accountId: settings.account!.accountId! };
  }

  async function withKey() {
    const o = await owner('Kay Keyholder');
    const { key, account } = fake.createRestrictedKey();
    const res = await o.client.request('/api/payments/key', { method: 'PUT', json: { key } });
    expect(res.status, res.text).toBe(200);
    return { ...o, key, stripeAccount: account, settings: res.body as TPaymentSettings };
  }

  /** A draft in `currency` with `lines`, sent asking for `terms`; the client's link. */
  async function sentWith(
    client: Client,
    opts: { lines: TLine[]; currency?: string; terms?: TPaymentTerms },
  ): Promise<{ proposal: TProposal; token: string; res: Awaited<ReturnType<Client['post']>> }> {
    const created = await client.post('/api/proposals', { title: 'Website redesign' });
    expect(created.status, created.text).toBe(201);
    const saved = await client.patch(`/api/proposals/${created.body.id}`, {
      version: 1,
      client: { name: 'Dana Reyes', company: 'Reyes & Co', email: 'dana@example.com', phone: '', address: '' },
      validUntil: inDays(14),
      currency: opts.currency ?? 'USD',
      document: pricedDocument(opts.lines),
    });
    expect(saved.status, saved.text).toBe(200);
    const draft = saved.body as TProposal;
    const res = await client.post(`/api/proposals/${draft.id}/send`, {
      version: draft.version,
      message: '',
      ...(opts.terms ? { payment: opts.terms } : {}),
    });
    if (res.status !== 200) return { proposal: draft, token: '', res };
    const link = await client.get(`/api/proposals/${draft.id}/share-link`);
    return { proposal: res.body as TProposal, token: tokenOf(link.body.url as string), res };
  }

  async function accept(token: string, selection: Record<string, unknown> = {}) {
    const shared = (await visitor().get(`/api/share/${token}`)).body as TSharedProposal;
    const res = await visitor().post(`/api/share/${token}/accept`, {
      name: 'Dana Reyes',
      email: 'dana@example.com',
      consent: true,
      revisionHash: shared.revision.hash,
      selection,
    });
    expect(res.status, res.text).toBe(201);
  }

  /** Pay: the Checkout url, and the session's id at Stripe. */
  async function startPay(token: string) {
    const res = await visitor().post(`/api/share/${token}/pay`);
    expect(res.status, res.text).toBe(200);
    const url = res.body.url as string;
    return { url, sessionId: new URL(url).pathname.split('/').pop()! };
  }

  const paymentOf = async (client: Client, id: string) =>
    (await client.get(`/api/proposals/${id}/payment`)).body as TProposalPayment;
  const eventsOf = async (client: Client, id: string) =>
    ((await client.get(`/api/proposals/${id}/events`)).body.items as TProposalEvent[]).map((e) => e.type);

  /** The payment-mode Checkout Session the app asked Stripe for last, as sent. */
  const lastCheckoutRequest = () =>
    fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions').at(-1)!;

  // ---------------------------------------------------------------------------------------------

  it('Profile → Payments: connect with Stripe (Connect OAuth), shown by name, and disconnect', async () => {
    const o = await owner();
    const before = (await o.client.get('/api/payments')).body as TPaymentSettings;
    expect(before).toEqual({ connectAvailable: true, account: null });

    const { location } = await connect(o.client);
    expect(location).toBe(`${server.env.baseUrl}/profile?tab=payments&stripe=connected`);
    const after = (await o.client.get('/api/payments')).body as TPaymentSettings;
    expect(after.account).toMatchObject({
      mode: 'connect',
      accountId: expect.stringMatching(/^acct_/),
      keyLast4: null,
      status: 'active',
      webhook: 'connect',
      livemode: false,
    });
    expect(after.account!.displayName).toMatch(/studio/);
    expect(fake.isConnected(after.account!.accountId!)).toBe(true);
    // The token exchange used the platform's key; the access token Stripe returned is not kept.
    const raw = (await server.deps.database.db.execute(
      sql`select * from payment_accounts where owner_id = ${o.user.id}`,
    )) as unknown as { rows: Array<Record<string, unknown>> };
    expect(raw.rows[0]).toMatchObject({
      mode: 'connect',
      key_sealed: null,
      stripe_account_id: after.account!.accountId,
    });

    const off = await o.client.delete('/api/payments');
    expect(off.status).toBe(204);
    expect(fake.isConnected(after.account!.accountId!)).toBe(false);
    expect(((await o.client.get('/api/payments')).body as TPaymentSettings).account).toBeNull();
    expect((await o.client.delete('/api/payments')).status).toBe(404);
  });

  it('Connect: a denial, a forged or foreign state, and no session all come back as a message, connecting nothing', async () => {
    const o = await owner();
    expect((await connect(o.client, 'deny')).location).toBe(`${server.env.baseUrl}/profile?tab=payments&stripe=denied`);

    // Another user's state (a link made for them, opened by this owner) is refused.
    const other = await owner('Mallory Other');
    const start = await other.client.post('/api/payments/connect');
    const state = new URL(start.body.url as string).searchParams.get('state')!;
    const forged = await o.client.get(
      `/api/payments/connect/callback?code=ac_whatever&state=${encodeURIComponent(state)}`,
    );
    expect(forged.headers.get('location')).toBe(`${server.env.baseUrl}/profile?tab=payments&stripe=failed`);
    const tampered = await o.client.get(
      `/api/payments/connect/callback?code=ac_x&state=${encodeURIComponent(`${state}x`)}`,
    );
    expect(tampered.headers.get('location')).toMatch(/stripe=failed$/);
    const anonymous = await visitor().get(
      `/api/payments/connect/callback?code=ac_x&state=${encodeURIComponent(state)}`,
    );
    expect(anonymous.headers.get('location')).toMatch(/stripe=failed$/);
    // A code Stripe does not know.
    const mine = await o.client.post('/api/payments/connect');
    const myState = new URL(mine.body.url as string).searchParams.get('state')!;
    const unknown = await o.client.get(
      `/api/payments/connect/callback?code=ac_nope&state=${encodeURIComponent(myState)}`,
    );
    expect(unknown.headers.get('location')).toMatch(/stripe=failed$/);
    expect(((await o.client.get('/api/payments')).body as TPaymentSettings).account).toBeNull();
  });

  it('a restricted key: checked with Stripe, stored sealed, shown by its last 4 characters only, never answered or logged', async () => {
    const o = await owner();
    const bad = await o.client.request('/api/payments/key', { method: 'PUT', json: { key: 'sk_live_51abcdefghijk' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields.key).toMatch(/rk_live_ or rk_test_/);

    const { key: revoked } = fake.createRestrictedKey();
    fake.revokeKey(revoked);
    const refused = await o.client.request('/api/payments/key', { method: 'PUT', json: { key: revoked } });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toMatch(/Stripe does not accept this key/);

    const { key: narrow } = fake.createRestrictedKey(undefined, { checkout_sessions: 'write' });
    const noWebhooks = await o.client.request('/api/payments/key', { method: 'PUT', json: { key: narrow } });
    expect(noWebhooks.status).toBe(400);
    expect(noWebhooks.body.error.message).toMatch(/cannot create a webhook endpoint.*Webhook Endpoints/);
    expect(((await o.client.get('/api/payments')).body as TPaymentSettings).account).toBeNull();

    const { key, account } = fake.createRestrictedKey();
    const saved = await o.client.request('/api/payments/key', { method: 'PUT', json: { key } });
    expect(saved.status, saved.text).toBe(200);
    expect((saved.body as TPaymentSettings).account).toMatchObject({
      mode: 'key',
      accountId: null,
      keyLast4: key.slice(-4),
      webhook: 'endpoint',
      status: 'active',
    });
    // The endpoint at Stripe points at this connection's own path.
    const [endpoint] = fake.webhookEndpoints(account);
    const row = (
      (await server.deps.database.db.execute(
        sql`select id, key_sealed, webhook_secret_sealed from payment_accounts where owner_id = ${o.user.id}`,
      )) as unknown as { rows: Array<{ id: string; key_sealed: string; webhook_secret_sealed: string }> }
    ).rows[0]!;
    expect(endpoint!.url).toBe(`${server.env.baseUrl}/api/payments/webhook/${row.id}`);
    expect(endpoint!.enabled_events).toEqual(
      expect.arrayContaining([
        'checkout.session.completed',
        'checkout.session.async_payment_failed',
        'charge.refunded',
      ]),
    );
    // Sealed: neither the key nor the endpoint's secret is in the database as text.
    expect(row.key_sealed).toMatch(/^v1\./);
    expect(row.key_sealed).not.toContain(key);
    expect(row.key_sealed).not.toContain(key.slice(8, 20));
    expect(row.webhook_secret_sealed).not.toContain(endpoint!.secret);
    // Never in any answer, the account export, or the server's logs.
    const answers = [
      saved.text,
      (await o.client.get('/api/payments')).text,
      (await o.client.get('/api/account/export')).text,
    ];
    for (const text of answers) expect(text).not.toContain(key);
    expect(JSON.parse(answers[2]!).paymentAccount).toMatchObject({ mode: 'key', keyLast4: key.slice(-4) });
    expect(answers[2]).not.toContain(endpoint!.secret as string);
    expect(JSON.stringify(server.logs)).not.toContain(key);
  });

  it('a restricted key whose account Stripe cannot reach this server from: saved without an endpoint, said so', async () => {
    const o = await owner();
    const { key, account } = fake.createRestrictedKey();
    refuseEndpoints = true;
    try {
      const saved = await o.client.request('/api/payments/key', { method: 'PUT', json: { key } });
      expect(saved.status, saved.text).toBe(200);
      expect((saved.body as TPaymentSettings).account?.webhook).toBe('none');
      expect(fake.webhookEndpoints(account)).toHaveLength(0);
    } finally {
      refuseEndpoints = false;
    }
  });

  it('asking for a payment needs a connected account and something to charge; the send says which', async () => {
    const o = await owner();
    const lines = [{ id: 'build', price: 100_000 }];
    const notConnected = await sentWith(o.client, { lines, terms: percent(3000) });
    expect(notConnected.res.status).toBe(409);
    expect(notConnected.res.body.error.message).toMatch(/Connect your Stripe account in Profile → Payments/);
    expect(notConnected.res.body.error.details).toEqual({ reason: 'payments_not_connected' });
    expect(await countRows(server, `proposal_revisions where proposal_id = '${notConnected.proposal.id}'`)).toBe(0);

    await connect(o.client);
    const monthlyOnly = await sentWith(o.client, {
      lines: [{ id: 'care', price: 9_900, billing: 'monthly' }],
      terms: full(),
    });
    expect(monthlyOnly.res.status).toBe(400);
    expect(monthlyOnly.res.body.error.fields.payment).toMatch(/no one-off price/);
    const kwd = await sentWith(o.client, {
      lines,
      currency: 'KWD',
      terms: { oneOff: { kind: 'deposit_fixed', amount: 1_005 }, firstRecurring: false },
    });
    expect(kwd.res.status).toBe(400);
    expect(kwd.res.body.error.fields.payment).toMatch(/steps of KWD\s0\.01/);
    // A28: the terms name no amount to charge or currency.
    const smuggled = await sentWith(o.client, {
      lines,
      terms: { oneOff: { kind: 'full', amount: 1 }, firstRecurring: false } as unknown as TPaymentTerms,
    });
    expect(smuggled.res.status).toBe(400);
  });

  it('before signing the client sees what will be charged; the terms and the amount stay on the proposal', async () => {
    const o = await connected();
    const { proposal, token } = await sentWith(o.client, {
      lines: [
        { id: 'build', price: 150_000 },
        { id: 'seo', price: 40_000, optional: true },
        { id: 'care', price: 9_900, billing: 'monthly' },
      ],
      terms: percent(3000, true),
    });
    const shared = (await visitor().get(`/api/share/${token}`)).body as TSharedProposal;
    expect(shared.payment).toMatchObject({
      status: 'requested',
      currency: 'USD',
      canPay: false,
      terms: percent(3000, true),
      quote: {
        total: 45_000 + 9_900,
        lines: [
          { kind: 'deposit', amount: 45_000, of: 150_000, basisPoints: 3000 },
          { kind: 'monthly', amount: 9_900, of: 9_900, basisPoints: null },
        ],
      },
    });
    const mine = await paymentOf(o.client, proposal.id);
    expect(mine).toMatchObject({ status: 'requested', canMarkPaid: false, quote: { total: 54_900 } });
    expect((await visitor().post(`/api/share/${token}/pay`)).status).toBe(409);
  });

  it('the amount comes from the accepted choices (an optional line ticked, a quantity chosen), never the browser (A28)', async () => {
    const o = await connected();
    const { proposal, token } = await sentWith(o.client, {
      lines: [
        { id: 'build', price: 100_000 },
        { id: 'seo', price: 40_000, optional: true },
        { id: 'pages', price: 10_000, quantity: 2000, range: { min: 1000, max: 10_000 } },
      ],
      terms: percent(2500),
    });
    await accept(token, { seo: { selected: true }, pages: { quantity: 5000 } });
    // One-off total: 1,000 + 400 + 5 × 100 = 1,900; 25 % = 475.
    const payment = await paymentOf(o.client, proposal.id);
    expect(payment).toMatchObject({ status: 'awaiting', canMarkPaid: true, quote: { currency: 'USD', total: 47_500 } });

    // A body naming an amount or a currency is refused; nothing is asked of Stripe.
    const before = fake.requests.length;
    const smuggled = await visitor().post(`/api/share/${token}/pay`, { amount: 100, currency: 'usd' });
    expect(smuggled.status).toBe(400);
    expect(smuggled.body.error.message).toMatch(/Pay takes no fields/);
    expect(fake.requests.length).toBe(before);

    const { sessionId } = await startPay(token);
    const sent = lastCheckoutRequest();
    expect(sent.account).toBe(o.accountId);
    expect(sent.params).toMatchObject({
      mode: 'payment',
      customer_email: 'dana@example.com',
      client_reference_id: proposal.id,
      line_items: [{ quantity: '1', price_data: { currency: 'usd', unit_amount: '47500' } }],
    });
    expect(fake.checkoutSession(sessionId)).toMatchObject({ amount_total: 47_500, currency: 'usd' });
  });

  it.each([
    // [currency, lines, terms, accepted total → charged, Stripe's unit amounts]
    ['JPY', [{ id: 'build', price: 12_345 }], percent(3000), 3_704, ['3704']],
    ['KWD', [{ id: 'build', price: 10_249 }], percent(5000), 5_120, ['5120']],
    ['KWD', [{ id: 'build', price: 5_125 }], full(), 5_120, ['5120']],
    [
      'BHD',
      [
        { id: 'build', price: 7_005 },
        { id: 'care', price: 1_234, billing: 'monthly' },
      ],
      full(true),
      7_000 + 1_230,
      ['7000', '1230'],
    ],
    ['ISK', [{ id: 'build', price: 40_000 }], percent(3333), 13_332, ['1333200']],
    [
      'USD',
      [{ id: 'build', price: 30_000 }],
      { oneOff: { kind: 'deposit_fixed', amount: 50_000 }, firstRecurring: false },
      30_000,
      ['30000'],
    ],
  ] as const)(
    'amounts in %s: charged in Stripe’s units, rounded once to what Stripe accepts',
    async (currency, lines, terms, charged, unitAmounts) => {
      const o = await connected();
      const { proposal, token } = await sentWith(o.client, {
        lines: [...lines],
        currency,
        terms: terms as TPaymentTerms,
      });
      await accept(token);
      expect((await paymentOf(o.client, proposal.id)).quote?.total).toBe(charged);
      await startPay(token);
      const items = lastCheckoutRequest().params.line_items as Array<{
        price_data: { currency: string; unit_amount: string };
      }>;
      expect(items.map((i) => i.price_data.unit_amount)).toEqual(unitAmounts);
      expect(items.every((i) => i.price_data.currency === currency.toLowerCase())).toBe(true);
    },
  );

  it('paid through Checkout: Awaiting payment → Paid with the amount, time and payment intent; owner told live and by email; the client gets a receipt', async () => {
    const o = await connected();
    const socket = await connectSocket(server, { cookie: o.client.cookieHeader() });
    socket.send({ type: 'join', channel: userChannel(o.user.id) });
    await socket.next((m) => m.type === 'joined');
    const { proposal, token } = await sentWith(o.client, {
      lines: [{ id: 'build', price: 200_000 }],
      terms: percent(5000),
    });
    await accept(token);
    const awaiting = (await visitor().get(`/api/share/${token}`)).body as TSharedProposal;
    expect(awaiting.payment).toMatchObject({ status: 'awaiting', canPay: true, quote: { total: 100_000 } });

    const { url, sessionId } = await startPay(token);
    // A client who closed Checkout and presses Pay again gets the same session.
    expect((await startPay(token)).url).toBe(url);
    const html = await (await fetch(url)).text();
    expect(html).toContain('Website redesign — Deposit: 50% of the one-off total ($2,000)');
    const paid = await fetch(url, { method: 'POST', body: new URLSearchParams({ how: 'card' }), redirect: 'manual' });
    expect(paid.headers.get('location')).toBe(`${server.env.baseUrl}/p/${token}?payment=success`);
    await fake.settled();

    const payment = await paymentOf(o.client, proposal.id);
    const intent = fake.checkoutSession(sessionId)!.payment_intent as string;
    expect(payment).toMatchObject({
      status: 'paid',
      amountPaid: 100_000,
      paidVia: 'stripe',
      paymentIntentId: intent,
      receiptUrl: expect.stringMatching(/\/receipts\//),
      canMarkPaid: false,
    });
    expect(Date.parse(payment.paidAt!)).toBeGreaterThan(Date.now() - 60_000);
    const notice = await socket.next(
      (m) =>
        m.type === 'event' &&
        m.event === PROPOSAL_ACTIVITY_EVENT &&
        (m.data as { type?: string } | undefined)?.type === 'paid',
    );
    expect(notice).toMatchObject({ data: { type: 'paid', text: 'Dana Reyes paid $1,000 for “Website redesign”.' } });
    socket.ws.close();
    expect(await eventsOf(o.client, proposal.id)).toContain('paid');
    await mail.waitForMail(o.email, /Dana Reyes paid \$1,000 for “Website redesign”/);
    const receipt = await mail.waitForMail('dana@example.com', /^Payment received: Website redesign/);
    expect(receipt.text).toContain(payment.receiptUrl!);
    expect(receipt.text).toContain(`/p/${token}`);

    const client = (await visitor().get(`/api/share/${token}/payment`)).body as TSharedPayment;
    expect(client).toMatchObject({
      status: 'paid',
      amountPaid: 100_000,
      receiptUrl: payment.receiptUrl,
      canPay: false,
    });
    const again = await visitor().post(`/api/share/${token}/pay`);
    expect(again.status).toBe(409);
    expect(again.body.error.details).toEqual({ reason: 'paid' });
    // The signature stands, with its sealed PDF and certificate, whatever the payment.
    expect((await visitor().get(`/api/share/${token}`)).body.status).toBe('accepted');
  });

  it('R8: every payment event replayed 3 times in shuffled order ends on what Stripe says, with one effect each', async () => {
    const o = await connected();
    const { proposal, token } = await sentWith(o.client, { lines: [{ id: 'build', price: 80_000 }], terms: full() });
    await accept(token);
    const { sessionId } = await startPay(token);
    fake.setDeliveries(false);
    let history: TFakeEvent[];
    try {
      const from = fake.events.length;
      await fake.payCheckout(sessionId, 'card_declined');
      await fake.payCheckout(sessionId, 'card');
      const charge = fake.paymentIntent(fake.checkoutSession(sessionId)!.payment_intent as string)!
        .latest_charge as string;
      await fake.refundCharge(charge, 30_000);
      history = fake.events.slice(from).filter((e) => e.account === o.accountId);
    } finally {
      fake.setDeliveries(true);
    }
    expect(history.map((e) => e.type)).toEqual(
      expect.arrayContaining(['payment_intent.payment_failed', 'checkout.session.completed', 'charge.refunded']),
    );
    const replays = shuffled([...history, ...history, ...history], 16);
    const answers: boolean[] = [];
    for (const event of replays) {
      const payload = JSON.stringify(event.body);
      const res = await postWebhook(
        server,
        CONNECT_WEBHOOK,
        payload,
        fake.signWith(fake.connectWebhookSecret, payload),
      );
      expect(res.status, res.text).toBe(200);
      answers.push(res.body.duplicate as boolean);
    }
    expect(answers.filter((d) => !d)).toHaveLength(history.length);
    const payment = await paymentOf(o.client, proposal.id);
    expect(payment).toMatchObject({ status: 'paid', amountPaid: 80_000, refundedAmount: 30_000 });
    const types = await eventsOf(o.client, proposal.id);
    expect(types.filter((t) => t === 'paid')).toHaveLength(1);
    expect(types.filter((t) => t === 'refunded')).toHaveLength(1);
    // A failure read after the payment went through is history, not news: no failure shown.
    expect(payment.failure).toBeNull();
  });

  it('A16: no signature, a wrong one, an old one → 400; an unknown session, or another account’s session, is ignored safely', async () => {
    const o = await connected();
    const intruder = await connected();
    const { proposal, token } = await sentWith(o.client, { lines: [{ id: 'build', price: 50_000 }], terms: full() });
    await accept(token);
    const { sessionId } = await startPay(token);
    fake.setDeliveries(false);
    let completed: TFakeEvent;
    try {
      await fake.payCheckout(sessionId, 'card');
      completed = fake.events.filter((e) => e.type === 'checkout.session.completed').at(-1)!;
    } finally {
      fake.setDeliveries(true);
    }
    const payload = JSON.stringify(completed.body);
    expect((await postWebhook(server, CONNECT_WEBHOOK, payload, null)).status).toBe(400);
    expect((await postWebhook(server, CONNECT_WEBHOOK, payload, fake.signWith('whsec_wrong', payload))).status).toBe(
      400,
    );
    const old = fake.signWith(fake.connectWebhookSecret, payload, Math.floor(Date.now() / 1000) - 301);
    expect((await postWebhook(server, CONNECT_WEBHOOK, payload, old)).status).toBe(400);

    // Signed by Stripe (the platform's secret), but naming another connected account: ignored.
    const foreign = JSON.stringify({ ...completed.body, id: `${completed.id}_x`, account: intruder.accountId });
    const ignored = await postWebhook(
      server,
      CONNECT_WEBHOOK,
      foreign,
      fake.signWith(fake.connectWebhookSecret, foreign),
    );
    expect(ignored.status).toBe(200);
    expect((await paymentOf(o.client, proposal.id)).status).toBe('awaiting');
    // A session this server never made.
    const unknown = JSON.stringify({
      ...completed.body,
      id: `${completed.id}_y`,
      data: { object: { ...(completed.body.data as { object: object }).object, id: 'cs_test_unknown' } },
    });
    expect(
      (await postWebhook(server, CONNECT_WEBHOOK, unknown, fake.signWith(fake.connectWebhookSecret, unknown))).status,
    ).toBe(200);
    expect((await paymentOf(o.client, proposal.id)).status).toBe('awaiting');
    expect(server.logs.some((l) => l.msg === 'payment event for a session of another account; ignored')).toBe(true);

    // The real one, signed: applied; and its replay is a 200 with no second effect.
    const signed = fake.signWith(fake.connectWebhookSecret, payload);
    expect((await postWebhook(server, CONNECT_WEBHOOK, payload, signed)).body).toEqual({
      received: true,
      duplicate: false,
    });
    expect((await postWebhook(server, CONNECT_WEBHOOK, payload, signed)).body).toEqual({
      received: true,
      duplicate: true,
    });
    expect((await paymentOf(o.client, proposal.id)).status).toBe('paid');
  });

  it('a bank debit: processing, then refused (the client is told and may pay again), then paid by card, then refunded in full', async () => {
    const o = await connected();
    const { proposal, token } = await sentWith(o.client, { lines: [{ id: 'build', price: 60_000 }], terms: full() });
    await accept(token);
    const first = await startPay(token);
    await fake.payCheckout(first.sessionId, 'bank_debit');
    await fake.settled();
    expect((await paymentOf(o.client, proposal.id)).status).toBe('processing');
    const busy = await visitor().post(`/api/share/${token}/pay`);
    expect(busy.status).toBe(409);
    expect(busy.body.error.details).toEqual({ reason: 'processing' });

    await fake.settlePaymentIntent(fake.checkoutSession(first.sessionId)!.payment_intent as string, false);
    await fake.settled();
    const failed = await paymentOf(o.client, proposal.id);
    expect(failed).toMatchObject({
      status: 'awaiting',
      failure: { message: 'The bank debit was refused by the bank.' },
    });
    expect(await eventsOf(o.client, proposal.id)).toContain('payment_failed');
    await mail.waitForMail(o.email, /did not go through/);
    const shared = (await visitor().get(`/api/share/${token}/payment`)).body as TSharedPayment;
    expect(shared).toMatchObject({ status: 'awaiting', canPay: true, failure: { message: expect.any(String) } });

    const second = await startPay(token);
    expect(second.sessionId).not.toBe(first.sessionId);
    await fake.payCheckout(second.sessionId, 'card');
    await fake.settled();
    const paid = await paymentOf(o.client, proposal.id);
    expect(paid).toMatchObject({ status: 'paid', amountPaid: 60_000, failure: null });
    const charge = fake.paymentIntent(paid.paymentIntentId!)!.latest_charge as string;
    await fake.refundCharge(charge);
    await fake.settled();
    expect(await paymentOf(o.client, proposal.id)).toMatchObject({ status: 'refunded', refundedAmount: 60_000 });
  });

  it('mark as paid by hand: who and when, a note, the open Checkout closed; only the owner, only once, only when due', async () => {
    const o = await connected();
    const other = await owner('Mallory Other');
    const { proposal, token } = await sentWith(o.client, {
      lines: [{ id: 'build', price: 90_000 }],
      terms: percent(1000),
    });
    const early = await o.client.post(`/api/proposals/${proposal.id}/payment/mark-paid`, {});
    expect(early.status).toBe(409);
    await accept(token);
    const { sessionId } = await startPay(token);

    // Another owner's id, a missing one and a non-UUID all answer 404 (A1).
    for (const id of [proposal.id, '00000000-0000-4000-8000-000000000000', 'nope']) {
      expect((await other.client.get(`/api/proposals/${id}/payment`)).status).toBe(404);
      expect((await other.client.post(`/api/proposals/${id}/payment/mark-paid`, {})).status).toBe(404);
      expect((await other.client.post(`/api/proposals/${id}/payment/refresh`)).status).toBe(404);
    }
    expect(
      (await o.client.post(`/api/proposals/${proposal.id}/payment/mark-paid`, { note: 'x', amount: 5 })).status,
    ).toBe(400);

    const marked = await o.client.post(`/api/proposals/${proposal.id}/payment/mark-paid`, {
      note: 'Bank transfer, ref 4411',
    });
    expect(marked.status, marked.text).toBe(200);
    expect(marked.body).toMatchObject({
      status: 'paid',
      paidVia: 'manual',
      amountPaid: 9_000,
      markedBy: { name: 'Olivia Owner', note: 'Bank transfer, ref 4411' },
    });
    expect(fake.checkoutSession(sessionId)!.status).toBe('expired');
    expect(await eventsOf(o.client, proposal.id)).toContain('marked_paid');
    expect((await o.client.post(`/api/proposals/${proposal.id}/payment/mark-paid`, {})).status).toBe(409);
    const shared = (await visitor().get(`/api/share/${token}`)).body as TSharedProposal;
    expect(shared.payment).toMatchObject({ status: 'paid', paidVia: 'manual', canPay: false, receiptUrl: null });
  });

  it('a restricted key end to end: the webhook comes to the connection’s own endpoint, signed with its own secret', async () => {
    const o = await withKey();
    const { proposal, token } = await sentWith(o.client, { lines: [{ id: 'build', price: 70_000 }], terms: full() });
    await accept(token);
    const { sessionId } = await startPay(token);
    expect(lastCheckoutRequest()).toMatchObject({ account: o.stripeAccount, restricted: true });
    await fake.payCheckout(sessionId, 'card');
    await fake.settled();
    const delivered = fake.events.filter((e) => e.type === 'checkout.session.completed').at(-1)!;
    expect(
      delivered.targets.map((t) => [new URL(t.url).pathname.startsWith('/api/payments/webhook/'), t.status]),
    ).toEqual([[true, 200]]);
    expect((await paymentOf(o.client, proposal.id)).status).toBe('paid');

    // An endpoint this server does not have, or an event signed with another connection's secret: 400.
    const payload = JSON.stringify(delivered.body);
    const nowhere = await postWebhook(
      server,
      '/api/payments/webhook/00000000-0000-4000-8000-000000000000',
      payload,
      't=1,v1=x',
    );
    expect(nowhere.status).toBe(400);
    const target = new URL(delivered.targets[0]!.url).pathname;
    expect((await postWebhook(server, target, payload, fake.signWith(fake.connectWebhookSecret, payload))).status).toBe(
      400,
    );
  });

  it('without a webhook (Stripe cannot reach this server), the client back from Checkout sees Paid: the server asks Stripe', async () => {
    const o = await owner();
    const { key } = fake.createRestrictedKey();
    refuseEndpoints = true;
    try {
      expect((await o.client.request('/api/payments/key', { method: 'PUT', json: { key } })).status).toBe(200);
    } finally {
      refuseEndpoints = false;
    }
    const { proposal, token } = await sentWith(o.client, { lines: [{ id: 'build', price: 25_000 }], terms: full() });
    await accept(token);
    const { sessionId } = await startPay(token);
    await fake.payCheckout(sessionId, 'card');
    await fake.settled();
    expect((await paymentOf(o.client, proposal.id)).status).toBe('awaiting');
    const back = (await visitor().get(`/api/share/${token}/payment`)).body as TSharedPayment;
    expect(back).toMatchObject({ status: 'paid', amountPaid: 25_000 });
    expect((await paymentOf(o.client, proposal.id)).status).toBe('paid');
    expect(await eventsOf(o.client, proposal.id)).toContain('paid');
  });

  it('the acceptance never waits on the payment: a disconnected or refused account leaves the signature, tells the client and the owner', async () => {
    const o = await withKey();
    const { proposal, token } = await sentWith(o.client, { lines: [{ id: 'build', price: 40_000 }], terms: full() });
    fake.revokeKey(o.key);
    await accept(token);
    const refused = await visitor().post(`/api/share/${token}/pay`);
    expect(refused.status).toBe(409);
    expect(refused.body.error.details).toEqual({ reason: 'payments_unavailable' });
    expect(refused.body.error.message).toMatch(/Online payment is not available/);
    const settings = (await o.client.get('/api/payments')).body as TPaymentSettings;
    expect(settings.account).toMatchObject({
      status: 'needs_attention',
      problem: expect.stringMatching(/no longer accepts/),
    });
    await mail.waitForMail(o.email, /tried to pay for “Website redesign”/);
    const shared = (await visitor().get(`/api/share/${token}`)).body as TSharedProposal;
    expect(shared.status).toBe('accepted');
    expect(shared.payment).toMatchObject({ status: 'awaiting', canPay: false, unavailable: expect.any(String) });
    // The owner can still record a payment made another way.
    expect((await o.client.post(`/api/proposals/${proposal.id}/payment/mark-paid`, {})).status).toBe(200);
  });

  it('nothing to charge for the accepted choices: not due, and Pay says so', async () => {
    const o = await connected();
    const { proposal, token } = await sentWith(o.client, {
      lines: [
        { id: 'base', price: 0 },
        { id: 'extra', price: 20_000, optional: true },
      ],
      terms: full(),
    });
    await accept(token);
    expect((await paymentOf(o.client, proposal.id)).status).toBe('not_due');
    const pay = await visitor().post(`/api/share/${token}/pay`);
    expect(pay.status).toBe(409);
    expect(pay.body.error.details).toEqual({ reason: 'no_payment' });
  });
});

describe.each(backends())('without Stripe Connect configured (%s)', (backend: TBackend) => {
  let server: TTestServer;

  beforeAll(async () => {
    server = await startTestServer({ backend, env: { DEFAULT_PLAN: 'pro', TRUST_PROXY: 'true' } });
  });
  afterAll(() => server.close());

  it('Connect answers 409 with what to do; asking for a payment is refused with a message; everything else works', async () => {
    const o = await signUp(server, { name: 'Solo Owner' });
    await verifyEmail(server, o.user.id);
    expect((await o.client.get('/api/payments')).body).toEqual({ connectAvailable: false, account: null });
    const connect = await o.client.post('/api/payments/connect');
    expect(connect.status).toBe(409);
    expect(connect.body.error.message).toMatch(/Stripe Connect is not set up on this server.*restricted key/);
    const webhook = await server.client().request('/api/payments/webhook', {
      method: 'POST',
      body: '{}',
      origin: null,
      headers: { 'content-type': 'application/json' },
    });
    expect(webhook.status).toBe(409);

    const created = await o.client.post('/api/proposals', { title: 'Logo' });
    const saved = await o.client.patch(`/api/proposals/${created.body.id}`, {
      version: 1,
      client: { name: 'Dana Reyes', company: '', email: 'dana@example.com', phone: '', address: '' },
      validUntil: inDays(7),
      document: pricedDocument([{ id: 'logo', price: 50_000 }]),
    });
    const draft = saved.body as TProposal;
    const asking = await o.client.post(`/api/proposals/${draft.id}/send`, {
      version: draft.version,
      payment: { oneOff: { kind: 'full' } },
    });
    expect(asking.status).toBe(409);
    expect(asking.body.error.message).toMatch(/Connect your Stripe account/);
    const plain = await o.client.post(`/api/proposals/${draft.id}/send`, { version: draft.version });
    expect(plain.status, plain.text).toBe(200);
    const link = await o.client.get(`/api/proposals/${draft.id}/share-link`);
    const token = tokenOf(link.body.url as string);
    const shared = (await server.client({ ip: nextIp() }).get(`/api/share/${token}`)).body as TSharedProposal;
    expect(shared.payment).toBeNull();
    expect((await o.client.get(`/api/proposals/${draft.id}/payment`)).body).toMatchObject({
      status: 'none',
      quote: null,
    });
  });
});
