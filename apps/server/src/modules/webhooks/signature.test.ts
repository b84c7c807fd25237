import { createHmac } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { WEBHOOK_SECRET_PREFIX } from '@draftwell/shared/developers/webhooks';
import {
  inStandardForm,
  newWebhookSecret,
  signatureHeader,
  signedHeaders,
  standardKey,
  standardSignature,
  verifySignature,
  verifyStandardSignature,
} from './signature';

const BODY =
  '{"id":"evt_0123456789abcdef0123456789abcdef","type":"proposal.accepted","createdAt":"2026-01-01T00:00:00.000Z"}';

/** The README's test vector of `Draftwell-Signature` (section "Webhooks"): change one and change the other. */
const VECTOR = {
  secret: 'whsec_Dw8x0vF1yQ3m6kT2pN9sR4uB7eH5jL0aZcV8gW1iYoE',
  timestamp: 1767225600,
  body: BODY,
  header: 't=1767225600,v1=6a4da912ad9b7ac1a009263d4e712de6d7a4eaf8f453ff22dd9d5eb526383c4e',
};

/** The README's Standard Webhooks test vector: change one and change the other. */
const STANDARD = {
  secret: 'whsec_PvHu/g+Na7idIB+97DCJSAvGZzBa6xQyGoe19yMYH28=',
  /** The same 32 bytes as a secret made before 2026-11-29 showed them (base64url). */
  oldForm: 'whsec_PvHu_g-Na7idIB-97DCJSAvGZzBa6xQyGoe19yMYH28',
  id: 'evt_0123456789abcdef0123456789abcdef',
  timestamp: 1767225600,
  body: BODY,
  signature: 'v1,nmEkf5vSZSOoOszLNbAjOMI1Va6XJ4u3XK7LyPisobU=',
};

const standardHeaders = (v: { id: string; timestamp: number; signature: string }) => ({
  'webhook-id': v.id,
  'webhook-timestamp': String(v.timestamp),
  'webhook-signature': v.signature,
});

describe('Draftwell-Signature (the older scheme)', () => {
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

  it('is keyed by the secret’s text: the old and the standard form of one secret sign differently', () => {
    const { oldForm, secret, timestamp, body } = STANDARD;
    expect(signatureHeader(oldForm, timestamp, body)).not.toBe(signatureHeader(secret, timestamp, body));
    expect(verifySignature(oldForm, signatureHeader(oldForm, timestamp, body), body, timestamp)).toBe(true);
    expect(verifySignature(secret, signatureHeader(oldForm, timestamp, body), body, timestamp)).toBe(false);
  });
});

