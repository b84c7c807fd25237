import { PDF } from '@libpdf/core';
import type { TSigningIdentity } from './signing-identity';

/**
 * Seals a finished PDF (decision 0014): a PAdES signature (SubFilter ETSI.CAdES.detached, with
 * the signing-certificate attribute) appended as an incremental update, so the bytes before it
 * stay as they were and any reader can tell whether one of them changed. With a timestamp
 * server configured the signature also carries its RFC 3161 token (PAdES B-T).
 */
export async function signPdf(
  bytes: Uint8Array,
  identity: TSigningIdentity,
  meta: { reason: string; location: string; contactInfo?: string },
): Promise<{ bytes: Uint8Array; warnings: string[] }> {
  const pdf = await PDF.load(bytes);
  const result = await pdf.sign({
    signer: identity.signer,
    reason: meta.reason,
    location: meta.location,
    ...(meta.contactInfo ? { contactInfo: meta.contactInfo } : {}),
    subFilter: 'ETSI.CAdES.detached',
    digestAlgorithm: 'SHA-256',
    ...(identity.timestampAuthority
      ? { level: 'B-T' as const, timestampAuthority: identity.timestampAuthority }
      : { level: 'B-B' as const }),
  });
  return { bytes: result.bytes, warnings: result.warnings.map((w) => `${w.code}: ${w.message}`) };
}
