import { languageOf } from '@draftwell/shared/i18n/languages';
import {
  canonicalJson,
  consentText,
  documentTotals,
  documentLocale,
  documentVariables,
  formatCalendarDate,
  resolveVariable,
  snapshotContext,
  signingProgress,
  variableLabel,
  withoutReviewMarks,
  type TDocument,
  type TSigningSettings,
  type TProposalEvent,
  type TRevisionSnapshot,
} from '@draftwell/shared';
import type { TSendProposal } from '@draftwell/shared/share/share-schemas';
import type { TProposal, TProposalClient } from '@draftwell/shared/workspace/proposals';
import { and, desc, eq, sql } from 'drizzle-orm';
import { recordEvent, toEvent } from '../events/events';
import { latestRevision } from '../revisions/records';
import { inviteSigners } from '../signing/signing';
import { firstSignerToken, signaturesOn, signerName, signersOf, signingSettings, toAwaiting } from '../signers/signers';
import { todayUtc } from './expiry';
import { ensureProposalFollowUp } from '../follow-up/settings';
import type { TDb } from '../../db/client';
import { businessProfiles, clients, proposalEvents, proposalRevisions, proposals, signatures } from '../../db/schema';
import type { TActor } from '../../http/require-user';
import { consumeUsage, requireFeature } from '../billing/usage';
import { AppError } from '../../lib/app-error';
import { serverI18n } from '../../lib/i18n';
import { sha256Hex } from '../../lib/sha256';
import { applyPaymentTerms } from '../payments/terms';
import { getProposal, notFound, owned, toProposal } from './proposals.service';
import { pdfUnshownCharacters } from '../../pdf/pdf-coverage';
import { signerContacts, syncSigners } from './signers.service';
import type { TAppDeps } from '../../deps';
import { shareUrl } from '../../lib/links';

type TRow = typeof proposals.$inferSelect;

async function lockOwned(tx: TDb, actor: TActor, id: string): Promise<TRow> {
  const [row] = await tx.select().from(proposals).where(owned(actor, id)).for('update');
  if (!row) throw notFound();
  return row;
}

function hasContent(document: TDocument): boolean {
  return document.blocks.some((block) => {
    if (block.type !== 'rich_text') return block.type !== 'page_break';
    return JSON.stringify(block.content).match(/"type":"(text|image|variable)"/) !== null;
  });
}

async function senderOf(tx: TDb, actor: TActor): Promise<TRevisionSnapshot['sender'] & { signature: string }> {
  const [profile] = await tx.select().from(businessProfiles).where(eq(businessProfiles.ownerId, actor.id));
  return {
    name: profile?.displayName || actor.name,
    company: profile?.company ?? '',
    jobTitle: profile?.jobTitle ?? '',
    email: actor.email,
    phone: profile?.phone ?? '',
    website: profile?.website ?? '',
    address: profile?.address ?? '',
    brandColor: profile?.brandColor ?? '#4338ca',
    logoFileId: profile?.logoFileId ?? null,
    locale: documentLocale(profile?.locale),
    signature: profile?.emailSignature ?? '',
  };
}

/**
 * What of the proposal the PDF cannot show (issue 25): the characters no PDF font has, in its
 * title, client, text and the sender's details, each with its code point, to be named to the owner
 * before sending. The client's page shows them; the PDF would show "�" in their place.
 */
export async function pdfCheck(args: {
  deps: TAppDeps;
  actor: TActor;
  id: string;
}): Promise<{ unshown: { character: string; codePoint: string }[] }> {
  const db = args.deps.database.db;
  const proposal = await getProposal({ db, actor: args.actor, id: args.id });
  const { signature: _emailSignature, ...sender } = await senderOf(db, args.actor);
  const unshown = await pdfUnshownCharacters([proposal.title, proposal.client, proposal.document, sender]);
  return {
    unshown: unshown.map((character) => ({
      character,
      codePoint: `U+${character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`,
    })),
  };
}

/**
 * What stops a proposal from being sent, each with what to do, keyed by field: a client email,
 * some content, a valid-until date that has not passed, and a value for every variable.
 */