describe('Standard Webhooks signatures', () => {
  it('signs the README’s test vector to its expected signature, as the standardwebhooks package does', () => {
    const { secret, id, timestamp, body, signature } = STANDARD;
    expect(standardSignature(secret, id, timestamp, body)).toBe(signature);
    // The signed input is "<id>.<timestamp>.<body>", keyed by the 32 bytes the base64 decodes to.
    const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
    expect(key).toHaveLength(32);
    const mac = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64');
    expect(signature).toBe(`v1,${mac}`);
    expect(new Webhook(secret).sign(id, new Date(timestamp * 1000), body)).toBe(signature);
  });

  it('keys the old base64url form of a secret by the same bytes, which the package reads only re-encoded', () => {
    const { secret, oldForm, id, timestamp, body, signature } = STANDARD;
    expect(standardKey(oldForm).equals(standardKey(secret))).toBe(true);
    expect(standardSignature(oldForm, id, timestamp, body)).toBe(signature);
    expect(inStandardForm(oldForm)).toBe(secret.replace(/=$/, ''));
    expect(() => new Webhook(oldForm)).toThrow(/incorrect characters/);
    // Unpadded, the re-encoded text is read as the same key (the README says to pad all the same).
    expect(new Webhook(inStandardForm(oldForm)).sign(id, new Date(timestamp * 1000), body)).toBe(signature);
  });

  it('verifies within five minutes, and not after, nor with another body, secret, id or a bad header', () => {
    const { secret, timestamp, body } = STANDARD;
    const headers = standardHeaders(STANDARD);
    expect(verifyStandardSignature(secret, headers, body, timestamp)).toBe(true);
    expect(verifyStandardSignature(STANDARD.oldForm, headers, body, timestamp)).toBe(true);
    expect(verifyStandardSignature(secret, headers, body, timestamp + 300)).toBe(true);
    expect(verifyStandardSignature(secret, headers, body, timestamp - 300)).toBe(true);
    expect(verifyStandardSignature(secret, headers, body, timestamp + 301)).toBe(false);
    expect(verifyStandardSignature(secret, headers, `${body} `, timestamp)).toBe(false);
    expect(verifyStandardSignature(VECTOR.secret, headers, body, timestamp)).toBe(false);
    expect(verifyStandardSignature(secret, { ...headers, 'webhook-id': 'evt_other' }, body, timestamp)).toBe(false);
    expect(verifyStandardSignature(secret, { ...headers, 'webhook-signature': 'v1,abc' }, body, timestamp)).toBe(false);
    const v2 = STANDARD.signature.replace('v1,', 'v2,');
    expect(verifyStandardSignature(secret, { ...headers, 'webhook-signature': v2 }, body, timestamp)).toBe(false);
    expect(verifyStandardSignature(secret, { ...headers, 'webhook-timestamp': '1e9' }, body, timestamp)).toBe(false);
    expect(verifyStandardSignature(secret, { ...headers, 'webhook-id': undefined }, body, timestamp)).toBe(false);
    // Several signatures, space-separated (rotation): one matching is enough; names in any case.
    const several = `v1,${Buffer.alloc(32).toString('base64')} ${STANDARD.signature}`;
    expect(
      verifyStandardSignature(
        secret,
        { 'Webhook-Id': STANDARD.id, 'Webhook-Timestamp': String(timestamp), 'Webhook-Signature': several },
        body,
        timestamp,
      ),
    ).toBe(true);
  });
});

describe('a delivery’s headers', () => {
  it('carry both schemes at one timestamp, each verifying under its own rule', () => {
    const secret = newWebhookSecret();
    const now = Math.floor(Date.now() / 1000);
    const headers = signedHeaders(secret, STANDARD.id, now, BODY);
    expect(Object.keys(headers).sort()).toEqual([
      'draftwell-signature',
      'webhook-id',
      'webhook-signature',
      'webhook-timestamp',
    ]);
    expect(headers['webhook-id']).toBe(STANDARD.id);
    expect(headers['webhook-timestamp']).toBe(String(now));
    expect(headers['draftwell-signature']).toMatch(new RegExp(`^t=${now},v1=[0-9a-f]{64}$`));
    expect(headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
    expect(verifySignature(secret, headers['draftwell-signature']!, BODY, now)).toBe(true);
    expect(verifyStandardSignature(secret, headers, BODY, now)).toBe(true);
    expect(new Webhook(secret).verify(BODY, headers)).toEqual(JSON.parse(BODY));
    expect(() => new Webhook(secret).verify(`${BODY} `, headers)).toThrow(/No matching signature/);
  });
});

describe('webhook secrets', () => {
  it('are whsec_ and 32 random bytes in standard base64, which the standardwebhooks package reads', () => {
    const a = newWebhookSecret();
    expect(a).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(a.startsWith(WEBHOOK_SECRET_PREFIX)).toBe(true);
    expect(standardKey(a)).toHaveLength(32);
    expect(inStandardForm(a)).toBe(a);
    expect(() => new Webhook(a)).not.toThrow();
    expect(newWebhookSecret()).not.toBe(a);
  });

  it('are shown in the standard alphabet, a preview as its whole secret would be, the prefix untouched', () => {
    expect(inStandardForm('whsec_-_Ab…')).toBe('whsec_+/Ab…');
    expect(inStandardForm('whsec_PvHu…')).toBe('whsec_PvHu…');
    expect(inStandardForm(STANDARD.oldForm).slice(0, 10)).toBe(STANDARD.secret.slice(0, 10));
    expect(inStandardForm('not_a-secret')).toBe('not_a-secret');
  });
});
