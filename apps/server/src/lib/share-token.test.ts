import { describe, expect, it } from 'vitest';
import { createShareToken, hashShareToken, isShareTokenShape, openShareToken } from './share-token';

const SECRET = 'a-secret-of-at-least-thirty-two-characters';

describe('share tokens', () => {
  it('are 256-bit base64url, hashed with SHA-256, and open again only under the same secret', () => {
    const t = createShareToken(SECRET);
    expect(Buffer.from(t.token, 'base64url')).toHaveLength(32);
    expect(isShareTokenShape(t.token)).toBe(true);
    expect(t.hash).toBe(hashShareToken(t.token));
    expect(t.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(t.sealed).not.toContain(t.token);
    expect(openShareToken(SECRET, t.sealed)).toBe(t.token);
    expect(openShareToken(`${SECRET}-other`, t.sealed)).toBeNull();
  });

  it('refuses a sealed copy that was altered', () => {
    const t = createShareToken(SECRET);
    const [iv, tag, body] = t.sealed.split('.');
    const flipped = Buffer.from(body!, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    expect(openShareToken(SECRET, [iv, tag, flipped.toString('base64url')].join('.'))).toBeNull();
    expect(openShareToken(SECRET, 'garbage')).toBeNull();
  });

  it('never repeats', () => {
    const seen = new Set(Array.from({ length: 200 }, () => createShareToken(SECRET).token));
    expect(seen.size).toBe(200);
  });
});
