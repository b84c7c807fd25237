import { date, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';

/**
 * Keys to the public API (issue 17). Only the key's SHA-256 is kept (a 256-bit random key needs
 * no salt); `preview` is its first characters, for telling keys apart. Revoking keeps the row, so
 * the list says when and the key never works again.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** SHA-256 of the whole key, lowercase hex. */
    tokenHash: text('token_hash').notNull(),
    preview: text('preview').notNull(),
    /** TApiKeyScope[] */
    scopes: text('scopes').array().notNull(),
    /** The last day (UTC) the key works; null: no expiry. */
    expiresOn: date('expires_on', { mode: 'string' }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('api_keys_token_idx').on(t.tokenHash), index('api_keys_owner_idx').on(t.ownerId, t.createdAt)],
);
