import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth';

/**
 * The drafting workspace. Every row belongs to one user (`owner_id`, cascading on account
 * deletion); every editable row has a `version` for conflict detection.
 */
const ownerId = () =>
  uuid('owner_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });
const timestamps = () => ({
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Uploaded files (logos, images in documents), stored under DATA_DIR or S3 by `storage_key`. */
export const files = pgTable(
  'files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: ownerId(),
    purpose: text('purpose').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    width: integer('width'),
    height: integer('height'),
    storageKey: text('storage_key').notNull().unique(),
    sha256: text('sha256').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('files_owner_idx').on(t.ownerId, t.createdAt)],
);

/** One per user: what fills every new proposal. */
export const businessProfiles = pgTable('business_profiles', {
  ownerId: uuid('owner_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  displayName: text('display_name').notNull().default(''),
  company: text('company').notNull().default(''),
  jobTitle: text('job_title').notNull().default(''),
  phone: text('phone').notNull().default(''),
  website: text('website').notNull().default(''),
  address: text('address').notNull().default(''),
  logoFileId: uuid('logo_file_id').references(() => files.id, { onDelete: 'set null' }),
  brandColor: text('brand_color').notNull().default('#4338ca'),
  defaultCurrency: text('default_currency').notNull().default('USD'),
  /** Basis points: 1250 = 12.5 %. */
  defaultTaxRate: integer('default_tax_rate').notNull().default(0),
  defaultValidityDays: integer('default_validity_days').notNull().default(30),
  emailSignature: text('email_signature').notNull().default(''),
  /** The BCP 47 locale the sender's documents write their dates in (`DOCUMENT_LOCALES`). */
  locale: text('locale').notNull().default('en-US'),
  /** The language (`LANGUAGES`) a new proposal is written for when its client has none. */
  defaultLanguage: text('default_language').notNull().default('en'),
  version: integer('version').notNull().default(1),
  ...timestamps(),
});

export const clients = pgTable(
  'clients',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: ownerId(),
    name: text('name').notNull(),
    company: text('company').notNull().default(''),
    email: text('email').notNull().default(''),
    phone: text('phone').notNull().default(''),
    address: text('address').notNull().default(''),
    notes: text('notes').notNull().default(''),
    /** The language (`LANGUAGES`) this client reads; null when not set (the profile's default then). */
    language: text('language'),
    /** TSignerContact[]: who signed for this client last time, offered in the next send dialog. */
    signers: jsonb('signers').notNull().default([]),
    version: integer('version').notNull().default(1),
    ...timestamps(),
  },
  (t) => [index('clients_owner_name_idx').on(t.ownerId, t.name, t.id)],
);

/** The user's price catalogue: reusable priced lines for pricing tables. */
export const savedItems = pgTable(
  'saved_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: ownerId(),
    description: text('description').notNull(),
    unit: text('unit').notNull().default(''),
    /** Minor units of `currency`. */
    unitPrice: bigint('unit_price', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    /** Basis points. */
    taxRate: integer('tax_rate').notNull().default(0),
    billing: text('billing').notNull().default('one_off'),
    version: integer('version').notNull().default(1),
    ...timestamps(),
  },
  (t) => [
    index('saved_items_owner_idx').on(t.ownerId, t.description, t.id),
    check('saved_items_billing_check', sql`${t.billing} in ('one_off', 'monthly', 'yearly')`),
  ],
);

/** The user's own templates; the built-in starter templates live in code. */
export const templates = pgTable(
  'templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: ownerId(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    category: text('category').notNull().default(''),
    document: jsonb('document').notNull(),
    version: integer('version').notNull().default(1),
    ...timestamps(),
  },
  (t) => [index('templates_owner_idx').on(t.ownerId, t.updatedAt, t.id)],
);

/**
 * The user's library of saved sections: blocks of a proposal kept under a name and a category,
 * inserted into other proposals and templates. `preview` and `block_types` are derived from
 * `content` at each write, so lists never read the content. An example copied in at sign-up
 * keeps the example's key, so copying the examples again adds only those missing.
 */
export const savedSections = pgTable(
  'saved_sections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: ownerId(),
    name: text('name').notNull(),
    category: text('category').notNull(),
    /** A TDocument of 1 to SAVED_SECTION_LIMITS.blocks blocks. */
    content: jsonb('content').notNull(),
    preview: text('preview').notNull().default(''),
    blockTypes: text('block_types')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The STARTER_SECTIONS key this section was copied from; null for the user's own. */
    starterKey: text('starter_key'),
    version: integer('version').notNull().default(1),
    ...timestamps(),
  },
  (t) => [
    index('saved_sections_owner_idx').on(t.ownerId, t.category, t.name, t.id),
    uniqueIndex('saved_sections_owner_starter_idx').on(t.ownerId, t.starterKey),
  ],
);

