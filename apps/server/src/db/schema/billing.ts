import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';

/**
 * Plans and usage. A user without a subscription row is on the server's DEFAULT_PLAN. A row is
 * written by Stripe's webhooks (source 'stripe') or by the operator's set-plan command ('admin').
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    plan: text('plan').notNull(),
    /** Stripe's subscription status (trialing, active, past_due, canceled, unpaid, incomplete…), or active for admin. */
    status: text('status').notNull(),
    source: text('source').notNull(),
    /** month | year; null for an operator-set plan. */
    interval: text('interval'),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    trialEnd: timestamp('trial_end', { withTimezone: true }),
    stripeCustomerId: text('stripe_customer_id').unique(),
    stripeSubscriptionId: text('stripe_subscription_id').unique(),
    stripePriceId: text('stripe_price_id'),
    /** The last invoice payment failed and Stripe is retrying it. */
    paymentFailedAt: timestamp('payment_failed_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('subscriptions_plan_check', sql`${t.plan} in ('free', 'pro', 'business')`),
    check('subscriptions_source_check', sql`${t.source} in ('stripe', 'admin')`),
  ],
);

/**
 * How many limited actions a user took in one usage period. Incremented with a conditional
 * upsert, so two concurrent actions can never both take the last unit.
 */
export const usageCounters = pgTable(
  'usage_counters',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** proposalsSent | briefDrafts */
    metric: text('metric').notNull(),
    /** The first day (UTC) of the usage period. */
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.metric, t.periodStart] }),
    check('usage_counters_count_check', sql`${t.count} >= 0`),
  ],
);

/**
 * The Stripe customer of each account that ever opened Checkout, created by us before the first
 * Checkout so that a second Upgrade (before the first one's webhooks arrive) finds it and sees
 * the subscription already there, instead of starting a second one under a new customer.
 */
export const billingCustomers = pgTable('billing_customers', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  stripeCustomerId: text('stripe_customer_id').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Stripe events by id: each is processed once, replays answer 200 with no second effect (A16, R8). */
export const billingEvents = pgTable('billing_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  /** Stripe's `created`, seconds since the epoch. */
  stripeCreated: bigint('stripe_created', { mode: 'number' }).notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});
