import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Stripe from 'stripe';
import { eq, inArray } from 'drizzle-orm';
import {
  BILLING_CHANGED_EVENT,
  BILLING_OFF_MESSAGE,
  userChannel,
  type TRealtimeServerMessage,
} from '@draftwell/shared';
import { billingEvents, subscriptions } from '../src/db/schema';
import { backends, connectSocket, freePort, rawRequest, signUp, startTestServer, type TTestServer } from './helpers';
import { FAKE_STRIPE_PRICES, startFakeStripe, type TFakeEvent, type TFakeStripe } from './support/stripe-fake';

/** A price Stripe knows that this server was not configured with. */
const LEGACY_PRICE = {
  id: 'price_fake_legacy',
  nickname: 'Legacy monthly',
  unitAmount: 900,
  currency: 'usd',
  interval: 'month' as const,
};

/**
 * Stripe billing against a Stripe-compatible server (support/stripe-fake.ts) driven by the real
 * `stripe` SDK: Checkout, the Customer Portal, invoices, and signed webhooks (QUALITY A16, A17, R8).
 */

type TUser = Awaited<ReturnType<typeof signUp>>;

const WEBHOOK = '/api/billing/webhook';

async function rowOf(server: TTestServer, userId: string) {
  const [row] = await server.deps.database.db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  return row ?? null;
}

/** Posts a webhook the way Stripe does: no Origin, no cookie, JSON, signed (or not) as given. */
function postWebhook(server: TTestServer, payload: string, signature: string | null) {
  return server.client().request(WEBHOOK, {
    method: 'POST',
    body: payload,
    origin: null,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      ...(signature ? { 'stripe-signature': signature } : {}),
    },
  });
}

/** The page a checkout url shows, then its "Subscribe" button (a form post), as a browser would. */
async function subscribeThroughCheckout(fake: TFakeStripe, url: string) {
  const pageRes = await fetch(url);
  expect(pageRes.status).toBe(200);
  const html = await pageRes.text();
  expect(html).toContain('<button type="submit">Subscribe</button>');
  const res = await fetch(url, { method: 'POST', redirect: 'manual' });
  expect(res.status).toBe(303);
  await fake.settled();
  return { html, location: res.headers.get('location') };
}

async function upgrade(server: TTestServer, fake: TFakeStripe, user: TUser, plan: string, interval: string) {
  const res = await user.client.post('/api/billing/checkout', { plan, interval });
  expect(res.status, res.text).toBe(200);
  expect(res.body.target).toBe('checkout');
  await subscribeThroughCheckout(fake, res.body.url as string);
  const row = await rowOf(server, user.user.id);
  return { subscriptionId: row!.stripeSubscriptionId!, customerId: row!.stripeCustomerId! };
}

/** Submits one of the portal page's forms by its button's accessible name. */
async function portalClick(portalUrl: string, buttonName: string) {
  const html = await (await fetch(portalUrl)).text();
  const forms = [...html.matchAll(/<form method="post" action="([^"]+)">(.*?)<\/form>/g)];
  const form = forms.find((f) => f[2]!.includes(`<button type="submit">${buttonName}</button>`));
  if (!form) throw new Error(`no "${buttonName}" button on the portal page:\n${html}`);
  const fields = new URLSearchParams(
    [...form[2]!.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m): [string, string] => [
      m[1]!,
      m[2]!,
    ]),
  );
  const res = await fetch(new URL(form[1]!, portalUrl), {
    method: 'POST',
    body: fields,
    redirect: 'manual',
  });
  expect(res.status).toBe(303);
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

