import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { proposalRevisions, proposalSigners } from './share';
import { proposals } from './workspace';

/**
 * Payment at acceptance (decision 0018): the owner's own Stripe account, what each proposal asks
 * its client to pay, the Checkout Sessions made for it, and the Stripe events seen. Separate from
 * Draftwell's own subscription billing (`billing.ts`).
 */

/**
 * The owner's Stripe account, one per owner: connected through Stripe Connect (only its id is
 * kept; calls go with the platform's key and the `Stripe-Account` header), or a restricted key
 * of their own account, sealed with AES-256-GCM under a key derived from AUTH_SECRET.
 */
export const paymentAccounts = pgTable(
  'payment_accounts',
  {
    /** Also the path of this connection's own webhook endpoint (restricted keys). */
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    mode: text('mode').notNull(),
    /** acct_… with Connect; null for a restricted key (Stripe does not tell it its account). */
    stripeAccountId: text('stripe_account_id'),
    /** The restricted key, sealed (iv.tag.body, base64url); never sent to a browser or logged. */
    keySealed: text('key_sealed'),
    keyLast4: text('key_last4'),
    livemode: boolean('livemode').notNull().default(false),
    displayName: text('display_name'),
    /** The endpoint made on the owner's account for a restricted key, and its signing secret (sealed). */
    webhookEndpointId: text('webhook_endpoint_id'),
    webhookSecretSealed: text('webhook_secret_sealed'),
    /** active | needs_attention (Stripe refused the key or the connection since; `problem` says how). */
    status: text('status').notNull().default('active'),
    problem: text('problem'),
    connectedAt: timestamp('connected_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payment_accounts_stripe_account_idx').on(t.stripeAccountId),
    check('payment_accounts_mode_check', sql`${t.mode} in ('connect', 'key')`),
    check('payment_accounts_status_check', sql`${t.status} in ('active', 'needs_attention')`),
  ],
);

/**
 * What a proposal asks its client to pay, set when sending, and where that payment stands. At
 * acceptance the amount is computed from the accepted revision and choices and fixed here
 * (`quote`); Stripe's webhooks and the owner's *Mark as paid* move it on.
 */
export const proposalPayments = pgTable(
  'proposal_payments',
  {
    proposalId: uuid('proposal_id')
      .primaryKey()
      .references(() => proposals.id, { onDelete: 'cascade' }),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** TPaymentTerms */
    terms: jsonb('terms').notNull(),
    /** The revision the terms were sent with. */
    revisionId: uuid('revision_id').references(() => proposalRevisions.id, { onDelete: 'set null' }),
    /** TPaymentStatus: requested → awaiting → processing → paid → refunded; or not_due. */
    status: text('status').notNull().default('requested'),
    /** ISO 4217 of the accepted revision, and the TPaymentQuote fixed at acceptance. */
    currency: text('currency'),
    quote: jsonb('quote'),
    dueAt: timestamp('due_at', { withTimezone: true }),
    /** Minor units of `currency`. */
    amountPaid: bigint('amount_paid', { mode: 'number' }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** stripe | manual */
    paidVia: text('paid_via'),
    paymentIntentId: text('payment_intent_id'),
    receiptUrl: text('receipt_url'),
    refundedAmount: bigint('refunded_amount', { mode: 'number' }).notNull().default(0),
    /** Marked paid by hand: who (kept by name too, should the account go) and their note. */
    markedBy: uuid('marked_by').references(() => users.id, { onDelete: 'set null' }),
    markedByName: text('marked_by_name'),
    markedNote: text('marked_note'),
    failureMessage: text('failure_message'),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('proposal_payments_owner_idx').on(t.ownerId),
    index('proposal_payments_intent_idx').on(t.paymentIntentId),
    check(
      'proposal_payments_status_check',
      sql`${t.status} in ('requested', 'awaiting', 'processing', 'paid', 'refunded', 'not_due')`,
    ),
  ],
);

/**
 * Every Checkout Session made for a proposal's payment, on the account it was made on: a webhook
 * is applied only to a session found here, and only when it comes from that same account.
 */
export const paymentCheckouts = pgTable(
  'payment_checkouts',
  {
    sessionId: text('session_id').primaryKey(),
    proposalId: uuid('proposal_id')
      .notNull()
      .references(() => proposals.id, { onDelete: 'cascade' }),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The payment_accounts row it was made through (no foreign key: kept after a disconnect). */
    connectionId: uuid('connection_id').notNull(),
    mode: text('mode').notNull(),
    /** acct_… for Connect; null for a restricted key. */
    stripeAccountId: text('stripe_account_id'),
    /** The signer who pressed Pay. */
    signerId: uuid('signer_id').references(() => proposalSigners.id, { onDelete: 'set null' }),
    /** Stripe's units (`toStripeAmount`) and its lowercase currency, as sent. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    url: text('url'),
    /** Stripe's session status and payment status, as last read. */
    status: text('status').notNull().default('open'),
    paymentStatus: text('payment_status').notNull().default('unpaid'),
    paymentIntentId: text('payment_intent_id'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    checkedAt: timestamp('checked_at', { withTimezone: true }),
  },
  (t) => [
    index('payment_checkouts_proposal_idx').on(t.proposalId, t.createdAt),
    index('payment_checkouts_intent_idx').on(t.paymentIntentId),
  ],
);

/** Stripe events of payments by id: a replay is answered 200 and not applied again. */
export const paymentEvents = pgTable('payment_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  /** The connected account it came from (Connect), or null. */
  account: text('account'),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});
