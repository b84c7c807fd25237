import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  WEBHOOK_SECRET_PREFIX,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_STANDARD_HEADERS,
  WEBHOOK_TOLERANCE_SECONDS,
} from '@draftwell/shared/developers/webhooks';

/**
 * Webhook signatures. Every delivery carries two (decision 0028, section 5, steps 1 and 2):
 *
 * - **Standard Webhooks** (https://www.standardwebhooks.com): `webhook-id` (the event id, the same
 *   on every retry), `webhook-timestamp` (unix seconds) and `webhook-signature: v1,<base64
 *   HMAC-SHA256 of "<id>.<timestamp>.<body>">`, keyed by the **bytes** the base64 after `whsec_`
 *   decodes to. Node's `base64` decoding reads base64url too, so an endpoint made before secrets
 *   were shown in standard base64 keys by the same 32 bytes.
 * - **`Draftwell-Signature`** (decision 0021), as Stripe's: `t=<timestamp>,v1=<hex HMAC-SHA256 of
 *   "<t>.<body>">`, keyed by the secret's **text** (the whole `whsec_…` string) as stored, which is
 *   the text its owner was shown when it was made or rolled: base64url before 2026-11-29, standard
 *   base64 since. It keeps coming until it is retired (step 3), so existing receivers keep working.
 */

/** `whsec_` and 32 random bytes in standard base64 (44 characters, `=` included). */
export const newWebhookSecret = () => `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString('base64')}`;

/**
 * A secret (or its preview) in the standard alphabet: secrets made before 2026-11-29 are base64url,
 * whose `-` and `_` are `+` and `/` in standard base64 (the same bytes); `=` pads a whole secret.
 * The text after the prefix is mapped, so a preview's first characters map as the whole would.
 */
export function inStandardForm(secret: string): string {
  if (!secret.startsWith(WEBHOOK_SECRET_PREFIX)) return secret;
  const rest = secret.slice(WEBHOOK_SECRET_PREFIX.length).replaceAll('-', '+').replaceAll('_', '/');
  return `${WEBHOOK_SECRET_PREFIX}${rest}`;
}

/** The Standard Webhooks key: the bytes the secret's base64 (either alphabet) decodes to. */
export const standardKey = (secret: string): Buffer =>
  Buffer.from(secret.slice(WEBHOOK_SECRET_PREFIX.length), 'base64');

/** `v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">`, the Standard Webhooks signature. */
export function standardSignature(secret: string, id: string, timestamp: number, body: string): string {
  return `v1,${createHmac('sha256', standardKey(secret)).update(`${id}.${timestamp}.${body}`, 'utf8').digest('base64')}`;
}

/** The hex HMAC-SHA256 of `<t>.<body>`, keyed by the secret's whole text (`Draftwell-Signature`). */
export function signatureOf(secret: string, timestamp: number, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`, 'utf8').digest('hex');
}

export function signatureHeader(secret: string, timestamp: number, body: string): string {
  return `t=${timestamp},v1=${signatureOf(secret, timestamp, body)}`;
}

/**
 * The signing headers of one delivery, both schemes at the same timestamp (lower-case names, as
 * Node sends them): `webhook-id`, `webhook-timestamp`, `webhook-signature` and `draftwell-signature`.
 */
export function signedHeaders(secret: string, eventId: string, timestamp: number, body: string) {
  return {
    [WEBHOOK_STANDARD_HEADERS.id]: eventId,
    [WEBHOOK_STANDARD_HEADERS.timestamp]: String(timestamp),
    [WEBHOOK_STANDARD_HEADERS.signature]: standardSignature(secret, eventId, timestamp, body),
    [WEBHOOK_SIGNATURE_HEADER.toLowerCase()]: signatureHeader(secret, timestamp, body),
  };
}

const withinTolerance = (t: number, now: number, toleranceSeconds: number) =>
  Number.isInteger(t) && Math.abs(now - t) <= toleranceSeconds;

/**
 * What a receiver of `Draftwell-Signature` does (the README's recipe, here for the tests): true
 * when one `v1` in the header matches and its `t` is within the tolerance of `now` (unix seconds).
 */
export function verifySignature(
  secret: string,
  header: string,
  body: string,
  now = Math.floor(Date.now() / 1000),
  toleranceSeconds = WEBHOOK_TOLERANCE_SECONDS,
): boolean {
  const parts = header.split(',').map((p) => p.trim().split('='));
  const t = Number(parts.find(([k]) => k === 't')?.[1]);
  if (!withinTolerance(t, now, toleranceSeconds)) return false;
  const expected = Buffer.from(signatureOf(secret, t, body), 'hex');
  return parts
    .filter(([k, v]) => k === 'v1' && v && /^[0-9a-f]{64}$/.test(v))
    .some(([, v]) => timingSafeEqual(Buffer.from(v!, 'hex'), expected));
}

/**
 * What a Standard Webhooks receiver does, for the tests (receivers use the standardwebhooks
 * libraries): true when one `v1,` signature of the space-separated list matches and the timestamp
 * is within the tolerance of `now` (unix seconds). Header names are matched in lower case.
 */
export function verifyStandardSignature(
  secret: string,
  headers: Record<string, string | string[] | undefined>,
  body: string,
  now = Math.floor(Date.now() / 1000),
  toleranceSeconds = WEBHOOK_TOLERANCE_SECONDS,
): boolean {
  const header = (name: string) => {
    const value = Object.entries(headers).find(([k]) => k.toLowerCase() === name)?.[1];
    return typeof value === 'string' ? value : undefined;
  };
  const id = header(WEBHOOK_STANDARD_HEADERS.id);
  const timestamp = header(WEBHOOK_STANDARD_HEADERS.timestamp);
  const signatures = header(WEBHOOK_STANDARD_HEADERS.signature);
  if (!id || !timestamp || !signatures || !/^\d+$/.test(timestamp)) return false;
  const t = Number(timestamp);
  if (!withinTolerance(t, now, toleranceSeconds)) return false;
  const expected = Buffer.from(standardSignature(secret, id, t, body).slice('v1,'.length), 'base64');
  return signatures
    .split(' ')
    .map((s) => s.split(','))
    .filter(([version, v]) => version === 'v1' && v && /^[A-Za-z0-9+/]{43}=$/.test(v))
    .some(([, v]) => timingSafeEqual(Buffer.from(v!, 'base64'), expected));
}
