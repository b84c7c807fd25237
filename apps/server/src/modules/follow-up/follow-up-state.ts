import { signingProgress, type TRevisionSnapshot } from '@draftwell/shared';
import { PLANS, type TPlanId } from '@draftwell/shared/plans';
import type { TFollowUpSettings } from '@draftwell/shared/workspace/follow-up';
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { signingSettings, type TSignerRow } from '../signers/signers';
import { planOfRow } from '../billing/plan';
import type { TDb } from '../../db/client';
import {
  followUpMails,
  followUpStops,
  proposalEvents,
  proposalRevisions,
  proposalSigners,
  signatures,
  subscriptions,
} from '../../db/schema';
import { localClock, type TScheduleInput, type TSentMail } from './schedule';

/**
 * What follow-up needs to know about a set of proposals, read in a few statements whatever their
 * number (the sweep reads every open proposal at once; the owner's page reads one).
 */

export type TFollowUpProposal = {
  id: string;
  ownerId: string;
  title: string;
  status: string;
  validUntil: string | null;
  sentAt: Date | null;
  signing: unknown;
  /** The proposal's own settings; null when it has none. */
  settings: TFollowUpSettings | null;
  /** The owner's saved time zone; null when none was saved. */
  timeZone: string | null;
};

export type TFollowUpState = {
  proposal: TFollowUpProposal;
  revision: { id: string; number: number; sender: TRevisionSnapshot['sender'] } | null;
  /** Every signer on the list now, in order. */
  signers: TSignerRow[];
  signedIds: Set<string>;
  /** Client signers whose turn has come on the newest revision and who have not signed it. */
  waitingIds: Set<string>;
  stops: Map<string, Date>;
  sent: TSentMail[];
  /** Signers who opened the newest revision through their own link. */
  openedIds: Set<string>;
};

/** A saved time zone the runtime still knows, else UTC. */
export function usableTimeZone(tz: string | null): string {
  if (!tz) return 'UTC';
  try {
    localClock(new Date(0), tz);
    return tz;
  } catch {
    return 'UTC';
  }
}

export async function loadFollowUpStates(db: TDb, list: TFollowUpProposal[]): Promise<TFollowUpState[]> {
  if (list.length === 0) return [];
  const ids = list.map((p) => p.id);
  const revisions = await db
    .selectDistinctOn([proposalRevisions.proposalId], {
      id: proposalRevisions.id,
      proposalId: proposalRevisions.proposalId,
      number: proposalRevisions.number,
      sender: sql<TRevisionSnapshot['sender']>`${proposalRevisions.snapshot}->'sender'`,
    })
    .from(proposalRevisions)
    .where(inArray(proposalRevisions.proposalId, ids))
    .orderBy(proposalRevisions.proposalId, desc(proposalRevisions.number));
  const revisionIds = revisions.map((r) => r.id);
  // One after another: the sweep runs on the one connection that holds its advisory lock.
  const signerRows = await db
    .select()
    .from(proposalSigners)
    .where(and(inArray(proposalSigners.proposalId, ids), isNull(proposalSigners.removedAt)))
    .orderBy(asc(proposalSigners.position), asc(proposalSigners.createdAt));
  const signed =
    revisionIds.length === 0
      ? []
      : await db
          .select({ signerId: signatures.signerId, revisionId: signatures.revisionId })
          .from(signatures)
          .where(inArray(signatures.revisionId, revisionIds));
  const stops = await db
    .select({ signerId: followUpStops.signerId, proposalId: followUpStops.proposalId, at: followUpStops.stoppedAt })
    .from(followUpStops)
    .where(inArray(followUpStops.proposalId, ids));
  const sent = await db
    .select({
      proposalId: followUpMails.proposalId,
      recipient: followUpMails.recipient,
      kind: followUpMails.kind,
      round: followUpMails.round,
      step: followUpMails.step,
      sentAt: followUpMails.sentAt,
    })
    .from(followUpMails)
    .where(inArray(followUpMails.proposalId, ids));
  const opened = await db
    .selectDistinct({
      proposalId: proposalEvents.proposalId,
      revisionNumber: proposalEvents.revisionNumber,
      signerId: sql<string | null>`${proposalEvents.data}->>'signerId'`,
    })
    .from(proposalEvents)
    .where(and(inArray(proposalEvents.proposalId, ids), eq(proposalEvents.type, 'opened')));

  return list.map((proposal) => {
    const revision = revisions.find((r) => r.proposalId === proposal.id) ?? null;
    const signers = signerRows.filter((s) => s.proposalId === proposal.id);
    const mine = signed.filter((g) => g.revisionId === revision?.id);
    const progress = signingProgress(signingSettings(proposal.signing), signers, mine);
    return {
      proposal,
      revision: revision ? { id: revision.id, number: revision.number, sender: revision.sender } : null,
      signers,
      signedIds: new Set(mine.map((g) => g.signerId)),
      waitingIds: new Set(
        signers.filter((s) => s.party === 'client' && progress.canSignNow.has(s.id)).map((s) => s.id),
      ),
      stops: new Map(stops.filter((s) => s.proposalId === proposal.id).map((s) => [s.signerId, s.at])),
      sent: sent.filter((m) => m.proposalId === proposal.id),
      openedIds: new Set(
        opened
          .filter((o) => o.proposalId === proposal.id && o.revisionNumber === revision?.number && o.signerId)
          .map((o) => o.signerId!),
      ),
    };
  });
}

/** The schedule's view of one proposal at `now`, with the settings that apply. */
export function scheduleInputOf(state: TFollowUpState, settings: TFollowUpSettings, now: Date): TScheduleInput {
  return {
    now,
    timeZone: usableTimeZone(state.proposal.timeZone),
    settings,
    validUntil: state.proposal.validUntil,
    sentAt: state.proposal.sentAt,
    revisionNumber: state.revision?.number ?? 0,
    signers: state.signers
      .filter((s) => s.party === 'client')
      .map((s) => ({
        id: s.id,
        invitedAt: s.invitedAt,
        waiting: state.waitingIds.has(s.id),
        stopped: state.stops.has(s.id),
      })),
    sent: state.sent,
  };
}

/** Which of these owners' plans include follow-up (plans.ts: `viewAnalyticsAndReminders`). */
export async function ownersWithFollowUp(db: TDb, defaultPlan: TPlanId, ownerIds: string[]): Promise<Set<string>> {
  const unique = [...new Set(ownerIds)];
  if (unique.length === 0) return new Set();
  const rows = await db.select().from(subscriptions).where(inArray(subscriptions.userId, unique));
  return new Set(
    unique.filter((id) => {
      const plan = planOfRow(rows.find((r) => r.userId === id) ?? null, defaultPlan);
      return PLANS[plan].features.viewAnalyticsAndReminders;
    }),
  );
}
