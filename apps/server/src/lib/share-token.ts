import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { sha256Hex } from './sha256';

/**
 * Share tokens: 32 random bytes, base64url. The database keeps their SHA-256 to look a link up,
 * and a copy sealed with AES-256-GCM (key derived from AUTH_SECRET) so the owner can copy the
 * link again; the database alone opens neither.
 */
export type TShareToken = { token: string; hash: string; sealed: string };

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export const isShareTokenShape = (token: string) => TOKEN.test(token);

export function hashShareToken(token: string): string {
  return sha256Hex(token);
}

function sealKey(secret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'draftwell', 'share-token-seal', 32));
}

export function createShareToken(secret: string): TShareToken {
  const token = randomBytes(32).toString('base64url');
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealKey(secret), iv);
  const body = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]);
  const sealed = [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url')).join('.');
  return { token, hash: hashShareToken(token), sealed };
}

/** The token inside `sealed`, or null when it was sealed under another secret or altered. */
export function openShareToken(secret: string, sealed: string): string | null {
  const [iv, tag, body] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
  if (!iv || !tag || !body) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', sealKey(secret), iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
