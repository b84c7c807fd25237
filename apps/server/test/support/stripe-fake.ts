/**
 * A Stripe-compatible server for the API and browser tests: the real `stripe` SDK talks to it
 * (through its host/port/protocol options) instead of api.stripe.com. It keeps customers,
 * prices, Checkout sessions, subscriptions, invoices and Customer Portal sessions in memory,
 * answers the API routes Draftwell calls the way Stripe does (form-encoded bodies, Bearer secret
 * key, Stripe-shaped objects, lists and error bodies, `expand[]`, idempotency keys), and sends
 * webhooks signed like Stripe's to `webhookUrl`.
 *
 * It also serves the two pages Stripe hosts, so a browser can walk through them:
 *   GET /checkout/:id   "Subscribe" (completes the session, sends its webhooks, goes to success_url)
 *                       and a "Back to Draftwell" link (cancel_url)
 *   GET /portal/:id     per subscription "Cancel at period end" | "Renew plan", "Cancel now",
 *                       "Switch to <price nickname>"; a "Return to Draftwell" link (return_url)
 * Every page action waits until its webhooks were answered before redirecting, so the app has
 * the new state by the time the browser is back.
 *
 * Payments on other accounts (decision 0018), as a Connect platform and as those accounts' own
 * restricted keys: accounts, Connect OAuth (GET/POST /oauth/authorize, a page to connect or deny;
 * POST /oauth/token; POST /oauth/deauthorize), the `Stripe-Account` header, restricted keys
 * (rk_test_…) with per-resource permissions (403 as Stripe answers), webhook endpoints made
 * through the API (each with its own signing secret), and Checkout in payment mode with a page
 * that pays by card, by a card that is declined, or by a bank debit that settles later. Events
 * of a connected account go to the Connect endpoint (`connectWebhookUrl`) naming their `account`;
 * events of any account also go to that account's own endpoints.
 *
 * Test controls, without the secret key (this is not Stripe's API):
 *   GET  /healthz                                  200 "ok"
 *   GET  /__fake/events                            every event sent, oldest first, with delivery status
 *   POST /__fake/subscriptions/:id/fail-payment    the renewal fails: past_due, invoice.payment_failed
 *   POST /__fake/subscriptions/:id/pay             the open invoice is paid: active, invoice.paid
 *   POST /__fake/accounts                          { name, email } → a Standard account
 *   POST /__fake/restricted-keys                   { account?, permissions? } → { key, account }
 *   POST /__fake/payment_intents/:id/settle        { ok: boolean } a bank debit succeeds or fails
 *   POST /__fake/charges/:id/refund                { amount? } refunds a charge (in full by default)
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

export type TFakePrice = {
  id: string;
  nickname: string;
  unitAmount: number;
  currency: string;
  interval: 'month' | 'year';
};

/** The catalogue used unless another is given: Draftwell's paid plans (PRODUCT.md §7). */
export const FAKE_STRIPE_PRICES: TFakePrice[] = [
  { id: 'price_fake_pro_monthly', nickname: 'Pro monthly', unitAmount: 1900, currency: 'usd', interval: 'month' },
  { id: 'price_fake_pro_yearly', nickname: 'Pro yearly', unitAmount: 19000, currency: 'usd', interval: 'year' },
  {
    id: 'price_fake_business_monthly',
    nickname: 'Business monthly',
    unitAmount: 4900,
    currency: 'usd',
    interval: 'month',
  },
  {
    id: 'price_fake_business_yearly',
    nickname: 'Business yearly',
    unitAmount: 49000,
    currency: 'usd',
    interval: 'year',
  },
];

export type TFakeStripeOptions = {
  /** 0 (default) picks a free port. */
  port?: number;
  host?: string;
  /** Where events are posted; none: events are only recorded (set it later with setWebhookUrl). */
  webhookUrl?: string;
  webhookSecret?: string;
  secretKey?: string;
  prices?: TFakePrice[];
  /** Told about a webhook that could not be delivered or was not answered with 2xx. */
  onDeliveryProblem?: (message: string) => void;
  /** The platform's Connect client id (ca_…), and where events of connected accounts go, signed with its secret. */
  connectClientId?: string;
  connectWebhookUrl?: string;
  connectWebhookSecret?: string;
  /** Webhook endpoint URLs Stripe would refuse (not reachable from the internet), as Stripe answers: 400 on `url`. */
  refuseWebhookUrl?: (url: string) => boolean;
};

/** What a restricted key may do, per resource: the permissions a Draftwell owner is told to give. */
export type TKeyPermissions = Partial<Record<TKeyResource, 'read' | 'write'>>;
export type TKeyResource = 'checkout_sessions' | 'webhook_endpoints' | 'payment_intents' | 'charges';
export const PAYMENT_KEY_PERMISSIONS: TKeyPermissions = {
  checkout_sessions: 'write',
  webhook_endpoints: 'write',
  payment_intents: 'read',
  charges: 'read',
};

/** The platform's own account: billing's customers and subscriptions live there. */
export const FAKE_PLATFORM_ACCOUNT = 'acct_fake_platform';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Stripe objects are open JSON here
type TObj = Record<string, any>;

export type TFakeEvent = {
  id: string;
  type: string;
  created: number;
  /** The event exactly as Stripe would post it. */
  body: TObj;
  /** The webhook's HTTP status (0: not reachable), or null while not sent or with no webhookUrl. */
  deliveredStatus: number | null;
  /** The account it happened on (the platform's for billing). */
  account: string;
  /** Where it was (or is to be) posted, with each answer's status. */
  targets: Array<{ url: string; secret: string; status: number | null }>;
};

export type TApiRequest = {
  method: string;
  path: string;
  params: TObj;
  /** The account the request acted on, and whether a restricted key made it. */
  account?: string;
  restricted?: boolean;
};

export type TFakeStripe = {
  url: string;
  port: number;
  secretKey: string;
  webhookSecret: string;
  prices: TFakePrice[];
  /** STRIPE_* variables that point Draftwell at this server (plans mapped in catalogue order). */
  appEnv(): Record<string, string>;
  setWebhookUrl(url: string | undefined): void;
  /** Every event, oldest first. */
  events: TFakeEvent[];
  /** Every authenticated API request, oldest first (A17: what the app actually asked Stripe for). */
  requests: TApiRequest[];
  /** A header value signing `payload` with the webhook secret, at `timestamp` (seconds; default now). */
  sign(payload: string, timestamp?: number): string;
  customer(id: string): TObj | undefined;
  checkoutSession(id: string): TObj | undefined;
  subscription(id: string): TObj | undefined;
  subscriptionsOf(customerId: string): TObj[];
  /** What the Checkout page's "Subscribe" does. */
  completeCheckout(sessionId: string): Promise<TObj>;
  setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): Promise<TObj>;
  switchPrice(subscriptionId: string, priceId: string): Promise<TObj>;
  cancelNow(subscriptionId: string): Promise<TObj>;
  failPayment(subscriptionId: string): Promise<TObj>;
  payOpenInvoice(subscriptionId: string): Promise<TObj>;
  /** Resolves once every event emitted so far has been delivered (or failed to be). */
  settled(): Promise<void>;
  close(): Promise<void>;
  // Payments on owners' own accounts (decision 0018)
  connectClientId: string;
  connectWebhookSecret: string;
  setConnectWebhookUrl(url: string | undefined): void;
  /** Off: events are recorded but not posted (a test posts them itself, in its own order). */
  setDeliveries(on: boolean): void;
  createAccount(input?: { name?: string; email?: string; country?: string; currency?: string }): TObj;
  account(id: string): TObj | undefined;
  /** Whether the platform is connected to the account (OAuth). */
  isConnected(id: string): boolean;
  createRestrictedKey(account?: string, permissions?: TKeyPermissions): { key: string; account: string };
  /** Deleted in the Dashboard: Stripe answers 401 to it from now on. */
  revokeKey(key: string): void;
  webhookEndpoints(account: string): TObj[];
  paymentIntent(id: string): TObj | undefined;
  charge(id: string): TObj | undefined;
  /** What the Checkout page's buttons do in payment mode. */
  payCheckout(
    sessionId: string,
    how?: 'card' | 'card_declined' | 'bank_debit',
    payer?: { name?: string },
  ): Promise<TObj>;
  settlePaymentIntent(id: string, ok: boolean): Promise<TObj>;
  refundCharge(id: string, amount?: number): Promise<TObj>;
  /** A header value signing `payload` with any secret (an endpoint's, the Connect one). */
  signWith(secret: string, payload: string, timestamp?: number): string;
};

class FakeStripeError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
    readonly extra: TObj = {},
  ) {
    super(message);
  }
}

const missing = (what: string, id: string, param?: string) =>
  new FakeStripeError(404, 'invalid_request_error', `No such ${what}: '${id}'`, {
    code: 'resource_missing',
    ...(param ? { param } : {}),
  });
