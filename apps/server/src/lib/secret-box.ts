import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Secrets the server must read back later (an owner's restricted Stripe key, a webhook signing
 * secret): AES-256-GCM under a key derived with HKDF-SHA256 from AUTH_SECRET, one key per purpose.
 * `bind` (the owning row's id) is authenticated with the text, so a sealed value copied onto
 * another row does not open there. The database alone opens nothing.
 */

function boxKey(secret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'draftwell', `secret-box:${purpose}`, 32));
}

export function sealSecret(secret: string, purpose: string, bind: string, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', boxKey(secret, purpose), iv);
  cipher.setAAD(Buffer.from(bind, 'utf8'));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), body]
    .map((b) => (typeof b === 'string' ? b : b.toString('base64url')))
    .join('.');
}

/** The text inside `sealed`, or null when it was sealed under another secret, purpose or row, or altered. */
export function openSecret(secret: string, purpose: string, bind: string, sealed: string): string | null {
  const [version, ...parts] = sealed.split('.');
  if (version !== 'v1' || parts.length !== 3) return null;
  const [iv, tag, body] = parts.map((part) => Buffer.from(part, 'base64url'));
  if (!iv || iv.length !== 12 || !tag || tag.length !== 16 || !body) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', boxKey(secret, purpose), iv);
    decipher.setAAD(Buffer.from(bind, 'utf8'));
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
