import { DEFAULT_SIGNING, type TAwaitingSigner, type TSignerParty, type TSigningSettings } from '@draftwell/shared';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { proposalSigners, signatures } from '../../db/schema';
import type { TEnv } from '../../env';
import { createShareToken, openShareToken } from '../../lib/share-token';

/**
 * Who signs a proposal, and their links: the signer list and the signatures on a revision, read
 * by every module that shows, mails or pays for a signer (issue 26: below signing, seal, payments,
 * follow-up and share, so none of them needs another's internals for it).
 */

export type TSignerRow = typeof proposalSigners.$inferSelect;

export type TSignatureRow = typeof signatures.$inferSelect;

export const signingSettings = (raw: unknown): TSigningSettings => ({
  ...DEFAULT_SIGNING,
  ...(raw && typeof raw === 'object' ? (raw as Partial<TSigningSettings>) : {}),
});

export const signerName = (signer: Pick<TSignerRow, 'name' | 'email'>) => signer.name || signer.email;

/** The signers on the list now, in signing order. */
export async function signersOf(db: TDb, proposalId: string): Promise<TSignerRow[]> {
  return db
    .select()
    .from(proposalSigners)
    .where(and(eq(proposalSigners.proposalId, proposalId), isNull(proposalSigners.removedAt)))
    .orderBy(asc(proposalSigners.position), asc(proposalSigners.createdAt));
}

export async function signaturesOn(db: TDb, revisionId: string): Promise<TSignatureRow[]> {
  return db
    .select()
    .from(signatures)
    .where(eq(signatures.revisionId, revisionId))
    .orderBy(asc(signatures.signedAt), asc(signatures.position));
}

export const toAwaiting = (signers: TSignerRow[]): TAwaitingSigner[] =>
  signers.map((s) => ({ name: signerName(s), party: s.party as TSignerParty }));

/** The link of a signer: theirs if it can be opened, else (made under another AUTH_SECRET, or revoked) a new one. */
export async function signerLink(
  tx: TDb,
  deps: { env: Pick<TEnv, 'authSecret'> },
  signer: TSignerRow,
): Promise<string> {
  const token = signer.tokenSealed ? openShareToken(deps.env.authSecret, signer.tokenSealed) : null;
  if (token) return token;
  const fresh = createShareToken(deps.env.authSecret);
  await tx
    .update(proposalSigners)
    .set({ tokenHash: fresh.hash, tokenSealed: fresh.sealed })
    .where(eq(proposalSigners.id, signer.id));
  signer.tokenHash = fresh.hash;
  signer.tokenSealed = fresh.sealed;
  return fresh.token;
}

/** The first client signer's link, for "Copy link" (each signer's own is in the signers list). */
export async function firstSignerToken(db: TDb, secret: string, proposalId: string): Promise<string | null> {
  const signers = await signersOf(db, proposalId);
  for (const s of signers) {
    if (s.party !== 'client' || !s.tokenSealed) continue;
    const token = openShareToken(secret, s.tokenSealed);
    if (token) return token;
  }
  return null;
}