function sendProblems(row: TRow, snapshot: TRevisionSnapshot, hasSigners: boolean): Record<string, string> {
  const problems: Record<string, string> = {};
  const client = row.client as TProposalClient;
  if (!client.email && !hasSigners) {
    problems['client.email'] = 'Add the client’s email address (or a signer): the proposal is sent to it.';
  }
  if (!hasContent(snapshot.document)) problems.document = 'Write the proposal first: it has no content yet.';
  if (!row.validUntil) problems.validUntil = 'Set a valid-until date.';
  else if (row.validUntil < todayUtc()) {
    problems.validUntil = `Set a valid-until date from today on; it is ${formatCalendarDate(row.validUntil, documentLocale(snapshot.sender.locale))}.`;
  }
  const context = snapshotContext(snapshot);
  const missing = documentVariables(snapshot.document).filter((name) => resolveVariable(name, context) === null);
  if (missing.length > 0) {
    // The API's problems are in English (its contract), as are the other problems here.
    const english = serverI18n('en');
    const names = missing.map((name) => `${variableLabel(english, name)} ({{${name}}})`).join(', ');
    problems.variables = `These variables have nothing to show yet: ${names}. Fill in the client or your business profile, or remove them.`;
  }
  return problems;
}

/**
 * Send: check the proposal, freeze a revision with its hash, make (or keep) the share link,
 * queue the email to the client, and mark it sent, in one transaction. Sending again after
 * edits makes the next revision; the client sees the newest.
 */
export async function sendProposal(args: {
  deps: TAppDeps;
  actor: TActor;
  id: string;
  input: TSendProposal & { message: string };
  /** Where the owner sends from: the evidence of a signature they give as they send. */
  ipAddress: string | null;
  userAgent: string | null;
}): Promise<TProposal> {
  const { deps, actor, id, input } = args;
  if (!actor.emailVerified) {
    throw new AppError(
      'forbidden',
      'Confirm your email address before sending a proposal: use the link we emailed you, or ask for a new one from your profile.',
    );
  }
  const sent = await deps.database.db.transaction(async (tx) => {
    const row = await lockOwned(tx, actor, id);
    if (row.status === 'accepted')
      throw new AppError('locked', 'An accepted proposal is locked; duplicate it to send a new one.');
    if (row.version !== input.version) {
      throw new AppError(
        'conflict',
        'This proposal changed since you opened it. Check the newest version, then send it.',
        { current: toProposal(row) },
      );
    }
    const { signature: _emailSignature, ...sender } = await senderOf(tx, actor);
    const document = withoutReviewMarks(row.document as TDocument);
    const snapshot: TRevisionSnapshot = {
      proposalId: row.id,
      number: row.number,
      title: row.title,
      client: row.client as TProposalClient,
      currency: row.currency,
      language: languageOf(row.language),
      validUntil: row.validUntil,
      document,
      totals: documentTotals(document),
      sender,
      message: input.message,
      sentAt: new Date().toISOString(),
    };
    const settings: TSigningSettings = { ...signingSettings(row.signing), ...input.signing };
    const current = await signersOf(tx, row.id);
    const contacts = signerContacts(row, current, input.signers);
    const problems = sendProblems(row, snapshot, contacts.length > 0);
    if (settings.countersign === 'before' && !input.ownerSignature) {
      problems.ownerSignature =
        'Sign before sending: type your name and tick the box, or choose another countersignature.';
    }
    if (Object.keys(problems).length > 0) {
      throw new AppError('invalid', `This proposal is not ready to send. ${Object.values(problems).join(' ')}`, {
        fields: problems,
      });
    }

    const [last] = await tx
      .select({ number: proposalRevisions.number })
      .from(proposalRevisions)
      .where(eq(proposalRevisions.proposalId, row.id))
      .orderBy(desc(proposalRevisions.number))
      .limit(1);
    const number = (last?.number ?? 0) + 1;
    // A proposal counts against the plan once, when it first goes out; sending a new revision is free.
    if (number === 1) {
      await consumeUsage({ db: tx, defaultPlan: deps.env.defaultPlan, userId: actor.id, metric: 'proposalsSent' });
    }
    const [revision] = await tx
      .insert(proposalRevisions)
      .values({ proposalId: row.id, ownerId: actor.id, number, snapshot, hash: sha256Hex(canonicalJson(snapshot)) })
      .returning();
    if (!revision) throw new Error('revision insert returned no row');

    await applyPaymentTerms(tx, {
      proposal: row,
      revisionId: revision.id,
      document,
      terms: input.payment && { oneOff: input.payment.oneOff, firstRecurring: input.payment.firstRecurring ?? false },
    });

    const signers = await syncSigners(tx, deps, {
      row,
      current,
      contacts,
      settings,
      owner: { name: sender.name, email: actor.email },
    });
    const owner = signers.find((s) => s.party === 'owner');
    const ownerMark = input.ownerSignature
      ? (input.ownerSignature.mark ?? { kind: 'typed' as const, text: input.ownerSignature.name })
      : null;
    const ownerLanguage = languageOf(input.ownerSignature?.language);
    const ownerConsent = ownerMark ? consentText(serverI18n(ownerLanguage), ownerMark.kind) : '';
    const signed =
      settings.countersign === 'before' && owner && input.ownerSignature && ownerMark
        ? await tx
            .insert(signatures)
            .values({
              proposalId: row.id,
              ownerId: actor.id,
              signerId: owner.id,
              revisionId: revision.id,
              position: owner.position,
              party: 'owner',
              name: input.ownerSignature.name,
              email: owner.email,
              role: owner.role,
              ipAddress: args.ipAddress,
              userAgent: args.userAgent?.slice(0, 1000) || null,
              // The statement the owner read, in the app's language they read it in.
              consentText: ownerConsent,
              consentHash: sha256Hex(ownerConsent),
              language: ownerLanguage,
              emailProof: 'account',
              mark: ownerMark,
            })
            .returning()
        : [];
    const progress = signingProgress(settings, signers, signed);

    const [updated] = await tx
      .update(proposals)
      .set({
        status: 'sent',
        sentAt: sql`now()`,
        withdrawnAt: null,
        expiredAt: null,
        signing: settings,
        awaiting: toAwaiting(progress.awaiting),
        version: sql`${proposals.version} + 1`,
        updatedAt: sql`now()`,
      })
      .where(eq(proposals.id, row.id))
      .returning();
    if (!updated) throw new Error('proposal update returned no row');
    // Automatic follow-up (issue 16): the proposal takes the owner's defaults, unless it has its own.
    await ensureProposalFollowUp(tx, { proposalId: row.id, ownerId: actor.id, defaultPlan: deps.env.defaultPlan });
    // The client record remembers who signed for it, for the next proposal's send dialog.
    if (row.clientId) {
      await tx
        .update(clients)
        .set({ signers: contacts })
        .where(and(eq(clients.id, row.clientId), eq(clients.ownerId, actor.id)));
    }

    const clientSigners = signers.filter((s) => s.party === 'client');
    await recordEvent(tx, {
      proposalId: row.id,
      ownerId: actor.id,
      type: 'sent',
      actor: 'owner',
      revisionNumber: number,
      data: {
        to: clientSigners[0]?.email ?? snapshot.client.email,
        signers: clientSigners.map((s) => ({ name: s.name, email: s.email, role: s.role })),
        order: settings.order,
        countersign: settings.countersign,
        message: input.message,
      },
    });
    await inviteSigners(tx, deps, {
      row: updated,
      revision,
      signers,
      due: progress.canSignNow,
      message: input.message,
    });
    if (signed[0]) {
      await recordEvent(tx, {
        proposalId: row.id,
        ownerId: actor.id,
        type: 'signed',
        actor: 'owner',
        revisionNumber: number,
        data: {
          name: signed[0].name,
          email: owner!.email,
          role: '',
          party: 'owner',
          waitingFor: toAwaiting(progress.awaiting).map((a) => a.name),
        },
      });
    }
    return updated;
  });
  deps.outbox.kick();
  return toProposal(sent);
}

