import { z } from 'zod';
import { ZIsoDate } from '../workspace/common';

/**
 * API keys (issue 17): a key acts as its owner on the public API (`/api/v1`) within its scopes,
 * and nowhere else (not sign-in, billing or account deletion). Shown once when made; stored as
 * its SHA-256 only.
 */

/** What a key may do. `*:read` lists and reads; `*:write` creates, changes, sends and deletes. */
export const API_KEY_SCOPES = [
  'proposals:read',
  'proposals:write',
  'clients:read',
  'clients:write',
  'templates:read',
  'templates:write',
  'webhooks:read',
  'webhooks:write',
] as const;
export type TApiKeyScope = (typeof API_KEY_SCOPES)[number];

export const API_KEY_SCOPE_LABELS: Record<TApiKeyScope, string> = {
  'proposals:read': 'Read proposals, their events and PDFs',
  'proposals:write': 'Create, change, send, withdraw and delete proposals',
  'clients:read': 'Read clients',
  'clients:write': 'Create, change and delete clients',
  'templates:read': 'Read templates and saved items',
  'templates:write': 'Create, change and delete templates and saved items',
  'webhooks:read': 'Read webhook endpoints and deliveries',
  'webhooks:write': 'Create, change and delete webhook endpoints',
};

/** Every key starts so; then 32 random bytes, base64url (43 characters). */
export const API_KEY_PREFIX = 'dw_';
export const API_KEY_PATTERN = /^dw_[A-Za-z0-9_-]{43}$/;
/** Live (not revoked) keys an account may hold at once. */
export const MAX_API_KEYS = 25;
/** The furthest expiry a key may be given, in days from today. */
export const MAX_API_KEY_DAYS = 730;

export const ZApiKeyCreate = z.strictObject({
  name: z
    .string('Name the key, e.g. "CRM sync".')
    .trim()
    .min(1, 'Name the key, e.g. "CRM sync".')
    .max(80, 'Use at most 80 characters for the name.'),
  scopes: z
    .array(z.enum(API_KEY_SCOPES, `Choose among the scopes: ${API_KEY_SCOPES.join(', ')}.`), 'Choose its scopes.')
    .min(1, 'Choose at least one scope.')
    .max(API_KEY_SCOPES.length)
    .refine((s) => new Set(s).size === s.length, 'Name each scope once.'),
  /** The last day the key works (UTC), or null for a key that does not expire. */
  expiresOn: ZIsoDate.nullable().default(null),
});
export type TApiKeyCreate = z.input<typeof ZApiKeyCreate>;

export type TApiKey = {
  id: string;
  name: string;
  /** The key's first characters, to tell keys apart ("dw_Ab3dE…"). */
  preview: string;
  scopes: TApiKeyScope[];
  createdAt: string;
  /** yyyy-mm-dd, the last day it works; null: never expires. */
  expiresOn: string | null;
  lastUsedAt: string | null;
  revokedAt: string | null;
};

/** The answer to creating a key: the key itself, shown this once. */
export type TCreatedApiKey = { key: string; apiKey: TApiKey };
