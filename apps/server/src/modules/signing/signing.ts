import {
  consentText,
  PricingError,
  documentLocale,
  documentTotals,
  formatCalendarDate,
  formatMoney,
  signingProgress,
  type TAwaitingSigner,
  type TEmailProof,
  type TPaymentQuote,
  type TSignatureMarkData,
  type TRevisionSnapshot,
  type TSigningSettings,
} from '@draftwell/shared';
import type { TDocument, TPricingSelection, TPricingTotals } from '@draftwell/shared/document';
import { formatList } from '@draftwell/shared/i18n/format';
import { languageOf, type TLanguage } from '@draftwell/shared/i18n/languages';
import { and, eq, inArray, sql } from 'drizzle-orm';
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
import {
  signingSettings,
  signerName,
  signersOf,
  signaturesOn,
  toAwaiting,
  signerLink,
  type TSignerRow,
  type TSignatureRow,
} from '../signers/signers';
import { fixPaymentAtAcceptance } from '../payments/terms';
import { recordEvent } from '../events/events';
import { latestRevision } from '../revisions/records';
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
type TMailDeps = Pick<TAppDeps, 'env'>;

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
  const row = await lockOpenProposal(tx, args.proposalId);
  const revision = await revisionRead(tx, row, args.revisionHash);
  const round = await checkSignersTurn(tx, row, revision, args.signerId);
  const terms = agreedTerms(round, input);
  const signature = await storeSignature(tx, round, terms, input);
  const after = signingProgress(round.settings, round.signers, [...round.signed, signature]);
  const done: TSigned = {
    ...round,
    input,
    signature,
    allSigned: [...round.signed, signature],
    owner: await ownerRecipient(tx, row.ownerId),
    link: ownerUrl(deps.env.baseUrl, row.id),
  };
  if (!after.complete) return awaitNextSigners(tx, deps, done, after);
  return completeAcceptance(tx, deps, done, terms);
}

type TProgress = { awaiting: TSignerRow[]; canSignNow: Set<string>; complete: boolean };

/** The locked proposal, its newest revision and its signers: what a signature is checked against. */
type TRound = {
  row: TProposalRow;
  revision: TRevisionRow;
  snapshot: TRevisionSnapshot;
  settings: TSigningSettings;
  signers: TSignerRow[];
  /** The signatures already on the revision. */
  signed: TSignatureRow[];
  /** Who signs now. */
  signer: TSignerRow;
  /** Whose turn it was before this signature. */
  before: TProgress;
};

/** The round once the signature is stored, with the owner to tell about it. */
type TSigned = TRound & {
  input: TSignatureInput;
  signature: TSignatureRow;
  /** `signed` and the new signature. */
  allSigned: TSignatureRow[];
  owner: Awaited<ReturnType<typeof ownerRecipient>>;
  /** The owner's link to the proposal. */
  link: string;
};

/** The options signed, and their totals. */
type TTerms = {
  /** The first client signature that fixed the options, if any. */
  firstClient: TSignatureRow | undefined;
  selection: TPricingSelection;
  totals: TPricingTotals;
};

/** Locks the proposal row (signatures of one proposal are taken one at a time) and checks it can be signed. */
async function lockOpenProposal(tx: TDb, proposalId: string): Promise<TProposalRow> {
  const [row] = await tx.select().from(proposals).where(eq(proposals.id, proposalId)).for('update');
  if (!row || row.deletedAt) throw new AppError('not_found', 'This proposal no longer exists.');
  if (row.status !== 'sent' && row.status !== 'viewed') throw notOpen(row);
  return row;
}

/** The newest revision, which must be the one the signer read (its hash, A19). */
async function revisionRead(tx: TDb, row: TProposalRow, revisionHash: string): Promise<TRevisionRow> {
  const revision = await latestRevision(tx, row.id);
  if (!revision) throw new AppError('not_found', 'This proposal has not been sent.');
  if (revision.hash !== revisionHash) {
    throw new AppError(
      'conflict',
      'A newer version of this proposal was sent while you were reading. Read it, then sign.',
      {
        fields: { revisionHash: 'Not the newest version.' },
      },
    );
  }
  return revision;
}

