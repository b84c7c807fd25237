import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { proposalSigners } from './share';
import { proposals } from './workspace';

/**
 * Follow-up automation (issue 16): the owner's defaults, each proposal's settings, the signers who
 * stopped automatic mail, and every automatic mail sent, whose unique key is what makes any number
 * of sweeps on any number of instances send each one once.
 */

const settings = () => ({
  reminders: boolean('reminders').notNull(),
  firstAfterDays: integer('first_after_days').notNull(),
  everyDays: integer('every_days').notNull(),
  maxReminders: integer('max_reminders').notNull(),
  expiryWarnings: boolean('expiry_warnings').notNull(),
  version: integer('version').notNull().default(1),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One per owner: the settings every proposal takes at its first send, and the owner's time zone. */
export const followUpDefaults = pgTable('follow_up_defaults', {
  ownerId: uuid('owner_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** IANA name; "days" and the sending hour count here. */
  timeZone: text('time_zone').notNull(),
  ...settings(),
});

/**
 * One proposal's settings, written when the owner sets them or, from the defaults, at its first
 * send. A sent proposal without a row (sent before follow-up existed) gets no automatic mail.
 */
export const proposalFollowUps = pgTable('proposal_follow_ups', {
  proposalId: uuid('proposal_id')
    .primaryKey()
    .references(() => proposals.id, { onDelete: 'cascade' }),
  ownerId: uuid('owner_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  ...settings(),
});

/** A client signer who followed the stop link of an automatic mail: none goes to them again for this proposal. */
export const followUpStops = pgTable(
  'follow_up_stops',
  {
    signerId: uuid('signer_id')
      .primaryKey()
      .references(() => proposalSigners.id, { onDelete: 'cascade' }),
    proposalId: uuid('proposal_id')
      .notNull()
      .references(() => proposals.id, { onDelete: 'cascade' }),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    stoppedAt: timestamp('stopped_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('follow_up_stops_proposal_idx').on(t.proposalId)],
);

/**
 * Every automatic mail, once: `recipient` is a signer's id or 'owner'; `round` the revision
 * number for reminders, the valid-until date for expiry warnings (extending it warns again);
 * `step` the reminder's number, or the days before the date a warning was due at.
 */
export const followUpMails = pgTable(
  'follow_up_mails',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    proposalId: uuid('proposal_id')
      .notNull()
      .references(() => proposals.id, { onDelete: 'cascade' }),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    signerId: uuid('signer_id').references(() => proposalSigners.id, { onDelete: 'cascade' }),
    recipient: text('recipient').notNull(),
    kind: text('kind').notNull(),
    round: text('round').notNull(),
    step: integer('step').notNull(),
    /** The sweep's clock when it was queued (the outbox sends it moments later). */
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('follow_up_mails_key_idx').on(t.proposalId, t.recipient, t.kind, t.round, t.step),
    check('follow_up_mails_kind_check', sql`${t.kind} in ('reminder', 'expiry_warning')`),
  ],
);
