import {
  signingProgress,
  type TAcceptanceCertificate,
  type TProposalSigner,
  type TSignaturePending,
  type TSignerContact,
  type TSignerParty,
  type TSigningSettings,
  type TSigningState,
} from '@draftwell/shared';
import type { TCountersign, TSignerPatch } from '@draftwell/shared/share/share-schemas';
import type { TProposalClient } from '@draftwell/shared/workspace/proposals';
import { eq, inArray, sql } from 'drizzle-orm';
import { publishNotifications, recordEvent, toNotification } from '../events/events';
import { findCertificate, latestRevision, toEvidence } from '../revisions/records';
import { inviteSigners, recordSignature, storeAwaiting } from '../signing/signing';
import { signaturesOn, signerName, signersOf, signingSettings, toAwaiting, type TSignerRow } from '../signers/signers';
import type { TDb } from '../../db/client';
import { proposalSigners, proposals } from '../../db/schema';
import type { TActor } from '../../http/require-user';
import { AppError } from '../../lib/app-error';
import { createShareToken, openShareToken } from '../../lib/share-token';
import { notFound, owned } from './proposals.service';
import type { TAppDeps } from '../../deps';
import { shareUrl } from '../../lib/links';

/**
 * The owner's side of the signers: who signs at each send (kept, added, taken off), where each
 * stands, and mending one signer's link or address without sending the proposal again.
 */

type TRow = typeof proposals.$inferSelect;

/** Who signs this send: as given, else as last time, else the proposal's client. */
export function signerContacts(
  row: TRow,
  current: TSignerRow[],
  given?: Array<{ name: string; email: string; role?: string | undefined }>,
): TSignerContact[] {
  if (given) return given.map((s) => ({ name: s.name.trim(), email: s.email.trim(), role: (s.role ?? '').trim() }));
  const clients = current.filter((s) => s.party === 'client');
  if (clients.length > 0) return clients.map((s) => ({ name: s.name, email: s.email, role: s.role }));
  const client = row.client as TProposalClient;
  return client.email ? [{ name: client.name, email: client.email, role: '' }] : [];
}

/**
 * Brings the signer rows in line with this send: a signer whose address is unchanged keeps their
 * row and link (a re-sent proposal reaches them at the same address), a new one gets a new link,
 * one no longer listed is marked removed and their link dies. The owner countersigns first
 * ("before") or last ("after").
 */
export async function syncSigners(
  tx: TDb,
  deps: Pick<TAppDeps, 'env'>,
  args: {
    row: TRow;
    current: TSignerRow[];
    contacts: TSignerContact[];
    settings: TSigningSettings;
    owner: { name: string; email: string };
  },
): Promise<TSignerRow[]> {
  const { row, current, contacts, settings } = args;
  const byEmail = new Map(current.filter((s) => s.party === 'client').map((s) => [s.email.toLowerCase(), s]));
  const kept = new Set<string>();
  const out: TSignerRow[] = [];
  const first = settings.countersign === 'before' ? 2 : 1;
  for (const [i, contact] of contacts.entries()) {
    const position = first + i;
    const existing = byEmail.get(contact.email.toLowerCase());
    if (existing) {
      kept.add(existing.id);
      const [updated] = await tx
        .update(proposalSigners)
        .set({ name: contact.name, email: contact.email, role: contact.role, position })
        .where(eq(proposalSigners.id, existing.id))
        .returning();
      out.push(updated!);
    } else {
      const token = createShareToken(deps.env.authSecret);
      const [inserted] = await tx
        .insert(proposalSigners)
        .values({
          proposalId: row.id,
          ownerId: row.ownerId,
          position,
          party: 'client',
          ...contact,
          tokenHash: token.hash,
          tokenSealed: token.sealed,
        })
        .returning();
      out.push(inserted!);
    }
  }
  const currentOwner = current.find((s) => s.party === 'owner');
  if (settings.countersign !== 'none') {
    const position = settings.countersign === 'before' ? 1 : first + contacts.length;
    const values = { name: args.owner.name, email: args.owner.email, position };
    if (currentOwner) {
      kept.add(currentOwner.id);
      const [updated] = await tx
        .update(proposalSigners)
        .set(values)
        .where(eq(proposalSigners.id, currentOwner.id))
        .returning();
      out.push(updated!);
    } else {
      const [inserted] = await tx
        .insert(proposalSigners)
        .values({ proposalId: row.id, ownerId: row.ownerId, party: 'owner', role: '', ...values })
        .returning();
      out.push(inserted!);
    }
  }
  const removed = current.filter((s) => !kept.has(s.id)).map((s) => s.id);
  if (removed.length > 0) {
    await tx
      .update(proposalSigners)
      .set({ removedAt: sql`now()`, tokenHash: null, tokenSealed: null })
      .where(inArray(proposalSigners.id, removed));
  }
  return out.sort((a, b) => a.position - b.position);
}