/** Checks the signer is still on the list, has not signed this revision yet, and that it is their turn. */
async function checkSignersTurn(tx: TDb, row: TProposalRow, revision: TRevisionRow, signerId: string): Promise<TRound> {
  const settings = signingSettings(row.signing);
  const [signers, signed] = await Promise.all([signersOf(tx, row.id), signaturesOn(tx, revision.id)]);
  const signer = signers.find((s) => s.id === signerId);
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
  const snapshot = revision.snapshot as TRevisionSnapshot;
  return { row, revision, snapshot, settings, signers, signed, signer, before };
}

/** The options signed and their totals; an invalid choice is the signer's error. */
function agreedTerms(round: TRound, input: TSignatureInput): TTerms {
  // The first signature fixes the options; everyone after signs the same choices.
  const firstClient = round.signed.find((s) => s.party === 'client' && s.selection);
  const selection = (firstClient?.selection as TPricingSelection | undefined) ?? input.selection;
  let totals;
  try {
    totals = documentTotals(round.snapshot.document as TDocument, selection);
  } catch (err) {
    if (err instanceof PricingError) throw new AppError('invalid', err.message, { fields: { selection: err.message } });
    throw err;
  }
  return { firstClient, selection, totals };
}

/** Stores the signature with its evidence (consent statement and hash, address, agent, email proof, mark). */
async function storeSignature(
  tx: TDb,
  { row, revision, snapshot, signer }: TRound,
  { firstClient, selection }: TTerms,
  input: TSignatureInput,
): Promise<TSignatureRow> {
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
  return signature;
}

/** Not the last required signature: stores who is still to sign, records it, asks whoever's turn has come, tells the owner. */
async function awaitNextSigners(tx: TDb, deps: TAppDeps, done: TSigned, after: TProgress): Promise<TSignOutcome> {
  const awaiting = toAwaiting(after.awaiting);
  await storeAwaiting(tx, done.row.id, awaiting);
  const events = [
    await recordSignedEvent(
      tx,
      done,
      awaiting.map((a) => a.name),
    ),
  ];
  const ownerDue = await inviteNewlyDue(tx, deps, done, after);
  await mailOwnerSigned(tx, done, awaiting, ownerDue);
  return { complete: false, signature: done.signature, awaiting, events };
}

/** The `signed` event of this signature, with who is still to sign. */
async function recordSignedEvent(tx: TDb, { row, revision, signer, input }: TSigned, waitingFor: string[]) {
  return recordEvent(tx, {
    proposalId: row.id,
    ownerId: row.ownerId,
    type: 'signed',
    actor: signer.party === 'owner' ? 'owner' : 'client',
    revisionNumber: revision.number,
    data: { name: input.name, email: signer.email, role: signer.role, party: signer.party, waitingFor },
    ipAddress: input.ipAddress,
    userAgent: input.userAgent,
  });
}

/** Invites the signers whose turn this signature brought; returns the owner's signer if it is now theirs. */
async function inviteNewlyDue(
  tx: TDb,
  deps: TAppDeps,
  { row, revision, snapshot, signers, before }: TSigned,
  after: TProgress,
): Promise<TSignerRow | undefined> {
  // Whose turn has just come: clients in order get their link; the owner is asked to countersign.
  const newlyDue = new Set([...after.canSignNow].filter((id) => !before.canSignNow.has(id)));
  await inviteSigners(tx, deps, { row, revision, signers, due: newlyDue, message: snapshot.message });
  return signers.find((s) => s.party === 'owner' && newlyDue.has(s.id));
}

