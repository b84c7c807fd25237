import {
  DEFAULT_SIGNING,
  consentText,
  PricingError,
  documentLocale,
  documentTotals,
  formatCalendarDate,
  formatMoney,
  signingProgress,
  type TAwaitingSigner,
  type TEmailProof,
  type TSignatureMarkData,
  type TRevisionSnapshot,
  type TSignerParty,
  type TSigningSettings,
} from '@draftwell/shared';
import type { TDocument, TPricingSelection } from '@draftwell/shared/document';
import { formatList } from '@draftwell/shared/i18n/format';
import { languageOf, type TLanguage } from '@draftwell/shared/i18n/languages';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import {
  acceptances,
  businessProfiles,
  proposalEvents,
  proposalRevisions,
  proposalSigners,
  proposals,
  signatures,
} from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { serverI18n } from '../../lib/i18n';
import { createShareToken, openShareToken } from '../../lib/share-token';
import { sha256Hex } from '../../lib/sha256';
import { enqueueMail } from '../../mail/outbox';
import { ownerRecipient } from '../../mail/owner-i18n';
import {
  acceptedReceiptMail,
  mailLanguage,
  mailLocale,
  mailMoneyLocale,
  ownerActivityMail,
  proposalMail,
} from '../../mail/templates';
import { scheduleSeal } from '../seal/seal-jobs';
import { fixPaymentAtAcceptance } from '../payments/terms';
import { recordEvent } from '../events/events';
import { latestRevision } from '../proposals/records';
import type { TAppDeps } from '../../deps';
import { shareUrl, ownerUrl } from '../../lib/links';

/**
 * The signing round, shared by sending (the owner), the client's link and countersigning: who
 * signs, whose turn it is, recording a signature, and completing the acceptance when the last
 * required signature is in. Every write runs in the caller's transaction with the proposal row
 * locked, so concurrent signatures of one proposal are taken one at a time (R7).
 */