/** Where the round stands on the newest revision, for the owner: every signer with their link. */
async function signingState(tx: TDb, deps: Pick<TAppDeps, 'env'>, row: TRow): Promise<TSigningState> {
  const settings = signingSettings(row.signing);
  const revision = await latestRevision(tx, row.id);
  const [signers, signed] = await Promise.all([
    signersOf(tx, row.id),
    revision ? signaturesOn(tx, revision.id) : Promise.resolve([]),
  ]);
  const progress = signingProgress(settings, signers, signed);
  const open = row.status === 'sent' || row.status === 'viewed';
  const signedAt = new Map(signed.map((s) => [s.signerId, s.signedAt.toISOString()]));
  const list: TProposalSigner[] = signers.map((s) => {
    const token = s.tokenSealed ? openShareToken(deps.env.authSecret, s.tokenSealed) : null;
    return {
      id: s.id,
      position: s.position,
      party: s.party as TSignerParty,
      name: s.name,
      email: s.email,
      role: s.role,
      url: token ? shareUrl(deps.env.baseUrl, token) : null,
      invitedAt: s.invitedAt?.toISOString() ?? null,
      signedAt: signedAt.get(s.id) ?? null,
      canSignNow: open && progress.canSignNow.has(s.id),
    };
  });
  return { settings, signers: list, awaiting: open ? toAwaiting(progress.awaiting) : [] };
}

export async function getSigning(args: { deps: TAppDeps; actor: TActor; id: string }): Promise<TSigningState> {
  const { deps, actor, id } = args;
  const [row] = await deps.database.db.select().from(proposals).where(owned(actor, id));
  if (!row) throw notFound();
  return signingState(deps.database.db, deps, row);
}

/** Locks the proposal and finds one of its client signers, while the proposal awaits signatures. */
async function lockSigner(tx: TDb, actor: TActor, id: string, signerId: string) {
  const [row] = await tx.select().from(proposals).where(owned(actor, id)).for('update');
  if (!row) throw notFound();
  const signers = await signersOf(tx, row.id);
  const signer = signers.find((s) => s.id === signerId && s.party === 'client');
  if (!signer) throw new AppError('not_found', 'That signer is not on this proposal.');
  if (row.status !== 'sent' && row.status !== 'viewed') {
    throw new AppError(
      'conflict',
      `This proposal is ${row.status === 'draft' ? 'not sent' : row.status}: there is no link to change.`,
    );
  }
  const revision = await latestRevision(tx, row.id);
  if (!revision) throw new Error('a sent proposal has no revision');
  const signed = await signaturesOn(tx, revision.id);
  return { row, signer, signers, revision, signed };
}

type TSignerChange = 'corrected' | 'revoked' | 'reissued';

/**
 * Corrects a signer's name, role or address, revokes their link, or gives them a new one. A new
 * address or a new link is emailed at once when it is their turn; the old link stops working.
 */
