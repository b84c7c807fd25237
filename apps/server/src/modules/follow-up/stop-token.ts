import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/**
 * The stop link of an automatic mail: `<signer id as hex><HMAC-SHA256, base64url>` (no dot: a path
 * with one would be taken for a file), the MAC under a key
 * derived from AUTH_SECRET. Nothing is stored: whoever holds the link can stop automatic mail to
 * that signer on that proposal, and nobody can make one for another signer without the secret.
 * It grants nothing else (not even reading the proposal), so it can sit in every mail's footer.
 */
const TOKEN = /^([0-9a-f]{32})([A-Za-z0-9_-]{43})$/;

const keys = new Map<string, Buffer>();
function keyOf(secret: string): Buffer {
  let key = keys.get(secret);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', secret, 'draftwell', 'follow-up-stop', 32));
    keys.set(secret, key);
  }
  return key;
}

const mac = (secret: string, hexId: string) =>
  createHmac('sha256', keyOf(secret)).update(`follow-up-stop:${hexId}`).digest();

export function followUpStopToken(secret: string, signerId: string): string {
  const hexId = signerId.replaceAll('-', '').toLowerCase();
  return `${hexId}${mac(secret, hexId).toString('base64url')}`;
}

/** The signer id a stop token was made for, or null when it was not made with this secret. */
export function openFollowUpStopToken(secret: string, token: string): string | null {
  const match = TOKEN.exec(token);
  if (!match) return null;
  const [, hexId, given] = match as unknown as [string, string, string];
  const expected = mac(secret, hexId);
  const presented = Buffer.from(given, 'base64url');
  if (presented.length !== expected.length || !timingSafeEqual(presented, expected)) return null;
  return `${hexId.slice(0, 8)}-${hexId.slice(8, 12)}-${hexId.slice(12, 16)}-${hexId.slice(16, 20)}-${hexId.slice(20)}`;
}
