import { eq, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import Stripe from 'stripe';
import {
  BILLING_CHANGED_EVENT,
  PAID_STATUSES,
  type TBillingInterval,
  type TPlanId,
  userChannel,
} from '@draftwell/shared';
import type { TDatabase, TDb } from '../../db/client';
import { billingCustomers, billingEvents, subscriptions, users } from '../../db/schema';
import type { TStripeEnv } from '../../env';
import { AppError } from '../../lib/app-error';
import type { TRealtimeHub } from '../../realtime/hub';
import { planOfRow, type TSubscriptionRow } from './plan';
import { callStripe } from './stripe-client';

/** Stripe's own default: a signature older than this is a replay (A16). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/** The events that can change a subscription; every other type is recorded and acknowledged. */
const HANDLED = new Set([
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.payment_failed',
  'invoice.paid',
]);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isPaid = (status: string) => (PAID_STATUSES as readonly string[]).includes(status);

export type TWebhookOutcome =
  /** The event id was seen before: nothing was done (A16, R8). */
  | { kind: 'duplicate' }
  /** Recorded; the user's subscription row changed (userId) or did not (null). */
  | { kind: 'processed'; changed: { userId: string; plan: TPlanId } | null };

/**
 * A Stripe webhook: verified against the raw body, recorded by event id, then applied once.
 *
 * Applying does not trust the event's copy of the subscription (events arrive late, twice and out
 * of order): under a per-user lock it lists the customer's subscriptions from Stripe as they are
 * now and writes the row from that. So any order of any events ends with the row Stripe reports
 * (R8), and an event that brings nothing new writes nothing.
 */
export async function handleStripeWebhook(args: {
  database: TDatabase;
  stripe: Stripe;
  config: TStripeEnv;
  log: Logger;
  realtime: TRealtimeHub;
  defaultPlan: TPlanId;
  payload: Uint8Array;
  signature: string | undefined;
}): Promise<TWebhookOutcome> {
  const { database, stripe, config, log, realtime, defaultPlan } = args;
  let event: Stripe.Event;
  try {
    if (!args.signature) throw new Error('no Stripe-Signature header');
    event = stripe.webhooks.constructEvent(
      Buffer.from(args.payload),
      args.signature,
      config.webhookSecret,
      WEBHOOK_TOLERANCE_SECONDS,
    );
  } catch (err) {
    log.warn({ err: err instanceof Error ? err.message : String(err) }, 'stripe webhook refused');
    throw new AppError('invalid', 'The Stripe signature is missing, does not match, or is too old.');
  }

  const outcome = await database.db.transaction(async (tx): Promise<TWebhookOutcome> => {
    const recorded = await tx
      .insert(billingEvents)
      .values({ id: event.id, type: event.type, stripeCreated: event.created })
      .onConflictDoNothing()
      .returning({ id: billingEvents.id });
    if (recorded.length === 0) return { kind: 'duplicate' };
    if (!HANDLED.has(event.type)) return { kind: 'processed', changed: null };
    const target = await targetOf(tx, event, log);
    if (!target) return { kind: 'processed', changed: null };
    // One event per user at a time, and Stripe read only after the previous one committed: a
    // slower event can never write an older picture over a newer one.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`billing:${target.userId}`}, 0))`);
    const changed = await syncCustomer({ tx, stripe, config, log, event, ...target, defaultPlan });
    return { kind: 'processed', changed };
  });

  if (outcome.kind === 'processed' && outcome.changed) {
    const { userId, plan } = outcome.changed;
    await realtime
      .publish(userChannel(userId), BILLING_CHANGED_EVENT, { plan })
      .catch((err: unknown) =>
        log.warn({ err: err instanceof Error ? err.message : String(err) }, 'realtime publish failed'),
      );
  }
  log.info({ stripeEvent: event.id, type: event.type, outcome: outcome.kind }, 'stripe webhook');
  return outcome;
}

type TTarget = { userId: string; customerId: string };

const idOf = (v: string | { id: string } | null | undefined) => (typeof v === 'string' ? v : (v?.id ?? null));

/**
 * Whose subscription an event is about: the account named at Checkout (client_reference_id, or
 * the userId metadata we put on the subscription), else the account already holding the customer.
 */
async function targetOf(tx: TDb, event: Stripe.Event, log: Logger): Promise<TTarget | null> {
  let customerId: string | null = null;
  let named: string | null = null;
  const obj = event.data.object;
  switch (obj.object) {
    case 'checkout.session':
      if (obj.mode !== 'subscription') return null;
      customerId = idOf(obj.customer);
      named = obj.client_reference_id ?? obj.metadata?.userId ?? null;
      break;
    case 'subscription':
      customerId = idOf(obj.customer);
      named = obj.metadata?.userId ?? null;
      break;
    case 'invoice':
      customerId = idOf(obj.customer);
      named = obj.parent?.subscription_details?.metadata?.userId ?? null;
      break;
    default:
      return null;
  }
  if (!customerId) return null;

  const [holder] = await tx
    .select({ userId: billingCustomers.userId })
    .from(billingCustomers)
    .where(eq(billingCustomers.stripeCustomerId, customerId))
    .union(
      tx
        .select({ userId: subscriptions.userId })
        .from(subscriptions)
        .where(eq(subscriptions.stripeCustomerId, customerId)),
    )
    .limit(1);
  if (holder) {
    if (named && named !== holder.userId) {
      log.warn({ stripeEvent: event.id, customerId }, 'stripe customer belongs to another account; event ignored');
      return null;
    }
    return { userId: holder.userId, customerId };
  }
  if (named && UUID.test(named)) {
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, named)).limit(1);
    if (user) return { userId: user.id, customerId };
  }
  log.warn({ stripeEvent: event.id, type: event.type, customerId }, 'stripe event for no known account; ignored');
  return null;
}

