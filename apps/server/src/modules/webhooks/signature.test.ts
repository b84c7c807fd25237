import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { WEBHOOK_SECRET_PREFIX } from '@draftwell/shared/developers/webhooks';
import { newWebhookSecret, signatureHeader, verifySignature } from './signature';

/** The README's test vector (section "Webhooks"): change one and change the other. */
const VECTOR = {
  secret: 'whsec_Dw8x0vF1yQ3m6kT2pN9sR4uB7eH5jL0aZcV8gW1iYoE',
  timestamp: 1767225600,
  body: '{"id":"evt_0123456789abcdef0123456789abcdef","type":"proposal.accepted","createdAt":"2026-01-01T00:00:00.000Z"}',
  header: 't=1767225600,v1=6a4da912ad9b7ac1a009263d4e712de6d7a4eaf8f453ff22dd9d5eb526383c4e',
};

describe('webhook signatures', () => {
  it('signs the README’s test vector to its expected header', () => {
    expect(signatureHeader(VECTOR.secret, VECTOR.timestamp, VECTOR.body)).toBe(VECTOR.header);
    // The signed input is exactly "<t>.<body>", keyed with the whole whsec_… string.
    const v1 = createHmac('sha256', VECTOR.secret).update(`${VECTOR.timestamp}.${VECTOR.body}`).digest('hex');
    expect(VECTOR.header).toBe(`t=${VECTOR.timestamp},v1=${v1}`);
  });

  it('verifies within five minutes, and not after, nor with another body, secret or a bad header', () => {
    const { secret, timestamp, body, header } = VECTOR;
    expect(verifySignature(secret, header, body, timestamp)).toBe(true);
    expect(verifySignature(secret, header, body, timestamp + 300)).toBe(true);
    expect(verifySignature(secret, header, body, timestamp - 300)).toBe(true);
    expect(verifySignature(secret, header, body, timestamp + 301)).toBe(false);
    expect(verifySignature(secret, header, `${body} `, timestamp)).toBe(false);
    expect(verifySignature(`${secret}x`, header, body, timestamp)).toBe(false);
    expect(verifySignature(secret, 'v1=abc', body, timestamp)).toBe(false);
    expect(verifySignature(secret, `t=${timestamp},v1=00`, body, timestamp)).toBe(false);
    // Several v1 values (a receiver during a roll): one matching is enough.
    expect(verifySignature(secret, `${header},v1=${'0'.repeat(64)}`, body, timestamp)).toBe(true);
  });

  it('makes secrets of whsec_ and 32 random bytes', () => {
    const a = newWebhookSecret();
    expect(a).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(a.startsWith(WEBHOOK_SECRET_PREFIX)).toBe(true);
    expect(newWebhookSecret()).not.toBe(a);
  });
});