describe.each(backends())('Stripe billing (%s)', (backend) => {
  let fake: TFakeStripe;
  let server: TTestServer;

  beforeAll(async () => {
    fake = await startFakeStripe({ prices: [...FAKE_STRIPE_PRICES, LEGACY_PRICE] });
    server = await startTestServer({ backend, env: { TRUST_PROXY: 'true', ...fake.appEnv() }, logLevel: 'info' });
    fake.setWebhookUrl(`${server.url}${WEBHOOK}`);
  });
  afterAll(async () => {
    await server.close();
    await fake.close();
  });

  it('Upgrade: Checkout with the configured price, webhooks, the new plan on GET /api/billing, a live update, invoices', async () => {
    // Billing is on: nothing in the log sends the operator to the command line.
    expect(billingOffLines(server)).toEqual([]);
    const user = await signUp(server);
    const socket = await connectSocket(server, { cookie: user.client.cookieHeader() });
    socket.send({ type: 'join', channel: userChannel(user.user.id) });
    await socket.next((m) => m.type === 'joined');

    const before = await user.client.get('/api/billing');
    expect(before.body).toMatchObject({ plan: 'free', billingEnabled: true, subscription: null });

    const res = await user.client.post('/api/billing/checkout', { plan: 'pro', interval: 'month' });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({
      url: expect.stringMatching(new RegExp(`^${fake.url}/checkout/cs_test_`)),
      target: 'checkout',
    });
    const { html, location } = await subscribeThroughCheckout(fake, res.body.url);
    expect(html).toContain('Subscribe to Pro monthly');
    expect(location).toBe(`${server.env.baseUrl}/profile?tab=plan&checkout=success`);

    const sent = fake.events.filter(
      (e) =>
        e.body.data.object.metadata?.userId === user.user.id ||
        e.body.data.object.client_reference_id === user.user.id ||
        e.body.data.object.parent?.subscription_details?.metadata?.userId === user.user.id,
    );
    expect(sent.map((e) => e.type).sort()).toEqual([
      'checkout.session.completed',
      'customer.subscription.created',
      'invoice.paid',
    ]);
    expect(sent.every((e) => e.deliveredStatus === 200)).toBe(true);

    const state = await user.client.get('/api/billing');
    const sub = fake.subscription((await rowOf(server, user.user.id))!.stripeSubscriptionId!)!;
    expect(state.body.plan).toBe('pro');
    expect(state.body.subscription).toEqual({
      source: 'stripe',
      plan: 'pro',
      status: 'active',
      interval: 'month',
      currentPeriodEnd: new Date(sub.items.data[0].current_period_end * 1000).toISOString(),
      cancelAtPeriodEnd: false,
      canceledAt: null,
      trialEnd: null,
      paymentFailedAt: null,
    });
    // Usage periods now start on the subscription's day of the month.
    expect(state.body.period.start.slice(8)).toBe(
      new Date(sub.items.data[0].current_period_start * 1000).toISOString().slice(8, 10),
    );

    const live = (await socket.next((m) => m.type === 'event' && m.event === BILLING_CHANGED_EVENT)) as Extract<
      TRealtimeServerMessage,
      { type: 'event' }
    >;
    expect(live.data).toEqual({ plan: 'pro' });
    socket.ws.close();

    const invoices = await user.client.get('/api/billing/invoices');
    expect(invoices.status).toBe(200);
    expect(invoices.body.items).toEqual([
      expect.objectContaining({
        status: 'paid',
        total: 1900,
        amountPaid: 1900,
        currency: 'USD',
        number: expect.any(String),
      }),
    ]);
    expect(invoices.body.items[0].hostedInvoiceUrl).toMatch(new RegExp(`^${fake.url}/invoices/in_`));

    // Upgrade again: the portal, never a second subscription.
    const sessionsBefore = fake.requests.filter((r) => r.path === '/v1/checkout/sessions').length;
    const again = await user.client.post('/api/billing/checkout', { plan: 'business', interval: 'year' });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({
      url: expect.stringMatching(new RegExp(`^${fake.url}/portal/bps_`)),
      target: 'portal',
    });
    expect(fake.requests.filter((r) => r.path === '/v1/checkout/sessions').length).toBe(sessionsBefore);
  });

  it('A17: a checkout request naming its own price, customer or plan-price is refused; the server derives them', async () => {
    const user = await signUp(server);
    const sessionsBefore = fake.requests.filter((r) => r.path === '/v1/checkout/sessions').length;
    for (const extra of [
      { price: 'price_attacker' },
      { priceId: 'price_attacker' },
      { customer: 'cus_attacker' },
      { line_items: [{ price: 'price_attacker', quantity: 1 }] },
      { amount: 1 },
    ]) {
      const res = await user.client.post('/api/billing/checkout', { plan: 'pro', interval: 'month', ...extra });
      expect(res.status, JSON.stringify(extra)).toBe(400);
      expect(res.body.error.code).toBe('invalid');
    }
    for (const bad of [
      { plan: 'free', interval: 'month' },
      { plan: 'pro', interval: 'week' },
      { plan: 'enterprise', interval: 'year' },
      {},
    ]) {
      expect((await user.client.post('/api/billing/checkout', bad)).status, JSON.stringify(bad)).toBe(400);
    }
    expect(fake.requests.filter((r) => r.path === '/v1/checkout/sessions').length).toBe(sessionsBefore);

    const res = await user.client.post('/api/billing/checkout', { plan: 'business', interval: 'year' });
    expect(res.status).toBe(200);
    const created = fake.requests.filter((r) => r.path === '/v1/checkout/sessions').at(-1)!.params;
    expect(created.line_items).toEqual([{ price: fake.appEnv().STRIPE_PRICE_BUSINESS_YEARLY, quantity: '1' }]);
    expect(created.client_reference_id).toBe(user.user.id);
    expect(created.subscription_data).toEqual({ metadata: { userId: user.user.id } });
    // The customer is the account's own, created by the server for it.
    expect(created.customer_email).toBeUndefined();
    expect(fake.customer(created.customer)).toMatchObject({ email: user.email, metadata: { userId: user.user.id } });

    // After a subscription ended, the next Checkout reuses the customer we know, not a new one.
    await subscribeThroughCheckout(fake, res.body.url);
    const first = await rowOf(server, user.user.id);
    expect(first).toMatchObject({ plan: 'business', interval: 'year', status: 'active' });
    await fake.cancelNow(first!.stripeSubscriptionId!);
    expect((await user.client.get('/api/billing')).body.plan).toBe('free');
    const next = await user.client.post('/api/billing/checkout', { plan: 'pro', interval: 'month' });
    expect(next.body.target).toBe('checkout');
    const second = fake.requests.filter((r) => r.path === '/v1/checkout/sessions').at(-1)!.params;
    expect(first!.stripeCustomerId).toBe(created.customer);
    expect(second.customer).toBe(created.customer);
    expect(second.line_items).toEqual([{ price: fake.appEnv().STRIPE_PRICE_PRO_MONTHLY, quantity: '1' }]);
  });

  it('two Upgrades at once leave one Checkout open: the second expires the first', async () => {
    const user = await signUp(server);
    const [a, b] = await Promise.all([
      user.client.post('/api/billing/checkout', { plan: 'pro', interval: 'month' }),
      user.client.post('/api/billing/checkout', { plan: 'pro', interval: 'year' }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const ids = [a, b].map((res) => new URL(res.body.url as string).pathname.split('/').at(-1)!);
    expect(new Set(ids).size).toBe(2);
    const statuses = ids.map((id) => fake.checkoutSession(id)!.status as string).sort();
    expect(statuses).toEqual(['expired', 'open']);
  });

  it("Upgrade again before the first Checkout's webhooks arrived: the portal, not a second subscription", async () => {
    const user = await signUp(server);
    const res = await user.client.post('/api/billing/checkout', { plan: 'pro', interval: 'month' });
    fake.setWebhookUrl(undefined);
    await fake.completeCheckout(new URL(res.body.url as string).pathname.split('/').at(-1)!);
    fake.setWebhookUrl(`${server.url}${WEBHOOK}`);
    expect(await rowOf(server, user.user.id)).toBeNull();
    const again = await user.client.post('/api/billing/checkout', { plan: 'business', interval: 'month' });
    expect(again.status).toBe(200);
    expect(again.body.target).toBe('portal');
  });

  it('a new Upgrade expires the Checkout an older tab still shows, so it cannot start a second subscription', async () => {
    const user = await signUp(server);
    const first = await user.client.post('/api/billing/checkout', { plan: 'pro', interval: 'month' });
    const second = await user.client.post('/api/billing/checkout', { plan: 'business', interval: 'month' });
    expect(second.body.target).toBe('checkout');
    const stale = await fetch(first.body.url as string);
    expect(await stale.text()).toContain('This checkout is expired');
    const paid = await fetch(first.body.url as string, { method: 'POST', redirect: 'manual' });
    expect(paid.status).toBe(400);
    await subscribeThroughCheckout(fake, second.body.url as string);
    expect((await user.client.get('/api/billing')).body.plan).toBe('business');
  });

  it('Manage billing: the portal cancels at period end, renews, switches plan and cancels, each shown with its dates', async () => {
    const user = await signUp(server);
    const none = await user.client.post('/api/billing/portal');
    expect(none.status).toBe(409);
    expect(none.body.error.message).toMatch(/no billing account/i);

    const { customerId } = await upgrade(server, fake, user, 'pro', 'month');
    const portal = await user.client.post('/api/billing/portal');
    expect(portal.status).toBe(200);
    expect(portal.body).toEqual({ url: expect.stringMatching(new RegExp(`^${fake.url}/portal/bps_`)) });
    const portalRequest = fake.requests.filter((r) => r.path === '/v1/billing_portal/sessions').at(-1)!.params;
    expect(portalRequest).toEqual({ customer: customerId, return_url: `${server.env.baseUrl}/profile?tab=plan` });
    const html = await (await fetch(portal.body.url)).text();
    expect(html).toContain(`<a href="${server.env.baseUrl}/profile?tab=plan">Return to Draftwell</a>`);

    const view = async () => (await user.client.get('/api/billing')).body;

    await portalClick(portal.body.url, 'Cancel at period end');
    await fake.settled();
    let state = await view();
    expect(state.plan).toBe('pro');
    expect(state.subscription).toMatchObject({
      status: 'active',
      cancelAtPeriodEnd: true,
      currentPeriodEnd: expect.any(String),
    });

    await portalClick(portal.body.url, 'Renew plan');
    await fake.settled();
    state = await view();
    expect(state.subscription).toMatchObject({ status: 'active', cancelAtPeriodEnd: false, canceledAt: null });

    await portalClick(portal.body.url, 'Switch to Business yearly');
    await fake.settled();
    state = await view();
    expect(state.plan).toBe('business');
    expect(state.subscription).toMatchObject({ plan: 'business', interval: 'year', status: 'active' });

    await portalClick(portal.body.url, 'Cancel now');
    await fake.settled();
    state = await view();
    expect(state.plan).toBe('free');
    expect(state.subscription).toMatchObject({
      status: 'canceled',
      canceledAt: expect.any(String),
      cancelAtPeriodEnd: false,
    });
    expect((await fetch(portal.body.url).then((r) => r.text())).includes('No active subscription.')).toBe(true);
  });

  it('A failed renewal: past_due keeps the plan and says when payment failed; paying clears it', async () => {
    const user = await signUp(server);
    const { subscriptionId } = await upgrade(server, fake, user, 'business', 'month');
    await fake.failPayment(subscriptionId);
    await fake.settled();
    let state = (await user.client.get('/api/billing')).body;
    expect(state.plan).toBe('business');
    expect(state.subscription).toMatchObject({ status: 'past_due', paymentFailedAt: expect.any(String) });
    const invoices = (await user.client.get('/api/billing/invoices')).body.items;
    expect(invoices.map((i: { status: string }) => i.status)).toEqual(['open', 'paid']);

    await fake.payOpenInvoice(subscriptionId);
    await fake.settled();
    state = (await user.client.get('/api/billing')).body;
    expect(state.subscription).toMatchObject({ status: 'active', paymentFailedAt: null });
  });

  it('A16: no signature, a wrong one, or one older than 300 s is a 400; a replayed event id is a 200 with no second effect', async () => {
    const user = await signUp(server);
    const { subscriptionId } = await upgrade(server, fake, user, 'pro', 'month');

    // An update Stripe sends that is not delivered yet.
    fake.setWebhookUrl(undefined);
    await fake.setCancelAtPeriodEnd(subscriptionId, true);
    fake.setWebhookUrl(`${server.url}${WEBHOOK}`);
    const event = fake.events.at(-1)!;
    const payload = JSON.stringify(event.body);
    const eventRows = async () =>
      (await server.deps.database.db.select().from(billingEvents).where(eq(billingEvents.id, event.id))).length;

    const tampered = payload.replace('"cancel_at_period_end":true', '"cancel_at_period_end":false');
    expect(tampered).not.toBe(payload);
    const otherSecret = Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_not_this_endpoint' });
    const refused = [
      await postWebhook(server, payload, null),
      await postWebhook(server, payload, 'nonsense'),
      await postWebhook(server, payload, otherSecret),
      await postWebhook(server, payload, fake.sign(tampered)),
      await postWebhook(server, tampered, fake.sign(payload)),
      await postWebhook(server, payload, fake.sign(payload, Math.floor(Date.now() / 1000) - 301)),
    ];
    for (const res of refused) {
      expect(res.status, res.text).toBe(400);
      expect(res.body.error.code).toBe('invalid');
    }
    expect(await eventRows()).toBe(0);
    expect((await rowOf(server, user.user.id))!.cancelAtPeriodEnd).toBe(false);

    // Within the tolerance, with no Origin and no session: applied.
    const ok = await postWebhook(server, payload, fake.sign(payload, Math.floor(Date.now() / 1000) - 250));
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body).toEqual({ received: true, duplicate: false });
    const applied = await rowOf(server, user.user.id);
    expect(applied!.cancelAtPeriodEnd).toBe(true);

    // Stripe changes again, silently; replaying the old event must not pick that up.
    fake.setWebhookUrl(undefined);
    await fake.setCancelAtPeriodEnd(subscriptionId, false);
    fake.setWebhookUrl(`${server.url}${WEBHOOK}`);
    for (let i = 0; i < 3; i++) {
      const replay = await postWebhook(server, payload, fake.sign(payload));
      expect(replay.status).toBe(200);
      expect(replay.body).toEqual({ received: true, duplicate: true });
    }
    expect(await eventRows()).toBe(1);
    expect(await rowOf(server, user.user.id)).toEqual(applied);
  });

  it('the webhook takes no session or Origin, but has its own body limit', async () => {
    const big = JSON.stringify({ id: 'evt_big', object: 'event', padding: 'x'.repeat(300 * 1024) });
    const res = await rawRequest(`${server.url}${WEBHOOK}`, {
      headers: {
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(big)),
        'stripe-signature': fake.sign(big),
      },
      body: big,
    });
    expect(res.status).toBe(413);
    // Every other state-changing API route still requires our Origin.
    const user = await signUp(server);
    const foreign = await user.client.request('/api/billing/checkout', {
      method: 'POST',
      json: { plan: 'pro', interval: 'month' },
      origin: null,
    });
    expect(foreign.status).toBe(403);
  });

  it('R8: every event of a history, replayed 3 times in shuffled order, ends on what Stripe says, one change at most per event', async () => {
    const user = await signUp(server);
    const res = await user.client.post('/api/billing/checkout', { plan: 'pro', interval: 'month' });
    const sessionId = new URL(res.body.url as string).pathname.split('/').at(-1)!;

    // The history happens at Stripe while the webhook endpoint is unreachable.
    fake.setWebhookUrl(undefined);
    const from = fake.events.length;
    const sub = await fake.completeCheckout(sessionId);
    await fake.switchPrice(sub.id, fake.appEnv().STRIPE_PRICE_BUSINESS_MONTHLY!);
    await fake.setCancelAtPeriodEnd(sub.id, true);
    await fake.setCancelAtPeriodEnd(sub.id, false);
    await fake.failPayment(sub.id);
    await fake.payOpenInvoice(sub.id);
    await fake.switchPrice(sub.id, fake.appEnv().STRIPE_PRICE_PRO_YEARLY!);
    await fake.setCancelAtPeriodEnd(sub.id, true);
    const history: TFakeEvent[] = fake.events.slice(from);
    fake.setWebhookUrl(`${server.url}${WEBHOOK}`);
    expect(history.length).toBeGreaterThanOrEqual(12);

    const socket = await connectSocket(server, { cookie: user.client.cookieHeader() });
    socket.send({ type: 'join', channel: userChannel(user.user.id) });
    await socket.next((m) => m.type === 'joined');

    // The first round newest first (every stale picture comes after the current one), then two
    // random orders: 3 deliveries of each event.
    const deliveries = [[...history].reverse(), shuffled(history, 7919), shuffled(history, 104729)].flat();
    const seen = new Set<string>();
    let changesOnFirstDelivery = 0;
    let changesOnReplay = 0;
    for (const event of deliveries) {
      const before = await rowOf(server, user.user.id);
      const payload = JSON.stringify(event.body);
      const res = await postWebhook(server, payload, fake.sign(payload));
      expect(res.status, res.text).toBe(200);
      expect(res.body.duplicate).toBe(seen.has(event.id));
      const after = await rowOf(server, user.user.id);
      const changed = before?.updatedAt.getTime() !== after?.updatedAt.getTime();
      if (seen.has(event.id)) changesOnReplay += changed ? 1 : 0;
      else changesOnFirstDelivery += changed ? 1 : 0;
      seen.add(event.id);
    }
    expect(changesOnReplay).toBe(0);
    expect(changesOnFirstDelivery).toBeGreaterThanOrEqual(1);
    expect(changesOnFirstDelivery).toBeLessThanOrEqual(history.length);

    const stored = await server.deps.database.db
      .select()
      .from(billingEvents)
      .where(
        inArray(
          billingEvents.id,
          history.map((e) => e.id),
        ),
      );
    expect(stored.length).toBe(history.length);

    // What Stripe says now: Pro yearly, active, ending at the period's end.
    const now = fake.subscription(sub.id)!;
    const item = now.items.data[0];
    expect(item.price.id).toBe(fake.appEnv().STRIPE_PRICE_PRO_YEARLY);
    const state = (await user.client.get('/api/billing')).body;
    expect(state.plan).toBe('pro');
    expect(state.subscription).toEqual({
      source: 'stripe',
      plan: 'pro',
      status: now.status,
      interval: 'year',
      currentPeriodEnd: new Date(item.current_period_end * 1000).toISOString(),
      cancelAtPeriodEnd: true,
      canceledAt: new Date(now.canceled_at * 1000).toISOString(),
      trialEnd: null,
      paymentFailedAt: null,
    });

    const live = socket.messages.filter((m) => m.type === 'event' && m.event === BILLING_CHANGED_EVENT);
    expect(live.length).toBe(changesOnFirstDelivery);
    socket.ws.close();
  });

  it('the events of a history delivered all at once still end on what Stripe says', async () => {
    const user = await signUp(server);
    const res = await user.client.post('/api/billing/checkout', { plan: 'business', interval: 'month' });
    const sessionId = new URL(res.body.url as string).pathname.split('/').at(-1)!;
    fake.setWebhookUrl(undefined);
    const from = fake.events.length;
    const sub = await fake.completeCheckout(sessionId);
    await fake.switchPrice(sub.id, fake.appEnv().STRIPE_PRICE_PRO_MONTHLY!);
    await fake.failPayment(sub.id);
    await fake.setCancelAtPeriodEnd(sub.id, true);
    const history = fake.events.slice(from);
    fake.setWebhookUrl(`${server.url}${WEBHOOK}`);

    const results = await Promise.all(
      [...history, ...history].map((event) => {
        const payload = JSON.stringify(event.body);
        return postWebhook(server, payload, fake.sign(payload));
      }),
    );
    expect(results.map((r) => r.status)).toEqual(results.map(() => 200));
    expect(results.filter((r) => r.body.duplicate === false).length).toBe(history.length);
    const state = (await user.client.get('/api/billing')).body;
    expect(state.plan).toBe('pro');
    expect(state.subscription).toMatchObject({
      status: 'past_due',
      interval: 'month',
      cancelAtPeriodEnd: true,
      paymentFailedAt: expect.any(String),
    });
  });

  it('a subscription moved to a price this server does not know keeps its plan, with a warning', async () => {
    const user = await signUp(server);
    const { subscriptionId } = await upgrade(server, fake, user, 'pro', 'month');
    const before = await rowOf(server, user.user.id);
    await fake.switchPrice(subscriptionId, LEGACY_PRICE.id);
    await fake.settled();
    const after = await rowOf(server, user.user.id);
    expect(after).toMatchObject({ plan: 'pro', interval: 'month', stripePriceId: before!.stripePriceId });
    expect(
      server.logs.some(
        (l) => l.msg === 'stripe price is not one of ours; plan left as it was' && l.price === LEGACY_PRICE.id,
      ),
    ).toBe(true);
  });

  it('a key Stripe refuses: 500 with no Stripe words, and an error in the log for the operator', async () => {
    const misconfigured = await startTestServer({
      backend,
      env: { ...fake.appEnv(), STRIPE_SECRET_KEY: 'sk_test_revoked' },
    });
    try {
      const user = await signUp(misconfigured);
      const { result, errors } = await misconfigured.withErrorLogs(() =>
        user.client.post('/api/billing/checkout', { plan: 'pro', interval: 'month' }),
      );
      expect(result.status).toBe(500);
      expect(result.body.error.message).toMatch(/Billing is not set up correctly/);
      expect(result.text).not.toContain('sk_test');
      expect(errors.map((e) => [e.msg, e.status])).toEqual([['stripe refused a request', 401]]);
    } finally {
      await misconfigured.close();
    }
  });

  it("Stripe unreachable while applying an event: 503, and the event is not marked seen, so Stripe's retry will apply it", async () => {
    const deadPort = await freePort();
    const cut = await startTestServer({
      backend,
      env: { ...fake.appEnv(), STRIPE_API_URL: `http://127.0.0.1:${deadPort}` },
    });
    try {
      const user = await signUp(cut);
      const res = await user.client.post('/api/billing/checkout', { plan: 'pro', interval: 'month' });
      expect(res.status).toBe(503);
      expect(res.body.error.message).toMatch(/Stripe is not answering/);
      expect(res.headers.get('retry-after')).toBe('30');

      const event = {
        id: 'evt_unreachable_1',
        object: 'event',
        type: 'customer.subscription.updated',
        created: Math.floor(Date.now() / 1000),
        data: {
          object: { id: 'sub_x', object: 'subscription', customer: 'cus_x', metadata: { userId: user.user.id } },
        },
      };
      const payload = JSON.stringify(event);
      const first = await postWebhook(cut, payload, fake.sign(payload));
      expect(first.status).toBe(503);
      const rows = await cut.deps.database.db.select().from(billingEvents).where(eq(billingEvents.id, event.id));
      expect(rows).toEqual([]);
    } finally {
      await cut.close();
    }
  });
});

/** The start-up line that tells the operator how plans change while billing is off. */
const billingOffLines = (server: TTestServer) =>
  server.logs.filter((l) => typeof l.msg === 'string' && l.msg.includes('npm run admin -- set-plan'));

describe.each(backends())('Billing off (%s)', (backend) => {
  let server: TTestServer;
  beforeAll(async () => {
    server = await startTestServer({ backend, logLevel: 'info' });
  });
  afterAll(() => server.close());

  it('the operator reads how to change a plan in the log, once at start; users get words for a user', async () => {
    expect(billingOffLines(server).map((l) => l.msg)).toEqual([
      'Billing is off (no STRIPE_* settings): every account starts on the Free plan (DEFAULT_PLAN). To change an account’s plan, run: npm run admin -- set-plan <email> <free|pro|business>',
    ]);
    expect(BILLING_OFF_MESSAGE).toBe(
      'Billing is not set up on this server, so plans cannot be bought or changed here. To change your plan, ask whoever runs this server.',
    );
    const user = await signUp(server);
    const res = await user.client.post('/api/billing/checkout', { plan: 'pro', interval: 'month' });
    expect(res.body.error.message).not.toMatch(/npm|admin|operator/);
    expect(billingOffLines(server)).toHaveLength(1);
  });

  it('checkout, portal, invoices and the webhook say billing is not enabled; the plan still shows', async () => {
    const user = await signUp(server);
    const state = await user.client.get('/api/billing');
    expect(state.status).toBe(200);
    expect(state.body).toMatchObject({ plan: 'free', billingEnabled: false, subscription: null });
    for (const res of [
      await user.client.post('/api/billing/checkout', { plan: 'pro', interval: 'month' }),
      await user.client.post('/api/billing/portal'),
      await user.client.get('/api/billing/invoices'),
      await postWebhook(server, '{}', 't=1,v1=00'),
    ]) {
      expect(res.status).toBe(409);
      expect(res.body.error).toMatchObject({
        code: 'conflict',
        message: BILLING_OFF_MESSAGE,
        details: { reason: 'billing_off' },
      });
    }
  });

  it('billing routes need a session', async () => {
    const anonymous = server.client();
    expect((await anonymous.get('/api/billing/invoices')).status).toBe(401);
    expect((await anonymous.post('/api/billing/checkout', { plan: 'pro', interval: 'month' })).status).toBe(401);
    expect((await anonymous.post('/api/billing/portal')).status).toBe(401);
  });
});