const invalid = (message: string, param?: string) =>
  new FakeStripeError(400, 'invalid_request_error', message, param ? { param } : {});

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;
const now = () => Math.floor(Date.now() / 1000);
const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

/** One interval later, on the same day of the month where it exists (UTC). */
function addInterval(seconds: number, interval: 'month' | 'year'): number {
  const d = new Date(seconds * 1000);
  const months = interval === 'month' ? 1 : 12;
  const target = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d.getUTCDate(), lastDay));
  target.setUTCHours(d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds());
  return Math.floor(target.getTime() / 1000);
}

/**
 * Stripe's form encoding (`a[b][0][c]=v`) back into objects; objects whose keys are all indexes
 * become arrays. Used for API bodies and query strings, and for the pages' own forms.
 */
export function parseStripeForm(encoded: string): TObj {
  const root: TObj = {};
  for (const [key, value] of new URLSearchParams(encoded)) {
    const segments = (key.match(/^[^[\]]+|\[[^\]]*\]/g) ?? [key]).map((s) => (s.startsWith('[') ? s.slice(1, -1) : s));
    let node = root;
    segments.forEach((segment, i) => {
      const name = segment === '' ? String(Object.keys(node).length) : segment;
      if (i === segments.length - 1) node[name] = value;
      else node = (node[name] ??= {}) as TObj;
    });
  }
  const arrays = (v: unknown): unknown => {
    if (v === null || typeof v !== 'object') return v;
    const entries = Object.entries(v as TObj).map(([k, x]) => [k, arrays(x)] as const);
    if (entries.length > 0 && entries.every(([k]) => /^\d+$/.test(k))) {
      return entries.sort((a, b) => Number(a[0]) - Number(b[0])).map(([, x]) => x);
    }
    return Object.fromEntries(entries);
  };
  return arrays(root) as TObj;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem;color:#1a1a1a}
