import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { proposals } from './workspace';

/**
 * Sending and the client's side. Revisions, acceptances and issued documents are written once
 * and never updated: they are the evidence.
 */
const ownerId = () =>
  uuid('owner_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });
const proposalId = () =>
  uuid('proposal_id')
    .notNull()
    .references(() => proposals.id, { onDelete: 'cascade' });

/** A proposal as frozen at each send; the client always sees the newest. */
export const proposalRevisions = pgTable(
  'proposal_revisions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    proposalId: proposalId(),
    ownerId: ownerId(),
    number: integer('number').notNull(),
    /** TRevisionSnapshot */
    snapshot: jsonb('snapshot').notNull(),
    /** SHA-256 of the snapshot's canonical JSON, lowercase hex. */
    hash: text('hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('proposal_revisions_number_idx').on(t.proposalId, t.number),
    index('proposal_revisions_hash_idx').on(t.hash),
  ],
);

/**
 * Who signs a proposal: its client signers, each with a link of their own, and the owner when they
 * countersign. A signer whose address is unchanged at the next send keeps their row and link;
 * one taken off the list is marked removed (their link dies), never deleted.
 */
export const proposalSigners = pgTable(
  'proposal_signers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    proposalId: proposalId(),
    ownerId: ownerId(),
    position: integer('position').notNull(),
    party: text('party').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    role: text('role').notNull().default(''),
    /** SHA-256 of the signer's link token (hex); null for the owner, and while the link is revoked. */
    tokenHash: text('token_hash').unique(),
    /** The token sealed with AES-256-GCM under a key derived from AUTH_SECRET, so the owner can copy the link again. */
    tokenSealed: text('token_sealed'),
    invitedAt: timestamp('invited_at', { withTimezone: true }),
    /** SHA-256 of the email code last sent (with the signer's id), when it expires, and wrong tries. */
    codeHash: text('code_hash'),
    codeExpiresAt: timestamp('code_expires_at', { withTimezone: true }),
    codeAttempts: integer('code_attempts').notNull().default(0),
    /** Taken off the list at a later send: kept for the signatures they gave on earlier revisions. */
    removedAt: timestamp('removed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('proposal_signers_proposal_idx').on(t.proposalId, t.position),
    check('proposal_signers_party_check', sql`${t.party} in ('client', 'owner')`),
  ],
);

/**
 * One signature of one signer on one revision, written once: the evidence. A revision sent later
 * needs every signature again, so the round is counted on the newest revision only.
 */
export const signatures = pgTable(
  'signatures',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    proposalId: proposalId(),
    ownerId: ownerId(),
    signerId: uuid('signer_id')
      .notNull()
      .references(() => proposalSigners.id, { onDelete: 'cascade' }),
    revisionId: uuid('revision_id')
      .notNull()
      .references(() => proposalRevisions.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    party: text('party').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    role: text('role').notNull().default(''),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    consentText: text('consent_text').notNull(),
    consentHash: text('consent_hash').notNull(),
    emailProof: text('email_proof').notNull(),
    /**
     * The language (`LANGUAGES`) the signer signed in: their page's, in which the consent statement
     * above is written. Null on signatures from before languages (English) and the owner's own.
     */
    language: text('language'),
    /** TSignatureMark: the typed, drawn or uploaded signature; null before signature input existed. */
    mark: jsonb('mark'),
    /** The first signature's choices, which every later signer signs as they are. */
    selection: jsonb('selection'),
    signedAt: timestamp('signed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One signature per signer and revision: concurrent submissions of one signer make one.
    uniqueIndex('signatures_signer_revision_idx').on(t.signerId, t.revisionId),
    index('signatures_revision_idx').on(t.revisionId, t.signedAt),
    check('signatures_party_check', sql`${t.party} in ('client', 'owner')`),
    check('signatures_email_proof_check', sql`${t.emailProof} in ('link', 'code', 'account')`),
  ],
);

/** At most one per proposal: the unique index is what makes 100 concurrent accepts one (R7). */
export const acceptances = pgTable(
  'acceptances',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    proposalId: proposalId(),
    ownerId: ownerId(),
    revisionId: uuid('revision_id')
      .notNull()
      .references(() => proposalRevisions.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    ipAddress: text('ip_address').notNull(),
    userAgent: text('user_agent').notNull(),
    consentText: text('consent_text').notNull(),
    consentHash: text('consent_hash').notNull(),
    selection: jsonb('selection').notNull(),
    totals: jsonb('totals').notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('acceptances_proposal_idx').on(t.proposalId)],
);

/** The activity timeline; `seq` orders events across the server and lets a client catch up (R10). */
export const proposalEvents = pgTable(
  'proposal_events',
  {
    seq: bigserial('seq', { mode: 'number' }).primaryKey(),
    proposalId: proposalId(),
    ownerId: ownerId(),
    type: text('type').notNull(),
    actor: text('actor').notNull(),
    revisionNumber: integer('revision_number'),
    data: jsonb('data').notNull().default({}),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('proposal_events_proposal_idx').on(t.proposalId, t.seq),
    index('proposal_events_owner_idx').on(t.ownerId, t.seq),
    check('proposal_events_actor_check', sql`${t.actor} in ('owner', 'client', 'system')`),
  ],
);

export const proposalComments = pgTable(
  'proposal_comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    proposalId: proposalId(),
    ownerId: ownerId(),
    author: text('author').notNull(),
    authorName: text('author_name').notNull(),
    body: text('body').notNull(),
    ipAddress: text('ip_address'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('proposal_comments_proposal_idx').on(t.proposalId, t.createdAt),
    check('proposal_comments_author_check', sql`${t.author} in ('client', 'owner')`),
  ],
);

/** Every PDF handed out, by the SHA-256 of its bytes, so /verify can recognise a downloaded file. */
export const issuedDocuments = pgTable(
  'issued_documents',
  {
    sha256: text('sha256').primaryKey(),
    proposalId: proposalId(),
    revisionId: uuid('revision_id')
      .notNull()
      .references(() => proposalRevisions.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('issued_documents_revision_idx').on(t.revisionId)],
);

/**
 * Mail waiting to go out (R9): written in the transaction of what caused it, sent by any
 * instance that claims it (a lease, so a crashed sender's mail is retried), marked sent once.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** One mail per cause: a second enqueue with the same key is a no-op. */
    dedupeKey: text('dedupe_key').notNull().unique(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    replyTo: text('reply_to'),
    link: text('link'),
    /** The language (`LANGUAGES`) the mail is written in, sent as its Content-Language. */
    language: text('language').notNull().default('en'),
    /**
     * A file made when the mail is sent, not when it is queued (the PDF of an accepted revision,
     * or its sealed PDF once the seal job stored it), so what caused the mail never waits for it
     * or fails with it.
     */
    attachment: jsonb('attachment').$type<
      | { kind: 'revision_pdf'; proposalId: string; revisionId: string }
      /** The sealed PDF (decision 0014): the mail waits for it, and links to it for `audience`. */
      | { kind: 'sealed_pdf'; proposalId: string; audience: 'owner' | 'client'; signerId?: string }
    >(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('mail_outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.sentAt} is null`),
  ],
);
