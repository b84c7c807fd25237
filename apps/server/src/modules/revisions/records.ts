import type {
  TAcceptanceCertificate,
  TComment,
  TEmailProof,
  TRevision,
  TRevisionSnapshot,
  TRevisionSummary,
  TSignatureEvidence,
  TSignatureMarkData,
  TSignerParty,
} from '@draftwell/shared';
import type { TPricingSelection, TPricingTotals } from '@draftwell/shared/document';
import { languageOf } from '@draftwell/shared/i18n/languages';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { acceptances, proposalComments, proposalRevisions, signatures as signatureRows } from '../../db/schema';

/** Reading the records of the sending side, shared by the owner's routes and the client's. */

type TRevisionRow = typeof proposalRevisions.$inferSelect;

export const toRevisionSummary = (
  row: Pick<TRevisionRow, 'id' | 'number' | 'hash' | 'createdAt'>,
): TRevisionSummary => ({
  id: row.id,
  number: row.number,
  hash: row.hash,
  createdAt: row.createdAt.toISOString(),
});

export const toRevision = (row: TRevisionRow): TRevision => ({
  ...toRevisionSummary(row),
  snapshot: row.snapshot as TRevisionSnapshot,
});

export async function listRevisions(db: TDb, proposalId: string): Promise<TRevisionSummary[]> {
  const rows = await db
    .select({
      id: proposalRevisions.id,
      number: proposalRevisions.number,
      hash: proposalRevisions.hash,
      createdAt: proposalRevisions.createdAt,
    })
    .from(proposalRevisions)
    .where(eq(proposalRevisions.proposalId, proposalId))
    .orderBy(asc(proposalRevisions.number));
  return rows.map(toRevisionSummary);
}

export async function latestRevision(db: TDb, proposalId: string): Promise<TRevisionRow | null> {
  const [row] = await db
    .select()
    .from(proposalRevisions)
    .where(eq(proposalRevisions.proposalId, proposalId))
    .orderBy(desc(proposalRevisions.number))
    .limit(1);
  return row ?? null;
}

export async function revisionByNumber(db: TDb, proposalId: string, number: number): Promise<TRevisionRow | null> {
  const [row] = await db
    .select()
    .from(proposalRevisions)
    .where(and(eq(proposalRevisions.proposalId, proposalId), eq(proposalRevisions.number, number)));
  return row ?? null;
}

export async function listComments(db: TDb, proposalId: string): Promise<TComment[]> {
  const rows = await db
    .select()
    .from(proposalComments)
    .where(eq(proposalComments.proposalId, proposalId))
    .orderBy(asc(proposalComments.createdAt), asc(proposalComments.id));
  return rows.map(toComment);
}

export const toComment = (
  r: Pick<typeof proposalComments.$inferSelect, 'id' | 'author' | 'authorName' | 'body' | 'createdAt'>,
): TComment => ({
  id: r.id,
  author: r.author as TComment['author'],
  authorName: r.authorName,
  body: r.body,
  createdAt: r.createdAt.toISOString(),
});

/** The acceptance of a proposal with the revision it points at, as its certificate. */
export async function findCertificate(db: TDb, proposalId: string): Promise<TAcceptanceCertificate | null> {
  const [row] = await db
    .select({ a: acceptances, r: proposalRevisions })
    .from(acceptances)
    .innerJoin(proposalRevisions, eq(proposalRevisions.id, acceptances.revisionId))
    .where(eq(acceptances.proposalId, proposalId));
  if (!row) return null;
  return toCertificate(row.a, row.r, row.r.snapshot, await certificateSignatures(db, row.r.id));
}

type TAcceptanceRow = typeof acceptances.$inferSelect;
/** What a certificate shows of its acceptance. */
export type TCertificateAcceptance = Omit<TAcceptanceRow, 'proposalId' | 'ownerId' | 'revisionId'>;

/**
 * The certificate of an acceptance: the revision it accepted (its number and hash; of its snapshot
 * the number, title, sender and currency), and the signatures given on that revision.
 */
export function toCertificate(
  a: TCertificateAcceptance,
  r: Pick<TRevisionRow, 'number' | 'hash'>,
  revisionSnapshot: unknown,
  signatures: TSignatureEvidence[],
): TAcceptanceCertificate {
  const snapshot = revisionSnapshot as TRevisionSnapshot;
  return {
    id: a.id,
    proposalNumber: snapshot.number,
    proposalTitle: snapshot.title,
    senderName: snapshot.sender.name,
    senderCompany: snapshot.sender.company,
    name: a.name,
    email: a.email,
    acceptedAt: a.acceptedAt.toISOString(),
    ipAddress: a.ipAddress,
    userAgent: a.userAgent,
    revisionNumber: r.number,
    revisionHash: r.hash,
    consentText: a.consentText,
    consentHash: a.consentHash,
    selection: a.selection as TPricingSelection,
    totals: a.totals as TPricingTotals,
    currency: snapshot.currency,
    signatures: signatures.length > 0 ? signatures : [legacySignature(a)],
  };
}

/** An acceptance from before several signers: its one signer, as the acceptance row recorded them. */
function legacySignature(a: TCertificateAcceptance): TSignatureEvidence {
  return {
    id: a.id,
    position: 1,
    party: 'client',
    name: a.name,
    email: a.email,
    role: '',
    signedAt: a.acceptedAt.toISOString(),
    ipAddress: a.ipAddress,
    userAgent: a.userAgent,
    consentText: a.consentText,
    consentHash: a.consentHash,
    emailProof: 'link',
    mark: null,
    language: 'en',
  };
}

/** What a signature's evidence shows of its row. */
export type TEvidenceRow = Omit<
  typeof signatureRows.$inferSelect,
  'proposalId' | 'ownerId' | 'signerId' | 'revisionId' | 'selection'
>;

export const toEvidence = (row: TEvidenceRow): TSignatureEvidence => ({
  id: row.id,
  position: row.position,
  party: row.party as TSignerParty,
  name: row.name,
  email: row.email,
  role: row.role,
  signedAt: row.signedAt.toISOString(),
  ipAddress: row.ipAddress,
  userAgent: row.userAgent,
  consentText: row.consentText,
  consentHash: row.consentHash,
  emailProof: row.emailProof as TEmailProof,
  mark: (row.mark as TSignatureMarkData | null) ?? null,
  language: languageOf(row.language),
});

/** The signatures of a revision, in the order they were given. */
export async function certificateSignatures(db: TDb, revisionId: string): Promise<TSignatureEvidence[]> {
  const rows = await db
    .select()
    .from(signatureRows)
    .where(eq(signatureRows.revisionId, revisionId))
    .orderBy(asc(signatureRows.signedAt), asc(signatureRows.position));
  return rows.map(toEvidence);
}