/** Tells the owner a client signed, who is still to sign, and whether it is their turn to countersign. */
async function mailOwnerSigned(
  tx: TDb,
  { row, signer, signature, input, owner, link }: TSigned,
  awaiting: TAwaitingSigner[],
  ownerDue: TSignerRow | undefined,
) {
  if (!owner || signer.party !== 'client') return;
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

/** The last required signature: the acceptance and its events, the seal and the payment, the mails. */
async function completeAcceptance(tx: TDb, deps: TAppDeps, done: TSigned, terms: TTerms): Promise<TSignOutcome> {
  const first = done.allSigned.find((s) => s.party === 'client') ?? done.signature;
  await storeAcceptance(tx, done, terms, first);
  const events = await recordAcceptanceEvents(tx, done, first);
  const due = await scheduleSealAndPayment(tx, done, terms);
  await mailOwnerAccepted(tx, done, first);
  await mailClientReceipts(tx, deps, done, first, due);
  return { complete: true, signature: done.signature, events };
}

/** Stores the acceptance, in the first client's name, and marks the proposal accepted. */
async function storeAcceptance(
  tx: TDb,
  { row, revision }: TSigned,
  { selection, totals }: TTerms,
  first: TSignatureRow,
) {
  // The last required signature: the acceptance, once (the unique index per proposal backs the lock).
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
}

/** The last `signed` event (only when there are several signers), then the `accepted` event. */
async function recordAcceptanceEvents(tx: TDb, done: TSigned, first: TSignatureRow): Promise<TEventRow[]> {
  const { row, revision, signer, signers } = done;
  const events: TEventRow[] = [];
  if (signers.length > 1) events.push(await recordSignedEvent(tx, done, []));
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
  return events;
}

/** Schedules the sealed PDF and fixes a payment due at acceptance; returns that payment, if any. */
async function scheduleSealAndPayment(
  tx: TDb,
  { row, revision, snapshot }: TSigned,
  { totals }: TTerms,
): Promise<TPaymentQuote | null> {
  // The acceptance is complete: its sealed PDF is made by the seal job (decision 0014), and every
  // mail waits for it in the outbox, then carries it with a link (R9).
  await scheduleSeal(tx, { proposalId: row.id, ownerId: row.ownerId, revisionId: revision.id });
  // A payment asked for at acceptance is now due, for the accepted choices (decision 0018); the
  // signature stands whatever becomes of it.
  return fixPaymentAtAcceptance(tx, { proposalId: row.id, totals, currency: snapshot.currency });
}

/** The sealed PDF a mail waits for and carries: the owner's copy, or a client signer's. */
const sealedPdf = (proposalId: string, audience: 'owner' | 'client', signerId?: string) =>
  ({ kind: 'sealed_pdf', proposalId, audience, ...(signerId ? { signerId } : {}) }) as const;

/** Tells the owner the proposal was accepted, and by whom, with the sealed PDF. */
async function mailOwnerAccepted(
  tx: TDb,
  { row, revision, signers, allSigned, owner, link }: TSigned,
  first: TSignatureRow,
) {
  if (!owner) return;
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
              signers: list(allSigned.map((s) => `${s.name} <${s.email}>`)),
              number,
            })
          : i18n._('Accepted by {signer} on revision {number}.', {
              signer: `${first.name} <${first.email}>`,
              number,
            }),
      url: link,
    }),
    sealedPdf(row.id, 'owner'),
  );
}

/** Sends each client signer their receipt, with their link, the payment due and the sealed PDF. */
async function mailClientReceipts(
  tx: TDb,
  deps: TAppDeps,
  { row, snapshot, signers, allSigned }: TSigned,
  first: TSignatureRow,
  due: TPaymentQuote | null,
) {
  for (const s of signers.filter((x) => x.party === 'client')) {
    const token = await signerLink(tx, deps, s);
    const mine = allSigned.find((g) => g.signerId === s.id);
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
      sealedPdf(row.id, 'client', s.id),
    );
  }
}