export const PROPOSAL_STATUSES = ['draft', 'sent', 'viewed', 'accepted', 'declined', 'expired'] as const;

/** Proposals; a draft is a proposal whose status is `draft`. */
export const proposals = pgTable(
  'proposals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: ownerId(),
    /** Per user and year, never reused: P-2026-0042. */
    number: text('number').notNull(),
    title: text('title').notNull(),
    clientId: uuid('client_id').references(() => clients.id, { onDelete: 'set null' }),
    /** The client's details as they were put on this proposal. */
    client: jsonb('client').notNull(),
    currency: text('currency').notNull(),
    /** The language (`LANGUAGES`) the client's page, the signers' emails and the PDF speak. */
    language: text('language').notNull().default('en'),
    validUntil: date('valid_until', { mode: 'string' }),
    status: text('status').notNull().default('draft'),
    document: jsonb('document').notNull(),
    /** Totals per billing kind, computed on the server from the document at each save. */
    totals: jsonb('totals').notNull(),
    /** TSigningSettings: who signs in what order, set when sending. The signers are `proposal_signers`. */
    signing: jsonb('signing').notNull().default({ order: 'parallel', countersign: 'none', emailCode: false }),
    /**
     * TAwaitingSigner[]: who has still to sign the newest revision, in order; kept in the
     * transactions that send and sign, so lists show it without reading the signers.
     */
    awaiting: jsonb('awaiting').notNull().default([]),
    version: integer('version').notNull().default(1),
    ...timestamps(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    viewedAt: timestamp('viewed_at', { withTimezone: true }),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    declinedAt: timestamp('declined_at', { withTimezone: true }),
    expiredAt: timestamp('expired_at', { withTimezone: true }),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    /**
     * When its owner deleted it: from then on it is gone for every owner read, and it can be
     * restored (Undo) until the purge removes the row for good a short while later.
     */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /**
     * The autosave key of the last save applied: the editor session that sent it and its
     * sequence number there. A retry of a save that committed unacknowledged is recognised by it.
     */
    saveWriter: uuid('save_writer'),
    saveSeq: integer('save_seq'),
  },
  (t) => [
    uniqueIndex('proposals_owner_number_idx').on(t.ownerId, t.number),
    // The dashboard list: newest first, then by id for a stable cursor. NULLS FIRST is what a
    // query's plain DESC means; drizzle's .desc() alone builds DESC NULLS LAST, an order that
    // no ORDER BY ... DESC can walk, and the list then read and sorted every proposal (P5).
    index('proposals_owner_updated_idx').on(t.ownerId, t.updatedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('proposals_owner_status_idx').on(
      t.ownerId,
      t.status,
      t.updatedAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // The public API's list by accepted date (issue 24): the range, then a sort of what is in it.
    index('proposals_owner_accepted_idx')
      .on(t.ownerId, t.acceptedAt)
      .where(sql`${t.acceptedAt} is not null`),
    // The expiry job: open proposals by their last valid day.
    index('proposals_open_valid_until_idx')
      .on(t.validUntil)
      .where(sql`${t.status} in ('sent', 'viewed')`),
    // The purge of deleted proposals once their Undo has run out.
    index('proposals_deleted_at_idx')
      .on(t.deletedAt)
      .where(sql`${t.deletedAt} is not null`),
    check('proposals_status_check', sql`${t.status} in ('draft', 'sent', 'viewed', 'accepted', 'declined', 'expired')`),
  ],
);

/** The last proposal number used per user and year; incremented in the insert's transaction. */
export const proposalCounters = pgTable(
  'proposal_counters',
  {
    ownerId: ownerId(),
    year: integer('year').notNull(),
    lastSeq: integer('last_seq').notNull(),
  },
  (t) => [primaryKey({ columns: [t.ownerId, t.year] })],
);
