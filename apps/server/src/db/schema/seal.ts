import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { proposalRevisions } from './share';
import { proposals } from './workspace';

/**
 * The sealed PDF of a completed proposal (decision 0014): the final PDF signed with the server's
 * certificate. One row per proposal is both the job and its result: `pending` rows are claimed
 * with a lease by any instance (as the mail outbox's are), so an instance that dies mid-seal
 * leaves a row another instance finishes (R17); `sealed` keeps the one stored file and its hash.
 */
export const sealedDocuments = pgTable(
  'sealed_documents',
  {
    proposalId: uuid('proposal_id')
      .primaryKey()
      .references(() => proposals.id, { onDelete: 'cascade' }),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The revision that was accepted (signed by everyone): the one sealed. */
    revisionId: uuid('revision_id')
      .notNull()
      .references(() => proposalRevisions.id, { onDelete: 'cascade' }),
    /** pending → sealed, or failed (the owner may ask again: back to pending). */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    /** Once sealed: where the bytes are (TFileStorage), their SHA-256 and size, never rewritten. */
    storageKey: text('storage_key').unique(),
    sha256: text('sha256').unique(),
    size: integer('size'),
    filename: text('filename'),
    /** SHA-256 of the signing certificate (DER), lowercase hex. */
    certificateFingerprint: text('certificate_fingerprint'),
    certificateSubject: text('certificate_subject'),
    sealedAt: timestamp('sealed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('sealed_documents_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    check('sealed_documents_status_check', sql`${t.status} in ('pending', 'sealed', 'failed')`),
  ],
);

/**
 * The self-signed sealing identity generated when no operator certificate is configured. In the
 * database rather than DATA_DIR, so every instance of one deployment signs with the same one and
 * shows the same fingerprint. One per AUTH_SECRET (`key_id` is derived from it): the PKCS#12 is
 * encrypted under a passphrase derived from the same secret, so the database alone cannot sign.
 */
export const signingIdentities = pgTable('signing_identities', {
  keyId: text('key_id').primaryKey(),
  /** PKCS#12, base64. */
  p12: text('p12').notNull(),
  /** SHA-256 of the certificate (DER), lowercase hex. */
  fingerprint: text('fingerprint').notNull(),
  subject: text('subject').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
