import type { TRevisionSnapshot, TSealCertificate, TVerifyResult } from '@draftwell/shared';
import { asc, eq } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { acceptances, issuedDocuments, proposalRevisions, sealedDocuments, signatures } from '../../db/schema';
import type { TSigningIdentity } from '../seal/signing-identity';

/**
 * Whether a hash is an accepted revision's: either the revision hash printed on the certificate,
 * or the SHA-256 of a PDF this server handed out (the sealed PDF among them). Only who accepted
 * and when is revealed, and the certificate its sealed PDF was signed with.
 */
export async function verifyHash(db: TDb, hash: string): Promise<TVerifyResult> {
  const [issued] = await db
    .select({ revisionId: issuedDocuments.revisionId })
    .from(issuedDocuments)
    .where(eq(issuedDocuments.sha256, hash));
  const revisionWhere = issued ? eq(proposalRevisions.id, issued.revisionId) : eq(proposalRevisions.hash, hash);
  const [row] = await db
    .select({
      id: proposalRevisions.id,
      number: proposalRevisions.number,
      hash: proposalRevisions.hash,
      snapshot: proposalRevisions.snapshot,
      name: acceptances.name,
      acceptedAt: acceptances.acceptedAt,
    })
    .from(proposalRevisions)
    .innerJoin(acceptances, eq(acceptances.revisionId, proposalRevisions.id))
    .where(revisionWhere)
    .limit(1);
  if (!row) return { match: false };
  const [sealed] = await db
    .select({
      sha256: sealedDocuments.sha256,
      sealedAt: sealedDocuments.sealedAt,
      fingerprint: sealedDocuments.certificateFingerprint,
      subject: sealedDocuments.certificateSubject,
    })
    .from(sealedDocuments)
    .where(eq(sealedDocuments.revisionId, row.id))
    .limit(1);
  const acceptedAt = row.acceptedAt.toISOString();
  // Every signature on the revision, in the order given (an acceptance from before several signers has its one).
  const signed = await db
    .select({ name: signatures.name, at: signatures.signedAt })
    .from(signatures)
    .where(eq(signatures.revisionId, row.id))
    .orderBy(asc(signatures.signedAt), asc(signatures.position));
  return {
    match: true,
    proposalNumber: (row.snapshot as TRevisionSnapshot).number,
    revisionNumber: row.number,
    revisionHash: row.hash,
    acceptedBy: row.name,
    acceptedAt,
    signers:
      signed.length > 0
        ? signed.map((s) => ({ name: s.name, at: s.at.toISOString() }))
        : [{ name: row.name, at: acceptedAt }],
    seal:
      sealed?.sha256 && sealed.sealedAt
        ? {
            checked: sealed.sha256 === hash,
            sealedAt: sealed.sealedAt.toISOString(),
            certificateFingerprint: sealed.fingerprint ?? '',
            certificateSubject: sealed.subject ?? '',
          }
        : null,
  };
}

export function sealCertificate(identity: TSigningIdentity): TSealCertificate {
  return {
    fingerprint: identity.fingerprint,
    subject: identity.subject,
    selfSigned: identity.generated,
    notAfter: identity.notAfter,
    timestamped: identity.timestampAuthority !== null,
  };
}