button{font:inherit;padding:.5rem 1rem;margin:.25rem 0}form{display:inline-block;margin-right:.5rem}
section{border:1px solid #ccc;border-radius:.5rem;padding:1rem;margin:1rem 0}</style></head>
<body><main>${body}</main></body></html>`;
}

const money = (amount: number, currency: string) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(amount / 100);
const day = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startFakeStripe(opts: TFakeStripeOptions = {}): Promise<TFakeStripe> {
  const secretKey = opts.secretKey ?? `sk_test_fake_${randomBytes(16).toString('hex')}`;
  const webhookSecret = opts.webhookSecret ?? `whsec_fake_${randomBytes(16).toString('hex')}`;
  const catalogue = opts.prices ?? FAKE_STRIPE_PRICES;
  let webhookUrl = opts.webhookUrl;
  let baseUrl = '';
  const connectClientId = opts.connectClientId ?? 'ca_fakedraftwell';
  const connectWebhookSecret = opts.connectWebhookSecret ?? `whsec_fake_connect_${randomBytes(16).toString('hex')}`;
  let connectWebhookUrl = opts.connectWebhookUrl;
  let deliveriesOn = true;

  const prices = new Map<string, TObj>();
  for (const p of catalogue) {
    prices.set(p.id, {
      id: p.id,
      object: 'price',
      active: true,
      currency: p.currency,
      nickname: p.nickname,
      unit_amount: p.unitAmount,
      type: 'recurring',
      recurring: { interval: p.interval, interval_count: 1, usage_type: 'licensed' },
      product: `prod_fake_${p.id}`,
      livemode: false,
      created: now(),
      metadata: {},
    });
  }
  const customers = new Map<string, TObj>();
  const sessions = new Map<string, TObj>();
  const subscriptions = new Map<string, TObj>();
  const invoices = new Map<string, TObj>();
  const portalSessions = new Map<string, TObj>();
  /** Checkout's own fields that Stripe keeps but does not return on the session object. */
  const sessionInputs = new Map<string, { price: string; metadata: TObj; trialDays: number | null }>();
  const idempotent = new Map<string, { status: number; body: TObj }>();
  // Payments on other accounts (decision 0018).
  const accounts = new Map<string, TObj>();
  const connected = new Set<string>();
  const authCodes = new Map<string, string>();
  const restrictedKeys = new Map<string, { account: string; permissions: TKeyPermissions; revoked: boolean }>();
  const webhookEndpoints = new Map<string, TObj & { account: string }>();
  const paymentIntents = new Map<string, TObj>();
  const charges = new Map<string, TObj>();
  /** The account each Checkout Session, payment intent and charge belongs to. */
  const ownerOf = new Map<string, string>();
  /** A payment-mode session's line items, which Stripe keeps apart from the session object. */
  const paymentLines = new Map<string, Array<{ name: string; amount: number; quantity: number }>>();
  const events: TFakeEvent[] = [];
  const requests: TApiRequest[] = [];
  let invoiceCounter = 0;
  let deliveries: Promise<void> = Promise.resolve();

  const sign = (payload: string, timestamp = now()) =>
    Stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret, timestamp });

  async function deliver(event: TFakeEvent) {
    if (!deliveriesOn) return;
    const payload = JSON.stringify(event.body, null, 2);
    for (const target of event.targets) {
      try {
        const res = await fetch(target.url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json; charset=utf-8',
            'stripe-signature': Stripe.webhooks.generateTestHeaderString({
              payload,
              secret: target.secret,
              timestamp: now(),
            }),
            'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
          },
          body: payload,
        });
        const text = await res.text();
        target.status = res.status;
        if (!res.ok) opts.onDeliveryProblem?.(`${event.type} ${event.id} answered ${res.status}: ${text}`);
      } catch (err) {
        target.status = 0;
        opts.onDeliveryProblem?.(`${event.type} ${event.id} not delivered: ${(err as Error).message}`);
      }
    }
    event.deliveredStatus = event.targets[0]?.status ?? null;
  }

  /** Where an event of `account` goes: billing's endpoint, the Connect endpoint, the account's own endpoints. */
  function targetsOf(type: string, account: string): TFakeEvent['targets'] {
    const targets: TFakeEvent['targets'] = [];
    if (account === FAKE_PLATFORM_ACCOUNT && webhookUrl)
      targets.push({ url: webhookUrl, secret: webhookSecret, status: null });
    if (account !== FAKE_PLATFORM_ACCOUNT && connected.has(account) && connectWebhookUrl) {
      targets.push({ url: connectWebhookUrl, secret: connectWebhookSecret, status: null });
    }
    for (const endpoint of webhookEndpoints.values()) {
      const wanted = endpoint.enabled_events as string[];
      if (endpoint.account === account && (wanted.includes('*') || wanted.includes(type))) {
        targets.push({ url: endpoint.url as string, secret: endpoint.secret as string, status: null });
      }
    }
    return targets;
  }

  /** Records an event (a snapshot of `object` now) on `account` and queues it, in order, for its endpoints. */
  function emit(type: string, object: TObj, previous?: TObj, account: string = FAKE_PLATFORM_ACCOUNT): Promise<void> {
    const created = now();
    const targets = targetsOf(type, account);
    const event: TFakeEvent = {
      id: newId('evt'),
      type,
      created,
      deliveredStatus: null,
      account,
      targets,
      body: {
        id: '',
        object: 'event',
        ...(account !== FAKE_PLATFORM_ACCOUNT && connected.has(account) ? { account } : {}),
        api_version: Stripe.API_VERSION,
        created,
        data: { object: clone(object), ...(previous ? { previous_attributes: previous } : {}) },
        livemode: false,
        pending_webhooks: targets.length,
        request: { id: null, idempotency_key: null },
        type,
      },
    };
    event.body.id = event.id;
    events.push(event);
    deliveries = deliveries.then(() => deliver(event));
    return deliveries;
  }

  // -------------------------------------------------------------------------------------------
  // The objects

  function createCustomer(params: TObj): TObj {
    const customer = {
      id: newId('cus'),
      object: 'customer',
      email: typeof params.email === 'string' ? params.email : null,
      name: typeof params.name === 'string' ? params.name : null,
      metadata: (params.metadata as TObj | undefined) ?? {},
      created: now(),
      livemode: false,
      currency: null,
      delinquent: false,
      description: null,
      invoice_prefix: randomBytes(4).toString('hex').toUpperCase(),
    };
    customers.set(customer.id, customer);
    return customer;
  }

  function createInvoice(sub: TObj, paid: boolean, reason: string): TObj {
    const item = sub.items.data[0] as TObj;
    const price = item.price as TObj;
    const trialing = sub.status === 'trialing';
    const amount = trialing ? 0 : (price.unit_amount as number);
    const customer = customers.get(sub.customer as string)!;
    invoiceCounter += 1;
    const id = newId('in');
    const invoice: TObj = {
      id,
      object: 'invoice',
      customer: sub.customer,
      customer_email: customer.email,
      number: `${customer.invoice_prefix}-${String(invoiceCounter).padStart(4, '0')}`,
      status: paid ? 'paid' : 'open',
      currency: price.currency,
      subtotal: amount,
      total: amount,
      amount_due: amount,
      amount_paid: paid ? amount : 0,
      amount_remaining: paid ? 0 : amount,
      attempt_count: 1,
      attempted: true,
      billing_reason: reason,
      collection_method: 'charge_automatically',
      created: now(),
      period_start: item.current_period_start,
      period_end: item.current_period_end,
      hosted_invoice_url: `${baseUrl}/invoices/${id}`,
      invoice_pdf: `${baseUrl}/invoices/${id}/pdf`,
      livemode: false,
      metadata: {},
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { subscription: sub.id, metadata: clone(sub.metadata) },
      },
      lines: {
        object: 'list',
        data: [
          {
            id: newId('il'),
            object: 'line_item',
            amount,
            currency: price.currency,
            description: `1 × ${price.nickname as string}`,
            period: { start: item.current_period_start, end: item.current_period_end },
            pricing: { type: 'price_details', price_details: { price: price.id, product: price.product } },
            quantity: 1,
          },
        ],
        has_more: false,
        url: `/v1/invoices/${id}/lines`,
      },
      status_transitions: { paid_at: paid ? now() : null, finalized_at: now() },
    };
    invoices.set(id, invoice);
    sub.latest_invoice = id;
    return invoice;
  }

  function createSubscription(customerId: string, priceId: string, metadata: TObj, trialDays: number | null): TObj {
    const price = prices.get(priceId)!;
    const start = now();
    const trialEnd = trialDays ? start + trialDays * 86_400 : null;
    const periodEnd = trialEnd ?? addInterval(start, price.recurring.interval as 'month' | 'year');
    const id = newId('sub');
    const sub: TObj = {
      id,
      object: 'subscription',
      customer: customerId,
      status: trialEnd ? 'trialing' : 'active',
      currency: price.currency,
      collection_method: 'charge_automatically',
      created: start,
      start_date: start,
      billing_cycle_anchor: periodEnd,
      cancel_at: null,
      cancel_at_period_end: false,
      canceled_at: null,
      ended_at: null,
      trial_start: trialEnd ? start : null,
      trial_end: trialEnd,
      latest_invoice: null,
      livemode: false,
      metadata: clone(metadata),
      items: {
        object: 'list',
        data: [
          {
            id: newId('si'),
            object: 'subscription_item',
            created: start,
            current_period_start: start,
            current_period_end: periodEnd,
            metadata: {},
            price,
            quantity: 1,
            subscription: id,
          },
        ],
        has_more: false,
        url: `/v1/subscription_items?subscription=${id}`,
      },
    };
    subscriptions.set(id, sub);
    return sub;
  }

  const liveSubscription = (id: string) => {
    const sub = subscriptions.get(id);
    if (!sub) throw missing('subscription', id);
    if (sub.status === 'canceled') throw invalid(`The subscription ${id} is canceled and cannot be changed.`);
    return sub;
  };

  async function completeCheckout(sessionId: string): Promise<TObj> {
    const session = sessions.get(sessionId);
    if (!session) throw missing('checkout.session', sessionId);
    if (session.status !== 'open') throw invalid(`This Checkout Session is ${session.status as string}.`);
    const input = sessionInputs.get(sessionId)!;
    const customer = session.customer
      ? customers.get(session.customer as string)!
      : createCustomer({ email: session.customer_email });
    const sub = createSubscription(customer.id as string, input.price, input.metadata, input.trialDays);
    const invoice = createInvoice(sub, true, 'subscription_create');
    Object.assign(session, {
      status: 'complete',
      payment_status: sub.status === 'trialing' ? 'no_payment_required' : 'paid',
      customer: customer.id,
      customer_details: { email: customer.email, name: customer.name },
      subscription: sub.id,
      invoice: invoice.id,
    });
    // Stripe's own order: the subscription and its first invoice before the session's completion.
    void emit('customer.subscription.created', sub);
    void emit('invoice.paid', invoice);
    await emit('checkout.session.completed', session);
    return sub;
  }

  async function setCancelAtPeriodEnd(id: string, cancel: boolean): Promise<TObj> {
    const sub = liveSubscription(id);
    const previous = { cancel_at_period_end: sub.cancel_at_period_end, cancel_at: sub.cancel_at };
    sub.cancel_at_period_end = cancel;
    sub.cancel_at = cancel ? sub.items.data[0].current_period_end : null;
    sub.canceled_at = cancel ? now() : null;
    await emit('customer.subscription.updated', sub, previous);
    return sub;
  }

  async function switchPrice(id: string, priceId: string): Promise<TObj> {
    const sub = liveSubscription(id);
    const price = prices.get(priceId);
    if (!price) throw missing('price', priceId, 'items[0][price]');
    const item = sub.items.data[0] as TObj;
    const previous = { items: clone(sub.items) };
    item.price = price;
    if (price.recurring.interval !== previous.items.data[0].price.recurring.interval) {
      // An interval change starts a new period at once, as Stripe does.
      item.current_period_start = now();
      item.current_period_end = addInterval(item.current_period_start as number, price.recurring.interval);
      void emit('invoice.paid', createInvoice(sub, true, 'subscription_update'));
    }
    await emit('customer.subscription.updated', sub, previous);
    return sub;
  }

  async function cancelNow(id: string): Promise<TObj> {
    const sub = liveSubscription(id);
    Object.assign(sub, { status: 'canceled', canceled_at: now(), ended_at: now(), cancel_at_period_end: false });
    await emit('customer.subscription.deleted', sub);
    return sub;
  }

  async function failPayment(id: string): Promise<TObj> {
    const sub = liveSubscription(id);
    const previous = { status: sub.status };
    const item = sub.items.data[0] as TObj;
    item.current_period_start = item.current_period_end;
    item.current_period_end = addInterval(item.current_period_start as number, item.price.recurring.interval);
    sub.status = 'past_due';
    const invoice = createInvoice(sub, false, 'subscription_cycle');
    void emit('invoice.payment_failed', invoice);
    await emit('customer.subscription.updated', sub, previous);
    return sub;
  }

  async function payOpenInvoice(id: string): Promise<TObj> {
    const sub = liveSubscription(id);
    const invoice = invoices.get(sub.latest_invoice as string);
    if (!invoice || invoice.status !== 'open') throw invalid(`The subscription ${id} has no open invoice.`);
    Object.assign(invoice, {
      status: 'paid',
      amount_paid: invoice.amount_due,
      amount_remaining: 0,
      attempt_count: (invoice.attempt_count as number) + 1,
      status_transitions: { ...invoice.status_transitions, paid_at: now() },
    });
    const previous = { status: sub.status };
    sub.status = 'active';
    void emit('invoice.paid', invoice);
    await emit('customer.subscription.updated', sub, previous);
    return sub;
  }

  // -------------------------------------------------------------------------------------------
  // The API

  function list(items: TObj[], params: TObj, url: string): TObj {
    const limit = params.limit === undefined ? 10 : Number(params.limit);
    if (!Number.isInteger(limit) || limit < 1 || limit > 100) {
      throw invalid('Invalid integer: limit must be between 1 and 100.', 'limit');
    }
    // Newest first; within one second, the later created first (the maps keep creation order).
    const sorted = [...items].reverse().sort((a, b) => (b.created as number) - (a.created as number));
    return { object: 'list', data: sorted.slice(0, limit), has_more: sorted.length > limit, url };
  }

  function lookup(id: string): TObj | undefined {
    return (
      customers.get(id) ??
      subscriptions.get(id) ??
      invoices.get(id) ??
      sessions.get(id) ??
      prices.get(id) ??
      paymentIntents.get(id) ??
      charges.get(id)
    );
  }

  /** `expand[]`: ids at the given dotted paths become their objects (`data.` for each list entry). */
  function expand(object: TObj, paths: unknown): TObj {
    const out = clone(object);
    const wanted = Array.isArray(paths) ? (paths as string[]) : typeof paths === 'string' ? [paths] : [];
    for (const path of wanted) {
      const walk = (node: TObj, parts: string[]) => {
        const [head, ...rest] = parts;
        if (!head || node === null || typeof node !== 'object') return;
        if (head === 'data' && Array.isArray(node.data) && rest.length > 0) {
          for (const entry of node.data as TObj[]) walk(entry, rest);
          return;
        }
        if (rest.length === 0) {
          const value = node[head];
          if (typeof value === 'string') {
            const found = lookup(value);
            if (!found) throw invalid(`This property cannot be expanded (${path}).`, 'expand');
            node[head] = clone(found);
          }
          return;
        }
        walk(node[head] as TObj, rest);
      };
      walk(out, path.split('.'));
    }
    return out;
  }

  /** The object `id` of `map` when it belongs to the acting account; Stripe's 404 otherwise. */
  function mine(map: Map<string, TObj>, id: string, actor: TActor, what: string): TObj {
    const found = map.get(id);
    if (!found || (ownerOf.get(id) ?? FAKE_PLATFORM_ACCOUNT) !== actor.account) throw missing(what, id);
    return found;
  }

  async function api(
    method: string,
    path: string,
    params: TObj,
    actor: TActor,
  ): Promise<{ status: number; body: TObj }> {
    const segments = path.split('/').filter(Boolean).slice(1); // after "v1"
    const [a, b, c] = segments;

    if (a === 'account' && !b && method === 'GET') {
      if (actor.restricted) {
        throw new FakeStripeError(
          403,
          'invalid_request_error',
          `The provided key '${mask(actor.restricted.key)}' does not have the required permissions for this endpoint on account '${actor.account}'. This is a restricted API key, but the required permissions are not available for use by restricted keys.`,
        );
      }
      const own = accounts.get(actor.account) ?? { id: actor.account, object: 'account', type: 'standard' };
      return { status: 200, body: clone(own) };
    }
    if (a === 'accounts' && b && !c && method === 'GET') {
      if (actor.account !== FAKE_PLATFORM_ACCOUNT || actor.restricted) throw missing('account', b);
      if (!connected.has(b) || !accounts.has(b)) {
        throw new FakeStripeError(
          403,
          'invalid_request_error',
          `The provided key does not have access to account '${b}'.`,
        );
      }
      return { status: 200, body: clone(accounts.get(b)!) };
    }

    if (a === 'webhook_endpoints') {
      need(actor, 'webhook_endpoints', method === 'GET' ? 'read' : 'write');
      if (method === 'POST' && !b) return { status: 200, body: createWebhookEndpoint(actor.account, params) };
      if (method === 'DELETE' && b && !c) {
        const endpoint = webhookEndpoints.get(b);
        if (!endpoint || endpoint.account !== actor.account) throw missing('webhook endpoint', b);
        webhookEndpoints.delete(b);
        return { status: 200, body: { id: b, object: 'webhook_endpoint', deleted: true } };
      }
      if (method === 'GET' && !b) {
        const found = [...webhookEndpoints.values()].filter((e) => e.account === actor.account).map(publicEndpoint);
        return { status: 200, body: list(found, params, '/v1/webhook_endpoints') };
      }
    }

    if (a === 'payment_intents' && b && !c && method === 'GET') {
      need(actor, 'payment_intents', 'read');
      return { status: 200, body: expand(mine(paymentIntents, b, actor, 'payment_intent'), params.expand) };
    }
    if (a === 'charges' && b && !c && method === 'GET') {
      need(actor, 'charges', 'read');
      return { status: 200, body: expand(mine(charges, b, actor, 'charge'), params.expand) };
    }

    if (a === 'checkout' && b === 'sessions') {
      need(actor, 'checkout_sessions', method === 'GET' ? 'read' : 'write');
      if (method === 'POST' && !c) {
        if (params.mode === 'payment') return { status: 200, body: createPaymentSession(actor.account, params) };
        platformOnly(actor);
        return { status: 200, body: createCheckoutSession(params) };
      }
      if (method === 'GET' && !c) {
        const found = [...sessions.values()].filter(
          (x) =>
            (ownerOf.get(x.id as string) ?? FAKE_PLATFORM_ACCOUNT) === actor.account &&
            (params.customer === undefined || x.customer === params.customer) &&
            (params.payment_intent === undefined || x.payment_intent === params.payment_intent) &&
            (params.status === undefined || x.status === params.status),
        );
        return { status: 200, body: expand(list(found, params, '/v1/checkout/sessions'), params.expand) };
      }
      if (method === 'POST' && c && segments[3] === 'expire') {
        const session = mine(sessions, c, actor, 'checkout.session');
        if (session.status !== 'open') {
          throw invalid(
            `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status as string}".`,
          );
        }
        session.status = 'expired';
        void emit('checkout.session.expired', session, undefined, actor.account);
        return { status: 200, body: clone(session) };
      }
      if (method === 'GET' && c && !segments[3]) {
        const session = mine(sessions, c, actor, 'checkout.session');
        return { status: 200, body: expand(session, params.expand) };
      }
    }

    // Billing (Draftwell's own subscriptions): the platform's account only.
    if (['customers', 'billing_portal', 'subscriptions', 'invoices'].includes(a ?? '')) platformOnly(actor);

    if (method === 'POST' && a === 'customers' && !b) return { status: 200, body: createCustomer(params) };
    if (method === 'GET' && a === 'customers' && b && !c) {
      const customer = customers.get(b);
      if (!customer) throw missing('customer', b);
      return { status: 200, body: expand(customer, params.expand) };
    }

    if (method === 'POST' && a === 'billing_portal' && b === 'sessions' && !c) {
      const customer = typeof params.customer === 'string' ? params.customer : '';
      if (!customer) throw invalid('Missing required param: customer.', 'customer');
      if (!customers.has(customer)) throw missing('customer', customer, 'customer');
      const id = newId('bps');
      const session = {
        id,
        object: 'billing_portal.session',
        customer,
        return_url: typeof params.return_url === 'string' ? params.return_url : null,
        url: `${baseUrl}/portal/${id}`,
        created: now(),
        livemode: false,
        flow: null,
        locale: null,
        configuration: 'bpc_fake_default',
      };
      portalSessions.set(id, session);
      return { status: 200, body: session };
    }

    if (method === 'GET' && a === 'subscriptions') {
      if (b) {
        const sub = subscriptions.get(b);
        if (!sub) throw missing('subscription', b);
        return { status: 200, body: expand(sub, params.expand) };
      }
      const status = typeof params.status === 'string' ? params.status : undefined;
      const found = [...subscriptions.values()].filter(
        (s) =>
          (params.customer === undefined || s.customer === params.customer) &&
          (status === 'all' ? true : status ? s.status === status : s.status !== 'canceled'),
      );
      return { status: 200, body: expand(list(found, params, '/v1/subscriptions'), params.expand) };
    }

    if (method === 'GET' && a === 'invoices') {
      if (b) {
        const invoice = invoices.get(b);
        if (!invoice) throw missing('invoice', b);
        return { status: 200, body: expand(invoice, params.expand) };
      }
      const found = [...invoices.values()].filter(
        (i) => params.customer === undefined || i.customer === params.customer,
      );
      return { status: 200, body: expand(list(found, params, '/v1/invoices'), params.expand) };
    }

    throw new FakeStripeError(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path}).`);
  }

  function createCheckoutSession(params: TObj): TObj {
    if (params.mode !== 'subscription') throw invalid('This server only knows mode=subscription.', 'mode');
    const lines = params.line_items as TObj[] | undefined;
    if (!Array.isArray(lines) || lines.length !== 1) throw invalid('Pass exactly one line_items entry.', 'line_items');
    const priceId = String(lines[0]!.price ?? '');
    if (!prices.has(priceId)) throw missing('price', priceId, 'line_items[0][price]');
    if (params.quantity !== undefined || (lines[0]!.quantity !== undefined && lines[0]!.quantity !== '1')) {
      throw invalid('Only a quantity of 1 is supported here.', 'line_items[0][quantity]');
    }
    if (typeof params.success_url !== 'string') throw invalid('Missing required param: success_url.', 'success_url');
    if (params.customer !== undefined && params.customer_email !== undefined) {
      throw invalid('You may only specify one of these parameters: customer, customer_email.', 'customer');
    }
    if (params.customer !== undefined && !customers.has(String(params.customer))) {
      throw missing('customer', String(params.customer), 'customer');
    }
    const subscriptionData = (params.subscription_data as TObj | undefined) ?? {};
    const trialDays = subscriptionData.trial_period_days ? Number(subscriptionData.trial_period_days) : null;
    const id = newId('cs_test');
    const session: TObj = {
      id,
      object: 'checkout.session',
      mode: 'subscription',
      status: 'open',
      payment_status: 'unpaid',
      url: `${baseUrl}/checkout/${id}`,
      success_url: params.success_url,
      cancel_url: typeof params.cancel_url === 'string' ? params.cancel_url : null,
      client_reference_id: typeof params.client_reference_id === 'string' ? params.client_reference_id : null,
      customer: typeof params.customer === 'string' ? params.customer : null,
      customer_email: typeof params.customer_email === 'string' ? params.customer_email : null,
      customer_details: null,
      metadata: (params.metadata as TObj | undefined) ?? {},
      subscription: null,
      invoice: null,
      currency: prices.get(priceId)!.currency,
      amount_total: prices.get(priceId)!.unit_amount,
      created: now(),
      expires_at: now() + 24 * 3600,
      livemode: false,
    };
    sessions.set(id, session);
    sessionInputs.set(id, {
      price: priceId,
      metadata: (subscriptionData.metadata as TObj | undefined) ?? {},
      trialDays,
    });
    return session;
  }

  // -------------------------------------------------------------------------------------------
  // Payments on owners' own accounts (decision 0018)

  function createAccount(input: { name?: string; email?: string; country?: string; currency?: string } = {}): TObj {
    const id = newId('acct');
    const name = input.name ?? 'Test Studio';
    const account = {
      id,
      object: 'account',
      type: 'standard',
      email: input.email ?? null,
      country: input.country ?? 'US',
      default_currency: (input.currency ?? 'usd').toLowerCase(),
      charges_enabled: true,
      payouts_enabled: true,
      business_profile: { name, url: null },
      settings: { dashboard: { display_name: name, timezone: 'Etc/UTC' } },
      created: now(),
      livemode: false,
      metadata: {},
    };
    accounts.set(id, account);
    return account;
  }

  function createRestrictedKey(account?: string, permissions: TKeyPermissions = PAYMENT_KEY_PERMISSIONS) {
    const owner = account ?? (createAccount().id as string);
    if (!accounts.has(owner)) throw new Error(`no account ${owner}`);
    const key = `rk_test_${randomBytes(24).toString('base64url').replace(/[-_]/g, 'x')}`;
    restrictedKeys.set(key, { account: owner, permissions: { ...permissions }, revoked: false });
    return { key, account: owner };
  }

  const publicEndpoint = (endpoint: TObj) => {
    const { account: _account, secret: _secret, ...rest } = endpoint;
    return rest;
  };

  function createWebhookEndpoint(account: string, params: TObj): TObj {
    const url = typeof params.url === 'string' ? params.url : '';
    let parsed: URL | null = null;
    try {
      parsed = new URL(url);
    } catch {
      parsed = null;
    }
    if (!parsed || !['http:', 'https:'].includes(parsed.protocol))
      throw invalid('Invalid URL: a URL is required.', 'url');
    if (opts.refuseWebhookUrl?.(url)) {
      throw invalid(
        'Invalid URL: URL must be publicly accessible. Consider using a tool like the Stripe CLI to test webhooks locally.',
        'url',
      );
    }
    const enabled = Array.isArray(params.enabled_events) ? (params.enabled_events as string[]) : [];
    if (enabled.length === 0) throw invalid('Missing required param: enabled_events.', 'enabled_events');
    const endpoint = {
      id: newId('we'),
      object: 'webhook_endpoint',
      url,
      enabled_events: enabled,
      description: typeof params.description === 'string' ? params.description : null,
      api_version: typeof params.api_version === 'string' ? params.api_version : null,
      status: 'enabled',
      created: now(),
      livemode: false,
      metadata: {},
      secret: `whsec_fake_${randomBytes(16).toString('hex')}`,
      account,
    };
    webhookEndpoints.set(endpoint.id, endpoint);
    // Stripe shows the secret once, when the endpoint is made.
    const { account: _account, ...created } = endpoint;
    return clone(created);
  }

  /** Stripe's rules on amounts: three-decimal currencies in tens, ISK in whole krónur, and a ceiling. */
  function checkAmount(currency: string, amount: number, param: string) {
    if (!Number.isSafeInteger(amount) || amount < 0) throw invalid(`Invalid integer: ${amount}.`, param);
    if (['bhd', 'jod', 'kwd', 'omr', 'tnd'].includes(currency) && amount % 10 !== 0) {
      throw new FakeStripeError(
        400,
        'invalid_request_error',
        `Invalid amount: ${currency.toUpperCase()} amounts must be rounded to the nearest ten (the last digit must be 0).`,
        { code: 'invalid_charge_amount', param },
      );
    }
    if (currency === 'isk' && amount % 100 !== 0) {
      throw new FakeStripeError(
        400,
        'invalid_request_error',
        'Invalid amount. Currency ISK has become effectively zero-decimal and charged amounts must be evenly divisible by 100.',
        { code: 'invalid_charge_amount_no_decimal_compatible', param },
      );
    }
  }

  function createPaymentSession(account: string, params: TObj): TObj {
    const lines = params.line_items as TObj[] | undefined;
    if (!Array.isArray(lines) || lines.length === 0) throw invalid('Missing required param: line_items.', 'line_items');
    if (typeof params.success_url !== 'string') throw invalid('Missing required param: success_url.', 'success_url');
    let currency: string | null = null;
    const kept = lines.map((line, i) => {
      const data = line.price_data as TObj | undefined;
      if (!data) throw invalid('Pass price_data on each line here.', `line_items[${i}][price_data]`);
      const lineCurrency = String(data.currency ?? '');
      if (!/^[a-z]{3}$/.test(lineCurrency)) {
        throw invalid(
          `Invalid currency: ${lineCurrency}. Use a lowercase ISO code.`,
          `line_items[${i}][price_data][currency]`,
        );
      }
      if (currency !== null && currency !== lineCurrency) {
        throw invalid('All line items must have the same currency.', `line_items[${i}][price_data][currency]`);
      }
      currency = lineCurrency;
      const amount = Number(data.unit_amount);
      checkAmount(lineCurrency, amount, `line_items[${i}][price_data][unit_amount]`);
      const quantity = line.quantity === undefined ? 1 : Number(line.quantity);
      const name = String((data.product_data as TObj | undefined)?.name ?? '');
      if (!name)
        throw invalid(
          'Missing required param: product_data[name].',
          `line_items[${i}][price_data][product_data][name]`,
        );
      return { name, amount, quantity };
    });
    const total = kept.reduce((sum, l) => sum + l.amount * l.quantity, 0);
    if (total < 1) {
      throw new FakeStripeError(
        400,
        'invalid_request_error',
        "The Checkout Session's total amount due must add up to at least $0.50 usd.",
        {
          code: 'amount_too_small',
        },
      );
    }
    if (total > 99_999_999) {
      throw new FakeStripeError(
        400,
        'invalid_request_error',
        "The Checkout Session's total amount due must be no more than $999,999.99.",
        {
          code: 'amount_too_large',
        },
      );
    }
    const id = newId('cs_test');
    const session: TObj = {
      id,
      object: 'checkout.session',
      mode: 'payment',
      status: 'open',
      payment_status: 'unpaid',
      url: `${baseUrl}/checkout/${id}`,
      success_url: params.success_url,
      cancel_url: typeof params.cancel_url === 'string' ? params.cancel_url : null,
      client_reference_id: typeof params.client_reference_id === 'string' ? params.client_reference_id : null,
      customer: null,
      customer_email: typeof params.customer_email === 'string' ? params.customer_email : null,
      customer_details: null,
      metadata: (params.metadata as TObj | undefined) ?? {},
      payment_intent: null,
      subscription: null,
      invoice: null,
      currency,
      amount_subtotal: total,
      amount_total: total,
      created: now(),
      expires_at: now() + 24 * 3600,
      livemode: false,
    };
    sessions.set(id, session);
    ownerOf.set(id, account);
    paymentLines.set(id, kept);
    sessionInputs.set(id, {
      price: '',
      metadata: ((params.payment_intent_data as TObj | undefined)?.metadata as TObj | undefined) ?? {},
      trialDays: null,
    });
    return session;
  }

  /** The payment intent and charge of a session's payment, made when the customer pays. */
  function intentFor(session: TObj, status: string, lastError: TObj | null): { pi: TObj; charge: TObj } {
    const account = ownerOf.get(session.id as string)!;
    const input = sessionInputs.get(session.id as string);
    let pi = session.payment_intent ? paymentIntents.get(session.payment_intent as string) : undefined;
    if (!pi) {
      pi = {
        id: newId('pi'),
        object: 'payment_intent',
        amount: session.amount_total,
        amount_received: 0,
        currency: session.currency,
        status,
        created: now(),
        latest_charge: null,
        last_payment_error: null,
        metadata: clone(input?.metadata ?? {}),
        livemode: false,
      };
      paymentIntents.set(pi.id as string, pi);
      ownerOf.set(pi.id as string, account);
      session.payment_intent = pi.id;
    }
    const charge: TObj = {
      id: newId('ch'),
      object: 'charge',
      amount: session.amount_total,
      amount_captured: status === 'succeeded' ? session.amount_total : 0,
      amount_refunded: 0,
      currency: session.currency,
      paid: status === 'succeeded',
      refunded: false,
      status: status === 'succeeded' ? 'succeeded' : status === 'processing' ? 'pending' : 'failed',
      payment_intent: pi.id,
      receipt_url: status === 'succeeded' ? `${baseUrl}/receipts/${newId('rcpt')}` : null,
      failure_message: lastError ? lastError.message : null,
      created: now(),
      livemode: false,
    };
    charges.set(charge.id as string, charge);
    ownerOf.set(charge.id as string, account);
    Object.assign(pi, {
      status,
      latest_charge: charge.id,
      last_payment_error: lastError,
      amount_received: status === 'succeeded' ? session.amount_total : 0,
    });
    return { pi, charge };
  }

  /** The Checkout page's Pay: by card, by a card the bank declines, or by a bank debit that settles later. */
  async function payCheckout(
    sessionId: string,
    how: 'card' | 'card_declined' | 'bank_debit' = 'card',
    payer: { name?: string } = {},
  ): Promise<TObj> {
    const session = sessions.get(sessionId);
    if (!session || session.mode !== 'payment') throw missing('checkout.session', sessionId);
    if (session.status !== 'open') throw invalid(`This Checkout Session is ${session.status as string}.`);
    const account = ownerOf.get(sessionId)!;
    const details = { email: session.customer_email, name: payer.name ?? 'Dana Reyes' };
    if (how === 'card_declined') {
      const { pi, charge } = intentFor(session, 'requires_payment_method', {
        type: 'card_error',
        code: 'card_declined',
        decline_code: 'generic_decline',
        message: 'Your card was declined.',
      });
      void emit('charge.failed', charge, undefined, account);
      await emit('payment_intent.payment_failed', pi, undefined, account);
      return session;
    }
    if (how === 'bank_debit') {
      const { pi } = intentFor(session, 'processing', null);
      Object.assign(session, { status: 'complete', payment_status: 'unpaid', customer_details: details });
      void emit('payment_intent.processing', pi, undefined, account);
      await emit('checkout.session.completed', session, undefined, account);
      return session;
    }
    const { pi, charge } = intentFor(session, 'succeeded', null);
    Object.assign(session, { status: 'complete', payment_status: 'paid', customer_details: details });
    void emit('charge.succeeded', charge, undefined, account);
    void emit('payment_intent.succeeded', pi, undefined, account);
    await emit('checkout.session.completed', session, undefined, account);
    return session;
  }

  /** A bank debit's outcome, days later. */
  async function settlePaymentIntent(id: string, ok: boolean): Promise<TObj> {
    const pi = paymentIntents.get(id);
    if (!pi || pi.status !== 'processing') throw invalid(`The payment intent ${id} is not processing.`);
    const account = ownerOf.get(id)!;
    const session = [...sessions.values()].find((x) => x.payment_intent === id)!;
    const charge = charges.get(pi.latest_charge as string)!;
    if (ok) {
      Object.assign(pi, { status: 'succeeded', amount_received: pi.amount });
      Object.assign(charge, {
        status: 'succeeded',
        paid: true,
        amount_captured: charge.amount,
        receipt_url: `${baseUrl}/receipts/${newId('rcpt')}`,
      });
      session.payment_status = 'paid';
      void emit('charge.succeeded', charge, undefined, account);
      void emit('payment_intent.succeeded', pi, undefined, account);
      await emit('checkout.session.async_payment_succeeded', session, undefined, account);
    } else {
      const error = {
        type: 'invalid_request_error',
        code: 'payment_method_provider_decline',
        message: 'The bank debit was refused by the bank.',
      };
      Object.assign(pi, { status: 'requires_payment_method', last_payment_error: error });
      Object.assign(charge, { status: 'failed', failure_message: error.message });
      void emit('charge.failed', charge, undefined, account);
      void emit('payment_intent.payment_failed', pi, undefined, account);
      await emit('checkout.session.async_payment_failed', session, undefined, account);
    }
    return pi;
  }

  /** A refund made in the Dashboard: in full unless an amount is given. */
  async function refundCharge(id: string, amount?: number): Promise<TObj> {
    const charge = charges.get(id);
    if (!charge || !charge.paid) throw invalid(`The charge ${id} was not paid.`);
    const left = (charge.amount as number) - (charge.amount_refunded as number);
    const refund = Math.min(amount ?? left, left);
    if (refund <= 0) throw invalid(`The charge ${id} is already refunded.`);
    charge.amount_refunded = (charge.amount_refunded as number) + refund;
    charge.refunded = charge.amount_refunded === charge.amount;
    await emit('charge.refunded', charge, undefined, ownerOf.get(id)!);
    return charge;
  }

  function paymentPage(session: TObj, declined: boolean): string {
    const back = session.cancel_url ? `<p><a href="${escapeHtml(session.cancel_url as string)}">Back</a></p>` : '';
    const account = accounts.get(ownerOf.get(session.id as string) ?? '');
    const merchant = (account?.settings?.dashboard?.display_name as string | undefined) ?? 'the merchant';
    if (session.status !== 'open') {
      return page('Checkout', `<h1>This checkout is ${escapeHtml(String(session.status))}</h1>${back}`);
    }
    const currency = String(session.currency);
    const amount = (value: number) =>
      `${escapeHtml(String(value))} ${escapeHtml(currency.toUpperCase())} (Stripe units)`;
    const lines = (paymentLines.get(session.id as string) ?? [])
      .map((l) => `<li>${escapeHtml(l.name)}: ${amount(l.amount * l.quantity)}</li>`)
      .join('');
    const button = (how: string, label: string) =>
      `<form method="post" action="/checkout/${escapeHtml(session.id as string)}"><input type="hidden" name="how" value="${how}"><button type="submit">${escapeHtml(label)}</button></form>`;
    return page(
      `Pay ${merchant}`,
      `<h1>Pay ${escapeHtml(merchant)}</h1>