/** One reminder a day per proposal at most: more would read as pressure, and as spam. */
export const REMINDER_INTERVAL_HOURS = 24;

/**
 * Emails the client a reminder about a proposal awaiting an answer, with the same link (paid
 * plans: "reminders"). Recorded on the timeline; at most one a day.
 */
export async function remindProposal(args: {
  deps: TAppDeps;
  actor: TActor;
  id: string;
  message: string;
}): Promise<TProposalEvent> {
  const { deps, actor, id, message } = args;
  const db = deps.database.db;
  const event = await db.transaction(async (tx) => {
    const row = await lockOwned(tx, actor, id);
    await requireFeature({
      db: tx,
      defaultPlan: deps.env.defaultPlan,
      userId: actor.id,
      feature: 'viewAnalyticsAndReminders',
      what: 'Reminders',
    });
    if (row.status !== 'sent' && row.status !== 'viewed') {
      throw new AppError(
        'conflict',
        row.status === 'draft'
          ? 'Send the proposal first: only a sent proposal can be followed up with a reminder.'
          : `This proposal is ${row.status}, so it is no longer waiting for an answer.`,
      );
    }
    const [last] = await tx
      .select({ at: proposalEvents.createdAt })
      .from(proposalEvents)
      .where(and(eq(proposalEvents.proposalId, row.id), eq(proposalEvents.type, 'reminder_sent')))
      .orderBy(desc(proposalEvents.seq))
      .limit(1);
    const nextAt = last ? last.at.getTime() + REMINDER_INTERVAL_HOURS * 3_600_000 : 0;
    if (nextAt > Date.now()) {
      throw new AppError(
        'rate_limited',
        `A reminder went out less than ${REMINDER_INTERVAL_HOURS} hours ago. The next one can go after ${new Date(nextAt).toISOString().slice(0, 16).replace('T', ' ')} UTC.`,
        { retryAfter: Math.ceil((nextAt - Date.now()) / 1000) },
      );
    }
    const revision = await latestRevision(tx, row.id);
    if (!revision) throw new Error('a sent proposal has no revision');
    const [signers, signed] = await Promise.all([signersOf(tx, row.id), signaturesOn(tx, revision.id)]);
    // Those whose turn it is and who have not signed yet: a signer who has signed is not chased.
    const due = signingProgress(signingSettings(row.signing), signers, signed).canSignNow;
    const reminded = signers.filter((s) => due.has(s.id) && s.party === 'client');
    const recorded = await recordEvent(tx, {
      proposalId: row.id,
      ownerId: actor.id,
      type: 'reminder_sent',
      actor: 'owner',
      revisionNumber: revision.number,
      data: {
        to: reminded.map((s) => s.email).join(', '),
        names: reminded.map(signerName),
        message,
      },
    });
    await inviteSigners(tx, deps, {
      row,
      revision,
      signers,
      due,
      message,
      kind: 'reminder',
      dedupeSuffix: `reminder:${recorded.seq}`,
    });
    return toEvent(recorded);
  });
  deps.outbox.kick();
  return event;
}

