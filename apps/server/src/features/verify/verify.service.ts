import type { TRevisionSnapshot, TVerifyResult } from '@draftwell/shared';
import { eq } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { acceptances, issuedDocuments, proposalRevisions } from '../../db/schema';

/**
 * Whether a hash is an accepted revision's: either the revision hash printed on the certificate,
 * or the SHA-256 of a PDF this server handed out. Only who accepted and when is revealed.
 */
export async function verifyHash(db: TDb, hash: string): Promise<TVerifyResult> {
  const [issued] = await db
    .select({ revisionId: issuedDocuments.revisionId })
    .from(issuedDocuments)
    .where(eq(issuedDocuments.sha256, hash));
  const revisionWhere = issued ? eq(proposalRevisions.id, issued.revisionId) : eq(proposalRevisions.hash, hash);
  const [row] = await db
    .select({
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
  return {
    match: true,
    proposalNumber: (row.snapshot as TRevisionSnapshot).number,
    revisionNumber: row.number,
    revisionHash: row.hash,
    acceptedBy: row.name,
    acceptedAt: row.acceptedAt.toISOString(),
  };
}
