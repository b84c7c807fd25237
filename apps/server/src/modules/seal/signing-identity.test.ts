import { X509Certificate } from 'node:crypto';
import { P12Signer } from '@libpdf/core';
import { describe, expect, it } from 'vitest';
import { certificateSerial, generateP12 } from './signing-identity';

/** 16 bytes whose first is `first`, the rest a fixed pattern. */
const randomStartingWith = (first: number) => Buffer.from([first, ...Array.from({ length: 15 }, (_, i) => i * 17)]);

describe('the generated seal certificate', () => {
  // The first random bytes decide the serial's DER encoding: from 00 and a byte below 0x80 the
  // old serial ("0" + hex) was written 00 0x …, a padding OpenSSL 3 refuses ("illegal padding").
  const firstBytes = [0x00, 0x01, 0x7f, 0x80, 0xff];

  it.each(firstBytes)('a serial from random bytes starting %i is positive, 16 bytes, no padding', (first) => {
    const hex = certificateSerial(randomStartingWith(first));
    expect(hex).toMatch(/^[0-9a-f]{32}$/);
    const lead = parseInt(hex.slice(0, 2), 16);
    expect(lead).toBeGreaterThanOrEqual(0x40);
    expect(lead).toBeLessThan(0x80);
  });

  it('the old serial ("0" and 32 hex digits) from bytes 00 7f … is one OpenSSL refuses', async () => {
    const p12 = await generateP12('Old seal', 'pass', `0007f${'ab'.repeat(14)}`);
    const signer = await P12Signer.create(new Uint8Array(p12), 'pass');
    expect(() => new X509Certificate(signer.certificate)).toThrow();
  });

  it.each(firstBytes)('opens in OpenSSL and in the PDF signer, from random bytes starting %i', async (first) => {
    const p12 = await generateP12('Draftwell seal test', 'pass', certificateSerial(randomStartingWith(first)));
    const signer = await P12Signer.create(new Uint8Array(p12), 'pass');
    const cert = new X509Certificate(signer.certificate);
    expect(cert.subject).toContain('CN=Draftwell seal test');
    expect(cert.serialNumber.toLowerCase()).toBe(certificateSerial(randomStartingWith(first)));
  });
});
