import { eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import type Stripe from 'stripe';
import {
  BILLING_INVOICE_LIMIT,
  BILLING_RETURN_PATHS,
  type TCheckoutRequest,
  type TCheckoutResponse,
  type TInvoice,
  type TPortalResponse,
} from '@draftwell/shared';
import type { TDb } from '../../db/client';
import { billingCustomers, subscriptions } from '../../db/schema';
import type { TStripeEnv } from '../../env';
import type { TActor } from '../../http/require-user';
import { AppError } from '../../lib/app-error';
import { keyedQueue } from '../../lib/keyed-queue';
import { callStripe } from './stripe-client';

/**
 * Statuses of a subscription that still exists for Stripe and bills (or will): a second Checkout
 * would start a second subscription beside it, so Upgrade opens the portal instead.
 */
const LIVE_STATUSES: readonly string[] = ['active', 'trialing', 'past_due', 'unpaid'];

export type TBillingArgs = {
  db: TDb;
  stripe: Stripe;
  config: TStripeEnv;
  log: Logger;
  actor: TActor;
  /** The server's public origin (BASE_URL): Stripe sends the browser back there. */
  baseUrl: string;
};

/**
 * The Stripe customer we know for the user: the one created at their first Upgrade, else (for a
 * subscription that started before that table existed) the one on their subscription row.
 */
async function customerOf(db: TDb, userId: string): Promise<string | null> {
  const [created] = await db
    .select({ customer: billingCustomers.stripeCustomerId })
    .from(billingCustomers)
    .where(eq(billingCustomers.userId, userId))
    .limit(1);
  if (created) return created.customer;
  const [row] = await db
    .select({ customer: subscriptions.stripeCustomerId })
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .limit(1);
  return row?.customer ?? null;
}

/**
 * The user's customer, created at Stripe on first need. The idempotency key makes two concurrent
 * first Upgrades get the same customer from Stripe; the insert keeps whichever was stored first.
 */
async function ensureCustomer(args: TBillingArgs): Promise<string> {
  const { db, stripe, log, actor } = args;
  const known = await customerOf(db, actor.id);
  if (known) return known;
  const customer = await callStripe(log, 'customers.create', () =>
    stripe.customers.create(
      { email: actor.email, name: actor.name, metadata: { userId: actor.id } },
      { idempotencyKey: `draftwell-customer-${actor.id}` },
    ),
  );
  await db.insert(billingCustomers).values({ userId: actor.id, stripeCustomerId: customer.id }).onConflictDoNothing();
  return (await customerOf(db, actor.id)) ?? customer.id;
}

async function portalSession(args: TBillingArgs, customer: string): Promise<string> {
  const session = await callStripe(args.log, 'billingPortal.sessions.create', () =>
    args.stripe.billingPortal.sessions.create({
      customer,
      return_url: `${args.baseUrl}${BILLING_RETURN_PATHS.portalReturn}`,
    }),
  );
  return session.url;
}

/**
 * Upgrade. The price comes from the server's configuration for the chosen plan and interval, the
 * customer from our own records (A17). Live subscriptions are looked up at Stripe rather than in
 * our row, because the webhooks of a Checkout completed seconds ago may not have arrived yet.
 */
export function createCheckout(args: TBillingArgs & { input: TCheckoutRequest }): Promise<TCheckoutResponse> {
  // Two Upgrades at once (two tabs, a double press) are taken in turn, so the second sees the
  // first's open session and expires it instead of leaving two open beside each other.
  return oneCheckoutAtATime(args.actor.id, () => checkoutFor(args));
}
const oneCheckoutAtATime = keyedQueue();

async function checkoutFor(args: TBillingArgs & { input: TCheckoutRequest }): Promise<TCheckoutResponse> {
  const { stripe, config, log, actor, baseUrl, input } = args;
  const customer = await ensureCustomer(args);
  const existing = await callStripe(log, 'subscriptions.list', () =>
    stripe.subscriptions.list({ customer, status: 'all', limit: 20 }),
  );
  if (existing.data.some((s) => LIVE_STATUSES.includes(s.status))) {
    return { url: await portalSession(args, customer), target: 'portal' };
  }
  // One Checkout open per account: an older tab's page can no longer start a second subscription.
  const open = await callStripe(log, 'checkout.sessions.list', () =>
    stripe.checkout.sessions.list({ customer, status: 'open', limit: 20 }),
  );
  for (const stale of open.data) {
    await callStripe(log, 'checkout.sessions.expire', () => stripe.checkout.sessions.expire(stale.id));
  }
  const session = await callStripe(log, 'checkout.sessions.create', () =>
    stripe.checkout.sessions.create({
      mode: 'subscription',
      customer,
      line_items: [{ price: config.prices[input.plan][input.interval], quantity: 1 }],
      // Both tie the subscription back to this account, whichever webhook arrives first.
      client_reference_id: actor.id,
      metadata: { userId: actor.id },
      subscription_data: { metadata: { userId: actor.id } },
      success_url: `${baseUrl}${BILLING_RETURN_PATHS.checkoutSuccess}`,
      cancel_url: `${baseUrl}${BILLING_RETURN_PATHS.checkoutCanceled}`,
    }),
  );
  if (!session.url) throw new Error(`Stripe returned checkout session ${session.id} without a url`);
  return { url: session.url, target: 'checkout' };
}

/** Manage billing: the Customer Portal of the user's Stripe customer. */
export async function createPortal(args: TBillingArgs): Promise<TPortalResponse> {
  const customer = await customerOf(args.db, args.actor.id);
  if (!customer) {
    throw new AppError('conflict', 'There is no billing account for you yet: choose a plan with Upgrade first.', {
      details: { reason: 'no_customer' },
    });
  }
  return { url: await portalSession(args, customer) };
}

const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

/** Profile → Plan's invoices, read from Stripe (it is the record; nothing is copied here). */
export async function listInvoices(args: Omit<TBillingArgs, 'baseUrl'>): Promise<TInvoice[]> {
  const customer = await customerOf(args.db, args.actor.id);
  if (!customer) return [];
  const page = await callStripe(args.log, 'invoices.list', () =>
    args.stripe.invoices.list({ customer, limit: BILLING_INVOICE_LIMIT }),
  );
  return page.data.map((inv): TInvoice => ({
    id: inv.id,
    number: inv.number,
    status: inv.status,
    currency: inv.currency.toUpperCase(),
    total: inv.total,
    amountPaid: inv.amount_paid,
    amountDue: inv.amount_due,
    createdAt: iso(inv.created),
    periodStart: iso(inv.period_start),
    periodEnd: iso(inv.period_end),
    hostedInvoiceUrl: inv.hosted_invoice_url ?? null,
    invoicePdf: inv.invoice_pdf ?? null,
  }));
}
