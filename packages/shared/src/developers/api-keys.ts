import { z } from 'zod';
import type { I18n } from '../i18n/i18n';
import { ZIsoDate } from '../workspace/common';
import { declared as i18n } from '../i18n/declare';

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

/** What a scope allows, in `i18n`'s language (the API's documentation says it in English). */
export function apiKeyScopeLabel(i18n: I18n, scope: TApiKeyScope): string {
  switch (scope) {
    case 'proposals:read':
      return i18n._('Read proposals, their events and PDFs');
    case 'proposals:write':
      return i18n._('Create, change, send, withdraw and delete proposals');
    case 'clients:read':
      return i18n._('Read clients');
    case 'clients:write':
      return i18n._('Create, change and delete clients');
    case 'templates:read':
      return i18n._('Read templates and saved items');
    case 'templates:write':
      return i18n._('Create, change and delete templates and saved items');
    case 'webhooks:read':
      return i18n._('Read webhook endpoints and deliveries');
    case 'webhooks:write':
      return i18n._('Create, change and delete webhook endpoints');
  }
}

/** Every key starts so; then 32 random bytes, base64url (43 characters). */
export const API_KEY_PREFIX = 'dw_';
export const API_KEY_PATTERN = /^dw_[A-Za-z0-9_-]{43}$/;
/** Live (not revoked) keys an account may hold at once. */
export const MAX_API_KEYS = 25;
/** The furthest expiry a key may be given, in days from today. */
export const MAX_API_KEY_DAYS = 730;

export const ZApiKeyCreate = z.strictObject({
  name: z
    .string(i18n._('Name the key, e.g. "CRM sync".'))
    .trim()
    .min(1, i18n._('Name the key, e.g. "CRM sync".'))
    .max(80, i18n._('Use at most 80 characters for the name.')),
  scopes: z
    .array(
      z.enum(API_KEY_SCOPES, `Choose among the scopes: ${API_KEY_SCOPES.join(', ')}.`),
      i18n._('Choose its scopes.'),
    )
    .min(1, i18n._('Choose at least one scope.'))
    .max(API_KEY_SCOPES.length)
    .refine((s) => new Set(s).size === s.length, i18n._('Name each scope once.')),
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