type TProposalRow = typeof proposals.$inferSelect;
type TRevisionRow = typeof proposalRevisions.$inferSelect;
export type TSignerRow = typeof proposalSigners.$inferSelect;
export type TSignatureRow = typeof signatures.$inferSelect;
type TMailDeps = Pick<TAppDeps, 'env'>;

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
export async function signerLink(tx: TDb, deps: TMailDeps, signer: TSignerRow): Promise<string> {
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

async function emailSignatureOf(tx: TDb, ownerId: string): Promise<string> {
  const [profile] = await tx
    .select({ signature: businessProfiles.emailSignature })
    .from(businessProfiles)
    .where(eq(businessProfiles.ownerId, ownerId));
  return profile?.signature ?? '';
}

/**
 * Emails each client signer whose turn it is on this revision their own link, once per signer and
 * revision (the dedupe key); `kind` says whether the revision is the first or a later one.
 */
export async function inviteSigners(
  tx: TDb,
  deps: TMailDeps,
  args: {
    row: Pick<TProposalRow, 'id' | 'ownerId' | 'validUntil'>;
    revision: Pick<TRevisionRow, 'id' | 'number' | 'snapshot'>;
    signers: TSignerRow[];
    due: Set<string>;
    message: string;
    kind?: 'sent' | 'revised' | 'reminder';
    /** Overrides the per-revision dedupe (a reissued link or corrected address mails again). */
    dedupeSuffix?: string;
  },
): Promise<string[]> {
  const { row, revision, signers, due } = args;
  const snapshot = revision.snapshot as TRevisionSnapshot;
  const sender = snapshot.sender;
  const invited: string[] = [];
  const clients = signers.filter((s) => s.party === 'client' && due.has(s.id));
  if (clients.length === 0) return invited;
  const signature = await emailSignatureOf(tx, row.ownerId);
  // In the language of the revision sent, its dates as that language writes them.
  const i18n = serverI18n(snapshot.language);
  const validUntil = row.validUntil
    ? formatCalendarDate(row.validUntil, mailLocale(i18n, documentLocale(sender.locale)))
    : null;
  for (const signer of clients) {
    const token = await signerLink(tx, deps, signer);
    const kind = args.kind ?? (revision.number > 1 ? 'revised' : 'sent');
    const mail = proposalMail(i18n, {
      kind,
      to: signer.email,
      clientName: signer.name,
      senderName: sender.name,
      senderCompany: sender.company,
      senderEmail: sender.email,
      title: snapshot.title,
      message: args.message,
      signature,
      validUntil,
      url: shareUrl(deps.env.baseUrl, token),
    });
    const queued = await enqueueMail(
      tx,
      `sign-invite:${revision.id}:${signer.id}${args.dedupeSuffix ? `:${args.dedupeSuffix}` : ''}`,
      mail,
    );
    if (queued) {
      await tx
        .update(proposalSigners)
        .set({ invitedAt: sql`now()` })
        .where(eq(proposalSigners.id, signer.id));
      invited.push(signer.email);
    }
  }
  return invited;
}

/** Writes who is still to sign onto the proposal row (lists and the status line read it there). */
export async function storeAwaiting(tx: TDb, proposalId: string, awaiting: TAwaitingSigner[]) {
  await tx.update(proposals).set({ awaiting }).where(eq(proposals.id, proposalId));
}

export type TSignatureInput = {
  name: string;
  selection: TPricingSelection;
  ipAddress: string | null;
  userAgent: string | null;
  emailProof: TEmailProof;
  mark: TSignatureMarkData;
  /**
   * The language the signer signed in (their page's): the consent statement recorded is in it.
   * Left out: the revision's language.
   */
  language?: TLanguage;
};

type TEventRow = typeof proposalEvents.$inferSelect;

export type TSignOutcome =
  | { complete: true; signature: TSignatureRow; events: TEventRow[] }
  | { complete: false; signature: TSignatureRow; awaiting: TAwaitingSigner[]; events: TEventRow[] };

function notOpen(row: TProposalRow): AppError {
  if (row.status === 'accepted') return new AppError('conflict', 'This proposal has already been accepted.');
  if (row.status === 'declined')
    return new AppError('conflict', 'This proposal was declined. Ask the sender for a new version.');
  return new AppError('conflict', 'This proposal cannot be signed now.');
}

/**
 * One signer signs the newest revision (the hash they read must be its hash, A19). The proposal
 * row is locked first, so signatures of one proposal are recorded one at a time: the unique index
 * on (signer, revision) makes a signer's repeated submissions one signature, and exactly one
 * signature, the last required one, completes the acceptance.
 */
export async function recordSignature(
  tx: TDb,
  deps: TAppDeps,
  args: { proposalId: string; signerId: string; revisionHash: string; input: TSignatureInput },
): Promise<TSignOutcome> {
  const { input } = args;
  const [row] = await tx.select().from(proposals).where(eq(proposals.id, args.proposalId)).for('update');
  if (!row || row.deletedAt) throw new AppError('not_found', 'This proposal no longer exists.');
  if (row.status !== 'sent' && row.status !== 'viewed') throw notOpen(row);
  const revision = await latestRevision(tx, row.id);
  if (!revision) throw new AppError('not_found', 'This proposal has not been sent.');
  if (revision.hash !== args.revisionHash) {
    throw new AppError(
      'conflict',
      'A newer version of this proposal was sent while you were reading. Read it, then sign.',
      {
        fields: { revisionHash: 'Not the newest version.' },
      },
    );
  }
  const settings = signingSettings(row.signing);
  const [signers, signed] = await Promise.all([signersOf(tx, row.id), signaturesOn(tx, revision.id)]);
  const signer = signers.find((s) => s.id === args.signerId);
  if (!signer) throw new AppError('not_found', 'You are no longer among this proposal’s signers.');
  if (signed.some((s) => s.signerId === signer.id)) {
    throw new AppError('conflict', 'You have already signed this proposal.');
  }
  const before = signingProgress(settings, signers, signed);
  if (!before.canSignNow.has(signer.id)) {
    const first = before.awaiting.find((s) => before.canSignNow.has(s.id));
    throw new AppError(
      'conflict',
      first
        ? `It is not your turn to sign yet: ${signerName(first)} signs first. We will email you when it is.`
        : 'It is not your turn to sign yet.',
    );
  }

  // The first signature fixes the options; everyone after signs the same choices.
  const snapshot = revision.snapshot as TRevisionSnapshot;
  const firstClient = signed.find((s) => s.party === 'client' && s.selection);
  const selection = (firstClient?.selection as TPricingSelection | undefined) ?? input.selection;
  let totals;
  try {
    totals = documentTotals(snapshot.document as TDocument, selection);
  } catch (err) {
    if (err instanceof PricingError) throw new AppError('invalid', err.message, { fields: { selection: err.message } });
    throw err;
  }
  // The statement of the way they signed, from the mark itself, in the language they signed in:
  // the one their form showed.
  const language = input.language ?? languageOf(snapshot.language);
  const consent = consentText(serverI18n(language), input.mark.kind);
  const [signature] = await tx
    .insert(signatures)
    .values({
      proposalId: row.id,
      ownerId: row.ownerId,
      signerId: signer.id,
      revisionId: revision.id,
      position: signer.position,
      party: signer.party,
      name: input.name,
      email: signer.email,
      role: signer.role,
      ipAddress: input.ipAddress,
      userAgent: input.userAgent?.slice(0, 1000) ?? null,
      consentText: consent,
      consentHash: sha256Hex(consent),
      language,
      emailProof: input.emailProof,
      mark: input.mark,
      selection: signer.party === 'client' && !firstClient ? selection : null,
    })
    .onConflictDoNothing()
    .returning();
  if (!signature) throw new AppError('conflict', 'You have already signed this proposal.');
  const after = signingProgress(settings, signers, [...signed, signature]);
  const events: TEventRow[] = [];
  const owner = await ownerRecipient(tx, row.ownerId);
  const link = ownerUrl(deps.env.baseUrl, row.id);

  if (!after.complete) {
    const awaiting = toAwaiting(after.awaiting);
    await storeAwaiting(tx, row.id, awaiting);
    events.push(
      await recordEvent(tx, {
        proposalId: row.id,
        ownerId: row.ownerId,
        type: 'signed',
        actor: signer.party === 'owner' ? 'owner' : 'client',
        revisionNumber: revision.number,
        data: {
          name: input.name,
          email: signer.email,
          role: signer.role,
          party: signer.party,
          waitingFor: awaiting.map((a) => a.name),
        },
        ipAddress: input.ipAddress,
        userAgent: input.userAgent,
      }),
    );
    // Whose turn has just come: clients in order get their link; the owner is asked to countersign.
    const newlyDue = new Set([...after.canSignNow].filter((id) => !before.canSignNow.has(id)));
    await inviteSigners(tx, deps, { row, revision, signers, due: newlyDue, message: snapshot.message });
    const ownerDue = signers.find((s) => s.party === 'owner' && newlyDue.has(s.id));
    if (owner && signer.party === 'client') {
      const { i18n } = owner;
      const vars = { name: input.name, title: row.title };
      await enqueueMail(
        tx,
        `signed:${signature.id}`,
        ownerActivityMail(i18n, {
          to: owner.email,
          title: row.title,
          text: ownerDue
            ? i18n._('{name} signed “{title}”: it is your turn to countersign.', vars)
            : i18n._('{name} signed “{title}”.', vars),
          detail: i18n._('Still to sign: {names}.', {
            names: formatList(
              awaiting.map((a) => a.name),
              mailLanguage(i18n),
            ),
          }),
          url: link,
        }),
      );
    }
    return { complete: false, signature, awaiting, events };
  }

  // The last required signature: the acceptance, once (the unique index per proposal backs the lock).
  const first = [...signed, signature].find((s) => s.party === 'client') ?? signature;
  const inserted = await tx
    .insert(acceptances)
    .values({
      proposalId: row.id,
      ownerId: row.ownerId,
      revisionId: revision.id,
      name: first.name,
      email: first.email,
      ipAddress: first.ipAddress ?? '',
      userAgent: first.userAgent ?? '',
      consentText: first.consentText,
      consentHash: first.consentHash,
      selection,
      totals,
    })
    .onConflictDoNothing({ target: acceptances.proposalId })
    .returning({ id: acceptances.id });
  if (inserted.length === 0) throw new AppError('conflict', 'This proposal has already been accepted.');
  await tx
    .update(proposals)
    .set({
      status: 'accepted',
      acceptedAt: sql`now()`,
      awaiting: [],
      version: sql`${proposals.version} + 1`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(proposals.id, row.id), inArray(proposals.status, ['sent', 'viewed'])));
  if (signers.length > 1) {
    events.push(
      await recordEvent(tx, {
        proposalId: row.id,
        ownerId: row.ownerId,
        type: 'signed',
        actor: signer.party === 'owner' ? 'owner' : 'client',
        revisionNumber: revision.number,
        data: { name: input.name, email: signer.email, role: signer.role, party: signer.party, waitingFor: [] },
        ipAddress: input.ipAddress,
        userAgent: input.userAgent,
      }),
    );
  }
  events.push(
    await recordEvent(tx, {
      proposalId: row.id,
      ownerId: row.ownerId,
      type: 'accepted',
      actor: signer.party === 'owner' ? 'owner' : 'client',
      revisionNumber: revision.number,
      data: { name: first.name, email: first.email, signers: signers.length },
      ipAddress: first.ipAddress,
      userAgent: first.userAgent,
    }),
  );
  // The acceptance is complete: its sealed PDF is made by the seal job (decision 0014), and every
  // mail waits for it in the outbox, then carries it with a link (R9).
  await scheduleSeal(tx, { proposalId: row.id, ownerId: row.ownerId, revisionId: revision.id });
  // A payment asked for at acceptance is now due, for the accepted choices (decision 0018); the
  // signature stands whatever becomes of it.
  const due = await fixPaymentAtAcceptance(tx, { proposalId: row.id, totals, currency: snapshot.currency });
  const pdf = (audience: 'owner' | 'client', signerId?: string) =>
    ({ kind: 'sealed_pdf', proposalId: row.id, audience, ...(signerId ? { signerId } : {}) }) as const;
  if (owner) {
    const { i18n } = owner;
    const list = (items: string[]) => formatList(items, mailLanguage(i18n));
    const names = signers.filter((s) => s.party === 'client').map(signerName);
    const number = revision.number;
    await enqueueMail(
      tx,
      `accepted:${row.id}`,
      ownerActivityMail(i18n, {
        to: owner.email,
        title: row.title,
        text: i18n._('{names} accepted “{title}”.', {
          names: names.length > 1 ? list(names) : first.name,
          title: row.title,
        }),
        detail:
          signers.length > 1
            ? i18n._('Signed by {signers} on revision {number}.', {
                signers: list([...signed, signature].map((s) => `${s.name} <${s.email}>`)),
                number,
              })
            : i18n._('Accepted by {signer} on revision {number}.', {
                signer: `${first.name} <${first.email}>`,
                number,
              }),
        url: link,
      }),
      pdf('owner'),
    );
  }
  for (const s of signers.filter((x) => x.party === 'client')) {
    const token = await signerLink(tx, deps, s);
    const mine = [...signed, signature].find((g) => g.signerId === s.id);
    // In the language they signed in (the revision's for a signature from before languages).
    const i18n = serverI18n(mine?.language ?? snapshot.language);
    const locale = mailMoneyLocale(i18n, documentLocale(snapshot.sender.locale));
    await enqueueMail(
      tx,
      s.position === first.position ? `accepted-receipt:${row.id}` : `accepted-receipt:${row.id}:${s.id}`,
      acceptedReceiptMail(i18n, {
        to: s.email,
        name: mine?.name ?? s.name,
        title: row.title,
        senderName: snapshot.sender.name,
        url: shareUrl(deps.env.baseUrl, token),
        ...(due ? { paymentDue: formatMoney(due.total, due.currency, locale) } : {}),
      }),
      pdf('client', s.id),
    );
  }
  return { complete: true, signature, events };
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
