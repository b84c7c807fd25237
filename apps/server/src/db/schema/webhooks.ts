import { sql } from 'drizzle-orm';
import { bigserial, boolean, check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';

/**
 * Signed webhooks (issue 17, decision 0021). An endpoint is an owner's URL with the events it
 * wants; its signing secret is sealed with `lib/secret-box.ts` (the server signs with it, so it
 * keeps the secret itself, never in the clear). Disabled after three days of failures.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    /** TWebhookEventType[] */
    events: text('events').array().notNull(),
    /** `whsec_…` sealed under AUTH_SECRET, bound to the row's id. */
    secretSealed: text('secret_sealed').notNull(),
    /** The secret's first characters, to tell secrets apart ("whsec_Ab3d…"). */
    secretPreview: text('secret_preview').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    disabledReason: text('disabled_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhook_endpoints_owner_idx').on(t.ownerId, t.createdAt)],
);

/**
 * The webhook outbox: one row per event per endpoint, inserted in the transaction of the event
 * (`recordEvent`), so an event and its deliveries commit together. Delivered at least once, in
 * `seq` order per (endpoint, order key = the proposal), retried with backoff for three days. A
 * resend is a new row with the same `event_id` and body. The last attempt's outcome is kept.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    ownerId: uuid('owner_id').notNull(),
    /** The proposal's id, or `test:<endpoint id>` for test events: deliveries with one key go in order. */
    orderKey: text('order_key').notNull(),
    proposalId: uuid('proposal_id'),
    /** `evt_…`, the same for every endpoint, retry and resend of one event: the receiver's dedupe key. */
    eventId: text('event_id').notNull(),
    eventType: text('event_type').notNull(),
    /** The exact JSON body sent (and signed). */
    body: text('body').notNull(),
    /** pending | delivered | failed */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    /** The HTTP status of the last answer; null when none came (refused, timed out, unreachable). */
    responseStatus: integer('response_status'),
    latencyMs: integer('latency_ms'),
    /** The first kilobyte or so of the last answer's body. */
    responseExcerpt: text('response_excerpt'),
    lastError: text('last_error'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    /** The delivery this one resends, if any. */
    resendOf: uuid('resend_of'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.seq),
    index('webhook_deliveries_pending_idx')
      .on(t.endpointId, t.orderKey, t.seq)
      .where(sql`${t.status} = 'pending'`),
    index('webhook_deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    check('webhook_deliveries_status_check', sql`${t.status} in ('pending', 'delivered', 'failed')`),
  ],
);
