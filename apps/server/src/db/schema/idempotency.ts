import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { apiKeys } from './developers';

/**
 * `Idempotency-Key` on the public API's POSTs (issue 17, decision 0022): per API key, the request
 * it was first used with (a SHA-256 of method, path and body) and, once answered, the status and
 * body to replay. `status` is null while the first request is in flight. Kept 24 hours
 * (`expires_at`); expired rows are deleted by the next keyed request.
 */
export const apiIdempotencyKeys = pgTable(
  'api_idempotency_keys',
  {
    apiKeyId: uuid('api_key_id')
      .notNull()
      .references(() => apiKeys.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    status: integer('status'),
    contentType: text('content_type'),
    body: text('body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.apiKeyId, t.key] }), index('api_idempotency_keys_expires_idx').on(t.expiresAt)],
);
