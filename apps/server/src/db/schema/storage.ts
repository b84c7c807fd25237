import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Stored files whose bytes are to be deleted, in whichever storage holds them (decision 0019).
 * Deleting a `files` or `sealed_documents` row queues its key here in the same transaction (a
 * trigger, so rows deleted by a cascade, such as an account's, are queued too); a key is also
 * queued before its bytes are written, due an hour later, so that bytes whose row never came (a
 * crash mid-upload) are removed as well. A worker on any instance deletes the bytes of due keys
 * that no row refers to, retrying with backoff while the storage cannot be reached.
 */
export const storageDeletions = pgTable(
  'storage_deletions',
  {
    storageKey: text('storage_key').primaryKey(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('storage_deletions_due_idx').on(t.nextAttemptAt)],
);