/** Back to draft: the link answers 410 until it is sent again. */
export async function withdrawProposal(args: { db: TDb; actor: TActor; id: string }): Promise<TProposal> {
  const { db, actor, id } = args;
  return db.transaction(async (tx) => {
    const row = await lockOwned(tx, actor, id);
    if (row.status === 'accepted') throw new AppError('locked', 'An accepted proposal cannot be withdrawn.');
    if (row.status === 'draft')
      throw new AppError('conflict', 'This proposal is not sent, so there is nothing to withdraw.', {
        current: toProposal(row),
      });
    const [updated] = await tx
      .update(proposals)
      .set({ status: 'draft', withdrawnAt: sql`now()`, version: sql`${proposals.version} + 1`, updatedAt: sql`now()` })
      .where(eq(proposals.id, row.id))
      .returning();
    await recordEvent(tx, { proposalId: row.id, ownerId: actor.id, type: 'withdrawn', actor: 'owner' });
    return toProposal(updated!);
  });
}

/** A new last day; an expired proposal opens again (as sent, or viewed if the client had opened it). */
export async function extendProposal(args: {
  db: TDb;
  actor: TActor;
  id: string;
  validUntil: string;
}): Promise<TProposal> {
  const { db, actor, id, validUntil } = args;
  if (validUntil < todayUtc()) {
    throw new AppError('invalid', 'Choose a date from today on.', {
      fields: { validUntil: 'Choose a date from today on.' },
    });
  }
  return db.transaction(async (tx) => {
    const row = await lockOwned(tx, actor, id);
    if (row.status === 'accepted') throw new AppError('locked', 'An accepted proposal is locked.');
    const status = row.status === 'expired' ? (row.viewedAt ? 'viewed' : 'sent') : row.status;
    const [updated] = await tx
      .update(proposals)
      .set({
        validUntil,
        status,
        ...(row.status === 'expired' ? { expiredAt: null } : {}),
        version: sql`${proposals.version} + 1`,
        updatedAt: sql`now()`,
      })
      .where(eq(proposals.id, row.id))
      .returning();
    if (row.status !== 'draft') {
      await recordEvent(tx, {
        proposalId: row.id,
        ownerId: actor.id,
        type: 'extended',
        actor: 'owner',
        data: { validUntil },
      });
    }
    return toProposal(updated!);
  });
}

/** The client's link, for the owner to copy; 404 until the proposal was first sent. */
export async function getShareLink(args: { deps: TAppDeps; actor: TActor; id: string }): Promise<{ url: string }> {
  const { deps, actor, id } = args;
  const [row] = await deps.database.db
    .select({ id: proposals.id, sentAt: proposals.sentAt })
    .from(proposals)
    .where(owned(actor, id));
  if (!row) throw notFound();
  const token = await firstSignerToken(deps.database.db, deps.env.authSecret, row.id);
  if (!token) {
    throw new AppError(
      'not_found',
      row.sentAt
        ? 'This link was made under another AUTH_SECRET, or revoked; send the proposal again, or reissue the signer’s link.'
        : 'This proposal has no link yet: send it first.',
    );
  }
  return { url: shareUrl(deps.env.baseUrl, token) };
}