<ul>${lines}</ul>
<p>Total: <strong data-total="${escapeHtml(String(session.amount_total))}">${amount(session.amount_total as number)}</strong></p>
<p>Email: ${escapeHtml(String(session.customer_email ?? ''))}</p>
${declined ? '<p role="alert">Your card was declined.</p>' : ''}
${button('card', 'Pay')}
${button('card_declined', 'Pay with a declined card')}
${button('bank_debit', 'Pay by bank debit')}
${back}`,
    );
  }

  function oauthPage(params: URLSearchParams): string {
    const field = (name: string, value: string) =>
      `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`;
    const hidden = ['state', 'redirect_uri', 'client_id', 'stripe_user[email]']
      .map((k) => field(k, params.get(k) ?? ''))
      .join('');
    return page(
      'Connect your Stripe account',
      `<h1>Connect your Stripe account to Draftwell</h1>
<p>Draftwell will be able to take payments on your account (a test server: nothing is real).</p>
<form method="post" action="/oauth/authorize">${hidden}<input type="hidden" name="action" value="connect"><button type="submit">Connect my Stripe account</button></form>
<form method="post" action="/oauth/authorize">${hidden}<input type="hidden" name="action" value="deny"><button type="submit">Deny access</button></form>`,
    );
  }

  async function oauthDecision(form: TObj): Promise<string> {
    const redirect = new URL(String(form.redirect_uri ?? ''));
    const state = String(form.state ?? '');
    if (form.action === 'deny') {
      redirect.search = new URLSearchParams({
        error: 'access_denied',
        error_description: 'The user denied your request',
        state,
      }).toString();
      return redirect.toString();
    }
    const email = String((form.stripe_user as TObj | undefined)?.email ?? '') || null;
    const existing = [...accounts.values()].find((acct) => email !== null && acct.email === email);
    const account =
      existing ??
      createAccount({ name: email ? `${email.split('@')[0]}'s studio` : 'Test Studio', email: email ?? undefined });
    const code = `ac_${randomBytes(12).toString('hex')}`;
    authCodes.set(code, account.id as string);
    redirect.search = new URLSearchParams({ code, scope: 'read_write', state }).toString();
    return redirect.toString();
  }

  // -------------------------------------------------------------------------------------------
  // HTTP

  const sendJson = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': newId('req') });
    res.end(JSON.stringify(body));
  };
  const sendHtml = (res: ServerResponse, status: number, html: string) => {
    res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.end(html);
  };
  const redirect = (res: ServerResponse, location: string) => {
    res.writeHead(303, { location });
    res.end();
  };

  /** Who a request acts as: an account, through the platform's key or a restricted key of its own. */
  type TActor = { account: string; restricted: { key: string; permissions: TKeyPermissions } | null };

  const mask = (key: string) => `${key.slice(0, 8)}${'*'.repeat(Math.max(0, key.length - 12))}${key.slice(-4)}`;

  function authenticate(req: IncomingMessage): TActor | FakeStripeError {
    const auth = req.headers.authorization ?? '';
    // Stripe takes the key as a Bearer token or as the Basic user name (curl -u sk_…:).
    const basic = /^Basic\s+/i.test(auth)
      ? Buffer.from(auth.replace(/^Basic\s+/i, ''), 'base64').toString('utf8')
      : null;
    const given = basic !== null ? basic.replace(/:$/, '') : auth.replace(/^Bearer\s+/i, '');
    const onBehalf = req.headers['stripe-account'];
    const header = typeof onBehalf === 'string' && onBehalf ? onBehalf : null;
    if (given === secretKey && (auth === `Bearer ${secretKey}` || basic === `${secretKey}:`)) {
      if (!header) return { account: FAKE_PLATFORM_ACCOUNT, restricted: null };
      if (!connected.has(header)) {
        return new FakeStripeError(
          403,
          'invalid_request_error',
          `The provided key '${mask(given)}' does not have access to account '${header}' (or that account does not exist). Application access may have been revoked.`,
          { code: 'account_invalid' },
        );
      }
      return { account: header, restricted: null };
    }
    const restricted = restrictedKeys.get(given);
    if (restricted && !restricted.revoked) {
      if (header) {
        return new FakeStripeError(
          403,
          'invalid_request_error',
          'You passed a restricted API key with the Stripe-Account header, but the restricted API key does not have any Connect permissions.',
        );
      }
      return { account: restricted.account, restricted: { key: given, permissions: restricted.permissions } };
    }
    return new FakeStripeError(
      401,
      'invalid_request_error',
      given
        ? `Invalid API Key provided: ${mask(given)}`
        : "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
    );
  }

  /** A restricted key's permission for this request, as Stripe checks it (403 without it). */
  function need(actor: TActor, resource: TKeyResource, level: 'read' | 'write') {
    if (!actor.restricted) return;
    const has = actor.restricted.permissions[resource];
    if (has === 'write' || has === level) return;
    throw new FakeStripeError(
      403,
      'invalid_request_error',
      `The provided key '${mask(actor.restricted.key)}' does not have the required permissions for this endpoint on account '${actor.account}'. Having the 'rak_${resource}_${level}' permission would allow this request to continue.`,
    );
  }

  /** Billing's objects live on the platform's account, reached with its own key only. */
  function platformOnly(actor: TActor) {
    if (actor.account !== FAKE_PLATFORM_ACCOUNT || actor.restricted) {
      throw new FakeStripeError(
        403,
        'invalid_request_error',
        'This test server keeps customers, prices, subscriptions and invoices on the platform account only.',
      );
    }
  }

  /** The OAuth error body (not Stripe's API error shape): stripe-node turns it into an OAuth error. */
  const oauthError = (res: ServerResponse, status: number, error: string, description: string) =>
    sendJson(res, status, { error, error_description: description });

  async function handleOAuth(req: IncomingMessage, res: ServerResponse, url: URL) {
    const params = parseStripeForm(await readBody(req));
    requests.push({ method: req.method ?? 'POST', path: url.pathname, params });
    const auth = req.headers.authorization ?? '';
    if (auth !== `Bearer ${secretKey}`) {
      return oauthError(res, 401, 'invalid_client', 'No valid API key provided.');
    }
    if (url.pathname === '/oauth/token') {
      if (params.grant_type !== 'authorization_code') {
        return oauthError(res, 400, 'unsupported_grant_type', 'Only authorization_code is supported here.');
      }
      const code = String(params.code ?? '');
      const account = authCodes.get(code);
      if (!account) return oauthError(res, 400, 'invalid_grant', `Authorization code does not exist: ${code}`);
      authCodes.delete(code);
      connected.add(account);
      return sendJson(res, 200, {
        access_token: `sk_test_connected_${randomBytes(12).toString('hex')}`,
        livemode: false,
        refresh_token: `rt_${randomBytes(12).toString('hex')}`,
        scope: 'read_write',
        stripe_publishable_key: `pk_test_${randomBytes(12).toString('hex')}`,
        stripe_user_id: account,
        token_type: 'bearer',
      });
    }
    if (url.pathname === '/oauth/deauthorize') {
      const account = String(params.stripe_user_id ?? '');
      if (params.client_id !== connectClientId) {
        return oauthError(res, 400, 'invalid_client', `No such application: '${String(params.client_id ?? '')}'`);
      }
      if (!connected.has(account)) {
        return oauthError(
          res,
          400,
          'invalid_client',
          `This application is not connected to stripe account ${account}.`,
        );
      }
      await emit(
        'account.application.deauthorized',
        { id: `ca_${connectClientId}`, object: 'application', name: 'Draftwell' },
        undefined,
        account,
      );
      connected.delete(account);
      return sendJson(res, 200, { stripe_user_id: account });
    }
    return oauthError(res, 404, 'invalid_request', `Unrecognized OAuth URL ${url.pathname}.`);
  }

  async function handleApi(req: IncomingMessage, res: ServerResponse, url: URL) {
    const actor = authenticate(req);
    if (actor instanceof FakeStripeError) {
      sendJson(res, actor.status, { error: { type: actor.type, message: actor.message, ...actor.extra } });
      return;
    }
    const method = req.method ?? 'GET';
    const raw = method === 'GET' || method === 'DELETE' ? url.search.slice(1) : await readBody(req);
    const params = parseStripeForm(raw);
    requests.push({
      method,
      path: url.pathname,
      params,
      account: actor.account,
      restricted: actor.restricted !== null,
    });
    const key = req.headers['idempotency-key'];
    const cacheKey = method === 'POST' && typeof key === 'string' ? `${actor.account} ${url.pathname} ${key}` : null;
    const cached = cacheKey ? idempotent.get(cacheKey) : undefined;
    if (cached) {
      res.setHeader('idempotent-replayed', 'true');
      sendJson(res, cached.status, cached.body);
      return;
    }
    let result: { status: number; body: TObj };
    try {
      result = await api(method, url.pathname, params, actor);
    } catch (err) {
      if (!(err instanceof FakeStripeError)) throw err;
      result = { status: err.status, body: { error: { type: err.type, message: err.message, ...err.extra } } };
    }
    if (cacheKey) idempotent.set(cacheKey, result);
    sendJson(res, result.status, result.body);
  }

  function checkoutPage(session: TObj): string {
    const input = sessionInputs.get(session.id as string)!;
    const price = prices.get(input.price)!;
    const back = session.cancel_url
      ? `<p><a href="${escapeHtml(session.cancel_url as string)}">Back to Draftwell</a></p>`
      : '';
    if (session.status !== 'open') {
      return page('Checkout', `<h1>This checkout is ${escapeHtml(String(session.status))}</h1>${back}`);
    }
    const title = `Subscribe to ${price.nickname as string}`;
    return page(
      title,
      `<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(money(price.unit_amount as number, price.currency as string))} per ${escapeHtml(price.recurring.interval as string)}</p>
<p>Email: ${escapeHtml(String(session.customer_email ?? customers.get(session.customer as string)?.email ?? ''))}</p>
<p>Test card 4242 4242 4242 4242 (a test server: nothing is charged).</p>
<form method="post" action="/checkout/${escapeHtml(session.id as string)}"><button type="submit">Subscribe</button></form>
${back}`,
    );
  }

  function portalPage(portal: TObj): string {
    const subs = [...subscriptions.values()]
      .filter((s) => s.customer === portal.customer && s.status !== 'canceled')
      .reverse();
    const action = (subId: string, name: string, label: string, extra = '') =>
      `<form method="post" action="/portal/${escapeHtml(portal.id as string)}"><input type="hidden" name="subscription" value="${escapeHtml(subId)}"><input type="hidden" name="action" value="${name}">${extra}<button type="submit">${escapeHtml(label)}</button></form>`;
    const sections = subs.map((s) => {
      const item = s.items.data[0] as TObj;
      const price = item.price as TObj;
      const ends = s.cancel_at_period_end
        ? `Cancels on ${day(item.current_period_end as number)}`
        : `Renews on ${day(item.current_period_end as number)}`;
      const switches = [...prices.values()]
        .filter((p) => p.id !== price.id)
        .map((p) =>
          action(
            s.id as string,
            'switch',
            `Switch to ${p.nickname as string}`,
            `<input type="hidden" name="price" value="${escapeHtml(p.id as string)}">`,
          ),
        )
        .join('\n');
      return `<section aria-label="${escapeHtml(price.nickname as string)} subscription">
<h2>${escapeHtml(price.nickname as string)}</h2>
<p>Status: ${escapeHtml(s.status as string)}. ${escapeHtml(ends)}.</p>
${s.cancel_at_period_end ? action(s.id as string, 'renew', 'Renew plan') : action(s.id as string, 'cancel_at_period_end', 'Cancel at period end')}
${action(s.id as string, 'cancel_now', 'Cancel now')}
<div>${switches}</div>
</section>`;
    });
    const back = portal.return_url
      ? `<p><a href="${escapeHtml(portal.return_url as string)}">Return to Draftwell</a></p>`
      : '';
    return page(
      'Manage billing',
      `<h1>Manage billing</h1>${sections.length > 0 ? sections.join('\n') : '<p>No active subscription.</p>'}${back}`,
    );
  }

  async function portalAction(portal: TObj, form: TObj) {
    const subId = String(form.subscription ?? '');
    const sub = subscriptions.get(subId);
    if (!sub || sub.customer !== portal.customer) throw missing('subscription', subId);
    switch (form.action) {
      case 'cancel_at_period_end':
        return setCancelAtPeriodEnd(subId, true);
      case 'renew':
        return setCancelAtPeriodEnd(subId, false);
      case 'cancel_now':
        return cancelNow(subId);
      case 'switch':
        return switchPrice(subId, String(form.price ?? ''));
      default:
        throw invalid('Unknown portal action.');
    }
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://fake-stripe');
    const method = req.method ?? 'GET';
    const parts = url.pathname.split('/').filter(Boolean);
    try {
      if (url.pathname === '/healthz') {
        res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
        return;
      }
      // Browsers ask for one on every page; a 404 would be a console error in the browser tests.
      if (url.pathname === '/favicon.ico') {
        res.writeHead(204).end();
        return;
      }
      if (parts[0] === 'v1') return await handleApi(req, res, url);

      if (parts[0] === 'oauth' && parts[1] === 'authorize' && parts.length === 2) {
        if (method === 'POST') return redirect(res, await oauthDecision(parseStripeForm(await readBody(req))));
        if (url.searchParams.get('client_id') !== connectClientId) {
          return sendHtml(res, 400, page('Connect', '<h1>Unknown client_id</h1>'));
        }
        return sendHtml(res, 200, oauthPage(url.searchParams));
      }
      if (parts[0] === 'oauth' && (parts[1] === 'token' || parts[1] === 'deauthorize') && method === 'POST') {
        return await handleOAuth(req, res, url);
      }

      if (parts[0] === 'receipts' && parts[1]) {
        return sendHtml(res, 200, page('Receipt', '<h1>Receipt</h1><p>Paid (a test server).</p>'));
      }

      if (parts[0] === 'checkout' && parts[1] && parts.length === 2 && sessions.get(parts[1])?.mode === 'payment') {
        const session = sessions.get(parts[1])!;
        if (method === 'POST') {
          const how = String(parseStripeForm(await readBody(req)).how ?? 'card') as
            'card' | 'card_declined' | 'bank_debit';
          await payCheckout(session.id as string, how);
          if (how === 'card_declined') return redirect(res, `/checkout/${session.id as string}?declined=1`);
          return redirect(res, (session.success_url as string).replace('{CHECKOUT_SESSION_ID}', session.id as string));
        }
        return sendHtml(res, 200, paymentPage(session, url.searchParams.has('declined')));
      }

      if (parts[0] === 'checkout' && parts[1] && parts.length === 2) {
        const session = sessions.get(parts[1]);
        if (!session) return sendHtml(res, 404, page('Not found', '<h1>No such checkout session</h1>'));
        if (method === 'POST') {
          await completeCheckout(session.id as string);
          return redirect(res, (session.success_url as string).replace('{CHECKOUT_SESSION_ID}', session.id as string));
        }
        return sendHtml(res, 200, checkoutPage(session));
      }

      if (parts[0] === 'portal' && parts[1] && parts.length === 2) {
        const portal = portalSessions.get(parts[1]);
        if (!portal) return sendHtml(res, 404, page('Not found', '<h1>No such portal session</h1>'));
        if (method === 'POST') {
          await portalAction(portal, parseStripeForm(await readBody(req)));
          return redirect(res, `/portal/${portal.id as string}`);
        }
        return sendHtml(res, 200, portalPage(portal));
      }

      if (parts[0] === 'invoices' && parts[1] && invoices.has(parts[1])) {
        const invoice = invoices.get(parts[1])!;
        return sendHtml(
          res,
          200,
          page(
            `Invoice ${invoice.number as string}`,
            `<h1>Invoice ${escapeHtml(invoice.number as string)}</h1><p>${escapeHtml(money(invoice.total as number, invoice.currency as string))}, ${escapeHtml(invoice.status as string)}</p>`,
          ),
        );
      }

      if (parts[0] === '__fake') {
        if (method === 'GET' && parts[1] === 'events') {
          return sendJson(
            res,
            200,
            events.map((e) => ({ id: e.id, type: e.type, created: e.created, deliveredStatus: e.deliveredStatus })),
          );
        }
        if (method === 'POST' && parts[1] === 'subscriptions' && parts[2] && parts[3] === 'fail-payment') {
          return sendJson(res, 200, await failPayment(parts[2]));
        }
        if (method === 'POST' && parts[1] === 'subscriptions' && parts[2] && parts[3] === 'pay') {
          return sendJson(res, 200, await payOpenInvoice(parts[2]));
        }
        if (method === 'POST' && parts[1] === 'accounts' && !parts[2]) {
          const body = JSON.parse((await readBody(req)) || '{}') as TObj;
          return sendJson(res, 200, createAccount({ name: body.name, email: body.email }));
        }
        if (method === 'POST' && parts[1] === 'restricted-keys' && !parts[2]) {
          const body = JSON.parse((await readBody(req)) || '{}') as TObj;
          return sendJson(res, 200, createRestrictedKey(body.account, body.permissions));
        }
        if (method === 'POST' && parts[1] === 'payment_intents' && parts[2] && parts[3] === 'settle') {
          const body = JSON.parse((await readBody(req)) || '{}') as TObj;
          return sendJson(res, 200, await settlePaymentIntent(parts[2], body.ok !== false));
        }
        if (method === 'POST' && parts[1] === 'charges' && parts[2] && parts[3] === 'refund') {
          const body = JSON.parse((await readBody(req)) || '{}') as TObj;
          return sendJson(res, 200, await refundCharge(parts[2], body.amount));
        }
      }
      sendJson(res, 404, {
        error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${url.pathname}).` },
      });
    } catch (err) {
      if (err instanceof FakeStripeError) {
        sendJson(res, err.status, { error: { type: err.type, message: err.message, ...err.extra } });
        return;
      }
      sendJson(res, 500, { error: { type: 'api_error', message: (err as Error).message } });
    }
  }

  const server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, opts.host ?? '127.0.0.1', () => resolve()));
  const port = (server.address() as AddressInfo).port;
  baseUrl = `http://${opts.host && opts.host !== '0.0.0.0' ? opts.host : '127.0.0.1'}:${port}`;

  const byPlan = (nickname: string) => catalogue.find((p) => p.nickname === nickname)?.id ?? '';
  return {
    url: baseUrl,
    port,
    secretKey,
    webhookSecret,
    prices: catalogue,
    appEnv: () => ({
      STRIPE_SECRET_KEY: secretKey,
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_API_URL: baseUrl,
      STRIPE_PRICE_PRO_MONTHLY: byPlan('Pro monthly'),
      STRIPE_PRICE_PRO_YEARLY: byPlan('Pro yearly'),
      STRIPE_PRICE_BUSINESS_MONTHLY: byPlan('Business monthly'),
      STRIPE_PRICE_BUSINESS_YEARLY: byPlan('Business yearly'),
    }),
    setWebhookUrl(url) {
      webhookUrl = url;
    },
    events,
    requests,
    sign,
    customer: (id) => customers.get(id),
    checkoutSession: (id) => sessions.get(id),
    subscription: (id) => subscriptions.get(id),
    subscriptionsOf: (customerId) => [...subscriptions.values()].filter((s) => s.customer === customerId),
    completeCheckout,
    setCancelAtPeriodEnd,
    switchPrice,
    cancelNow,
    failPayment,
    payOpenInvoice,
    settled: async () => {
      // Deliveries may queue more (a page action's events); wait until none is left.
      let seen: Promise<void> | null = null;
      while (seen !== deliveries) {
        seen = deliveries;
        await seen;
      }
    },
    connectClientId,
    connectWebhookSecret,
    setConnectWebhookUrl(url) {
      connectWebhookUrl = url;
    },
    setDeliveries(on) {
      deliveriesOn = on;
    },
    createAccount,
    account: (id) => accounts.get(id),
    isConnected: (id) => connected.has(id),
    createRestrictedKey,
    revokeKey(key) {
      const found = restrictedKeys.get(key);
      if (found) found.revoked = true;
    },
    webhookEndpoints: (account) => [...webhookEndpoints.values()].filter((e) => e.account === account).map(clone),
    paymentIntent: (id) => paymentIntents.get(id),
    charge: (id) => charges.get(id),
    payCheckout,
    settlePaymentIntent,
    refundCharge,
    signWith: (secret, payload, timestamp = now()) =>
      Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