export async function changeSigner(args: {
  deps: TAppDeps;
  actor: TActor;
  id: string;
  signerId: string;
  action: TSignerChange;
  patch?: TSignerPatch;
}): Promise<TSigningState> {
  const { deps, actor, id, signerId, action } = args;
  const state = await deps.database.db.transaction(async (tx) => {
    const { row, signer, signers, revision, signed } = await lockSigner(tx, actor, id, signerId);
    if (signed.some((s) => s.signerId === signer.id)) {
      throw new AppError('conflict', `${signerName(signer)} has already signed: their signature stands as given.`);
    }
    const patch = args.patch ?? {};
    const email = patch.email?.trim();
    const newAddress = email !== undefined && email.toLowerCase() !== signer.email.toLowerCase();
    if (newAddress && signers.some((s) => s.party === 'client' && s.email.toLowerCase() === email.toLowerCase())) {
      const message = 'Another signer already has that address: each signer needs their own.';
      throw new AppError('invalid', message, { fields: { email: message } });
    }
    const fresh = action === 'reissued' || newAddress ? createShareToken(deps.env.authSecret) : null;
    const [updated] = await tx
      .update(proposalSigners)
      .set({
        ...(patch.name !== undefined ? { name: patch.name.trim() } : {}),
        ...(patch.role !== undefined ? { role: patch.role.trim() } : {}),
        ...(newAddress ? { email, invitedAt: null, codeHash: null, codeExpiresAt: null, codeAttempts: 0 } : {}),
        ...(fresh ? { tokenHash: fresh.hash, tokenSealed: fresh.sealed } : {}),
        ...(action === 'revoked' ? { tokenHash: null, tokenSealed: null } : {}),
      })
      .where(eq(proposalSigners.id, signer.id))
      .returning();
    const list = signers.map((s) => (s.id === signer.id ? updated! : s));
    const progress = signingProgress(signingSettings(row.signing), list, signed);
    await storeAwaiting(tx, row.id, toAwaiting(progress.awaiting));
    if (fresh && progress.canSignNow.has(signer.id)) {
      const snapshot = revision.snapshot as { message: string };
      await inviteSigners(tx, deps, {
        row,
        revision,
        signers: list,
        due: new Set([signer.id]),
        message: snapshot.message,
        dedupeSuffix: fresh.hash.slice(0, 16),
      });
    }
    await recordEvent(tx, {
      proposalId: row.id,
      ownerId: actor.id,
      type: 'signer_changed',
      actor: 'owner',
      revisionNumber: revision.number,
      data: {
        action,
        name: signerName(updated!),
        email: updated!.email,
        ...(newAddress ? { from: signer.email } : {}),
      },
    });
    await tx
      .update(proposals)
      .set({ version: sql`${proposals.version} + 1`, updatedAt: sql`now()` })
      .where(eq(proposals.id, row.id));
    const [after] = await tx.select().from(proposals).where(eq(proposals.id, row.id));
    return signingState(tx, deps, after!);
  });
  deps.outbox.kick();
  return state;
}

/**
 * The owner countersigns in the app when their turn has come (after every client). Their
 * signature records their account as the proof of address, and where they signed from.
 */
export async function countersign(args: {
  deps: TAppDeps;
  actor: TActor;
  id: string;
  input: TCountersign;
  ipAddress: string;
  userAgent: string;
}): Promise<{ complete: true; certificate: TAcceptanceCertificate } | TSignaturePending> {
  const { deps, actor, id, input } = args;
  const db = deps.database.db;
  const [row] = await db.select().from(proposals).where(owned(actor, id));
  if (!row) throw notFound();
  const signers = await signersOf(db, row.id);
  const owner = signers.find((s) => s.party === 'owner');
  if (!owner) throw new AppError('conflict', 'This proposal does not ask for your countersignature.');
  const outcome = await db.transaction((tx) =>
    recordSignature(tx, deps, {
      proposalId: row.id,
      signerId: owner.id,
      revisionHash: input.revisionHash,
      input: {
        name: input.name,
        selection: {},
        ipAddress: args.ipAddress,
        userAgent: args.userAgent,
        emailProof: 'account',
        mark: input.mark ?? { kind: 'typed', text: input.name },
        // The owner signs in the app, which speaks English for now.
        language: 'en',
      },
    }),
  );
  deps.outbox.kick();
  const client = row.client as TProposalClient;
  await publishNotifications(
    deps.realtime,
    deps.logger,
    row.ownerId,
    outcome.events.map((e) => toNotification(e, { number: row.number, title: row.title, clientName: client.name })),
  );
  if (!outcome.complete) {
    return { complete: false, signature: toEvidence(outcome.signature), awaiting: outcome.awaiting };
  }
  const certificate = await findCertificate(db, row.id);
  if (!certificate) throw new Error('acceptance not found after commit');
  return { complete: true, certificate };
}
