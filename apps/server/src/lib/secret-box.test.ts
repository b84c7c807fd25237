import { describe, expect, it } from 'vitest';
import { openSecret, sealSecret } from './secret-box';

const SECRET = 'a'.repeat(48);

describe('secret box', () => {
  it('opens what it sealed, and nothing else', () => {
    const sealed = sealSecret(SECRET, 'stripe-key', 'row-1', 'rk_test_abcdef123456');
    expect(sealed).not.toContain('rk_test');
    expect(openSecret(SECRET, 'stripe-key', 'row-1', sealed)).toBe('rk_test_abcdef123456');
    // Another AUTH_SECRET, another purpose, another row: closed.
    expect(openSecret('b'.repeat(48), 'stripe-key', 'row-1', sealed)).toBeNull();
    expect(openSecret(SECRET, 'webhook-secret', 'row-1', sealed)).toBeNull();
    expect(openSecret(SECRET, 'stripe-key', 'row-2', sealed)).toBeNull();
  });

  it('refuses an altered or malformed value', () => {
    const sealed = sealSecret(SECRET, 'stripe-key', 'row-1', 'rk_test_abcdef123456');
    const parts = sealed.split('.');
    const body = Buffer.from(parts[3]!, 'base64url');
    body[0] = body[0]! ^ 1;
    parts[3] = body.toString('base64url');
    expect(openSecret(SECRET, 'stripe-key', 'row-1', parts.join('.'))).toBeNull();
    expect(openSecret(SECRET, 'stripe-key', 'row-1', 'v1.x.y')).toBeNull();
    expect(openSecret(SECRET, 'stripe-key', 'row-1', '')).toBeNull();
  });

  it('seals the same text differently each time (a fresh IV)', () => {
    expect(sealSecret(SECRET, 'p', 'r', 'same')).not.toBe(sealSecret(SECRET, 'p', 'r', 'same'));
  });
});