/**
 * Of a customer's subscriptions, the one that decides the plan: a paid one (newest first), else
 * the newest (canceled, incomplete…), which still shows what happened.
 */
function decidingSubscription(list: Stripe.Subscription[]): Stripe.Subscription | null {
  const newestFirst = [...list].sort((a, b) => b.created - a.created);
  return newestFirst.find((s) => isPaid(s.status)) ?? newestFirst[0] ?? null;
}

function planOfPrice(config: TStripeEnv, priceId: string): { plan: TPlanId; interval: TBillingInterval } | null {
  for (const plan of ['pro', 'business'] as const) {
    for (const interval of ['month', 'year'] as const) {
      if (config.prices[plan][interval] === priceId) return { plan, interval };
    }
  }
  return null;
}

const at = (seconds: number | null | undefined) => (seconds == null ? null : new Date(seconds * 1000));
const sameTime = (a: Date | null, b: Date | null) => (a?.getTime() ?? null) === (b?.getTime() ?? null);

type TRowValues = Omit<TSubscriptionRow, 'userId' | 'updatedAt'>;

async function syncCustomer(args: {
  tx: TDb;
  stripe: Stripe;
  config: TStripeEnv;
  log: Logger;
  event: Stripe.Event;
  userId: string;
  customerId: string;
  defaultPlan: TPlanId;
}): Promise<{ userId: string; plan: TPlanId } | null> {
  const { tx, stripe, config, log, event, userId, customerId, defaultPlan } = args;
  const list = await callStripe(log, 'subscriptions.list', () =>
    stripe.subscriptions.list({ customer: customerId, status: 'all', limit: 100 }),
  );
  const sub = decidingSubscription(list.data);
  if (!sub) return null;
  const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.userId, userId)).limit(1);
  // An operator-set plan stays until Stripe bills the account for one.
  if (row?.source === 'admin' && !isPaid(sub.status)) return null;

  const item = sub.items.data[0];
  const priceId = item?.price.id ?? null;
  const priced = priceId ? planOfPrice(config, priceId) : null;
  if (!priced) {
    log.warn(
      { stripeEvent: event.id, subscription: sub.id, price: priceId },
      'stripe price is not one of ours; plan left as it was',
    );
  }
  const plan = priced?.plan ?? (row?.plan as TPlanId | undefined);
  if (!plan) return null;

  const failing = sub.status === 'past_due' || sub.status === 'unpaid';
  const next: TRowValues = {
    plan,
    status: sub.status,
    source: 'stripe',
    interval: priced?.interval ?? row?.interval ?? null,
    currentPeriodStart: at(item?.current_period_start),
    currentPeriodEnd: at(item?.current_period_end),
    // The portal may end a subscription by date (cancel_at) rather than by the flag.
    cancelAtPeriodEnd: sub.status !== 'canceled' && (sub.cancel_at_period_end || sub.cancel_at !== null),
    canceledAt: at(sub.canceled_at),
    trialEnd: at(sub.trial_end),
    stripeCustomerId: customerId,
    stripeSubscriptionId: sub.id,
    stripePriceId: priced ? priceId : (row?.stripePriceId ?? priceId),
    // When the failure was first seen, kept while Stripe retries; cleared once it is paid.
    paymentFailedAt: failing ? (row?.paymentFailedAt ?? at(event.created)) : null,
  };
  if (row && sameRow(row, next)) return null;

  const values = { ...next, updatedAt: new Date() };
  await tx
    .insert(subscriptions)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: subscriptions.userId, set: values });
  return { userId, plan: planOfRow({ userId, ...values }, defaultPlan) };
}

function sameRow(row: TSubscriptionRow, next: TRowValues): boolean {
  return (
    row.plan === next.plan &&
    row.status === next.status &&
    row.source === next.source &&
    row.interval === next.interval &&
    sameTime(row.currentPeriodStart, next.currentPeriodStart) &&
    sameTime(row.currentPeriodEnd, next.currentPeriodEnd) &&
    row.cancelAtPeriodEnd === next.cancelAtPeriodEnd &&
    sameTime(row.canceledAt, next.canceledAt) &&
    sameTime(row.trialEnd, next.trialEnd) &&
    row.stripeCustomerId === next.stripeCustomerId &&
    row.stripeSubscriptionId === next.stripeSubscriptionId &&
    row.stripePriceId === next.stripePriceId &&
    sameTime(row.paymentFailedAt, next.paymentFailedAt)
  );
}
