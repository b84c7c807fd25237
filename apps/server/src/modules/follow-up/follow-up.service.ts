import { planWithFeature, PLANS, type TPlanId } from '@draftwell/shared/plans';
import type { TRevisionSnapshot } from '@draftwell/shared';
import {
  FOLLOW_UP_OFF,
  type TFollowUpDefaults,
  type TFollowUpPlan,
  type TFollowUpSettings,
  type TFollowUpSigner,
  type TFollowUpStopView,
  type TProposalFollowUp,
  type ZFollowUpDefaultsPut,
  type ZProposalFollowUpPut,
} from '@draftwell/shared/workspace/follow-up';
import type { z } from 'zod';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { recordEvent } from '../events/events';
import { latestRevision } from '../revisions/records';
import { planOf } from '../billing/plan';
import { requireFeature } from '../billing/usage';
import type { TDb } from '../../db/client';
import { followUpDefaults, followUpStops, proposalFollowUps, proposalSigners, proposals, users } from '../../db/schema';
import { loadFollowUpStates, scheduleInputOf, usableTimeZone } from './follow-up-state';
import { reminderOutlook } from './schedule';
import { ownerDefaults, settingsOf } from './settings';
import { openFollowUpStopToken } from './stop-token';
import type { TActor } from '../../http/require-user';
import { AppError } from '../../lib/app-error';
import { hitRateLimit } from '../../lib/rate-limit';
import { isUuid } from '../../lib/sql-text';
import type { TAppDeps } from '../../deps';

/**
 * The owner's side of follow-up automation (their defaults, one proposal's settings and where each
 * signer stands) and the client's stop link. The sweep that sends is `sweep.ts`, beside this file.
 */

type TDeps = Pick<TAppDeps, 'database' | 'env'>;

const FEATURE = 'viewAnalyticsAndReminders' as const;
const WHAT = 'Automatic reminders and expiry warnings';

async function accessOf(db: TDb, defaultPlan: TPlanId, ownerId: string): Promise<TFollowUpPlan> {
  const plan = await planOf(db, defaultPlan, ownerId);
  return { included: PLANS[plan].features[FEATURE], plan, upgradeTo: planWithFeature(FEATURE) };
}

/** Turning anything on needs a plan with follow-up (402 with the plan that has it); turning it off never does. */
async function requireIfOn(db: TDb, deps: TDeps, actor: TActor, settings: TFollowUpSettings) {
  if (!settings.reminders && !settings.expiryWarnings) return;
  await requireFeature({
    db,
    defaultPlan: deps.env.defaultPlan,
    userId: actor.id,
    feature: FEATURE,
    what: WHAT,
  });
}

const pickSettings = (put: TFollowUpSettings): TFollowUpSettings => ({
  reminders: put.reminders,
  firstAfterDays: put.firstAfterDays,
  everyDays: put.everyDays,
  maxReminders: put.maxReminders,
  expiryWarnings: put.expiryWarnings,
});

// ---------------------------------------------------------------------------------------------
// The owner's defaults

export async function getFollowUpDefaults(args: { deps: TDeps; actor: TActor }): Promise<TFollowUpDefaults> {
  const { deps, actor } = args;
  const db = deps.database.db;
  const [saved, access] = await Promise.all([
    ownerDefaults(db, actor.id),
    accessOf(db, deps.env.defaultPlan, actor.id),
  ]);
  return { ...saved.settings, timeZone: saved.timeZone, version: saved.version, access };
}

export async function saveFollowUpDefaults(args: {
  deps: TDeps;
  actor: TActor;
  put: z.output<typeof ZFollowUpDefaultsPut>;
}): Promise<TFollowUpDefaults> {
  const { deps, actor, put } = args;
  const db = deps.database.db;
  const settings = pickSettings(put);
  await requireIfOn(db, deps, actor, settings);
  const values = { ...settings, timeZone: put.timeZone };
  const [row] =
    put.version === 0
      ? await db
          .insert(followUpDefaults)
          .values({ ...values, ownerId: actor.id })
          .onConflictDoNothing({ target: followUpDefaults.ownerId })
          .returning()
      : await db
          .update(followUpDefaults)
          .set({ ...values, version: sql`${followUpDefaults.version} + 1`, updatedAt: sql`now()` })
          .where(and(eq(followUpDefaults.ownerId, actor.id), eq(followUpDefaults.version, put.version)))
          .returning();
  const current = await getFollowUpDefaults({ deps, actor });
  if (row) return current;
  throw new AppError(
    'conflict',
    'Your follow-up defaults were changed elsewhere since you opened them. Review them and save again.',
    { current },
  );
}

// ---------------------------------------------------------------------------------------------
// One proposal

const notFound = () => new AppError('not_found', 'That proposal does not exist, or it is not yours.');

async function ownedProposal(db: TDb, actor: TActor, id: string, lock = false) {
  if (!isUuid(id)) throw notFound();
  const query = db
    .select()
    .from(proposals)
    .where(and(eq(proposals.id, id), eq(proposals.ownerId, actor.id), isNull(proposals.deletedAt)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound();
  return row;
}

export async function getProposalFollowUp(args: {
  deps: TDeps;
  actor: TActor;
  id: string;
  now?: Date;
}): Promise<TProposalFollowUp> {
  const { deps, actor, id, now = new Date() } = args;
  const db = deps.database.db;
  const row = await ownedProposal(db, actor, id);
  const [[own], defaults, access] = await Promise.all([
    db.select().from(proposalFollowUps).where(eq(proposalFollowUps.proposalId, row.id)),
    ownerDefaults(db, actor.id),
    accessOf(db, deps.env.defaultPlan, actor.id),
  ]);
  // Without settings of its own, a draft takes the defaults when it is sent (none on a plan
  // without follow-up); a proposal sent before follow-up existed has none.
  const settings = own
    ? settingsOf(own)
    : row.status === 'draft' && access.included
      ? defaults.settings
      : FOLLOW_UP_OFF;
  const today = now.toISOString().slice(0, 10);
  const active =
    (row.status === 'sent' || row.status === 'viewed') && (row.validUntil === null || row.validUntil >= today);
  const [state] = await loadFollowUpStates(db, [
    {
      id: row.id,
      ownerId: row.ownerId,
      title: row.title,
      status: row.status,
      validUntil: row.validUntil,
      sentAt: row.sentAt,
      signing: row.signing,
      settings,
      timeZone: defaults.timeZone,
    },
  ]);
  const signers: TFollowUpSigner[] = [];
  if (state?.revision && row.status !== 'draft') {
    const input = scheduleInputOf(state, settings, now);
    for (const signer of state.signers.filter((s) => s.party === 'client')) {
      const scheduled = input.signers.find((s) => s.id === signer.id)!;
      const outlook = reminderOutlook(input, scheduled);
      const stoppedAt = state.stops.get(signer.id) ?? null;
      signers.push({
        id: signer.id,
        name: signer.name,
        email: signer.email,
        state: state.signedIds.has(signer.id)
          ? 'signed'
          : stoppedAt
            ? 'stopped'
            : state.waitingIds.has(signer.id)
              ? 'waiting'
              : 'not_yet',
        remindersSent: outlook.remindersSent,
        nextReminderOn: active && access.included ? outlook.nextReminderOn : null,
        stoppedAt: stoppedAt?.toISOString() ?? null,
      });
    }
  }
  return {
    proposalId: row.id,
    settings,
    version: own?.version ?? 0,
    timeZone: usableTimeZone(defaults.timeZone),
    active,
    access,
    signers,
  };
}

export async function saveProposalFollowUp(args: {
  deps: TDeps;
  actor: TActor;
  id: string;
  put: z.output<typeof ZProposalFollowUpPut>;
}): Promise<TProposalFollowUp> {
  const { deps, actor, id, put } = args;
  const settings = pickSettings(put);
  const saved = await deps.database.db.transaction(async (tx) => {
    const row = await ownedProposal(tx, actor, id, true);
    if (row.status === 'accepted') {
      throw new AppError('locked', 'This proposal is accepted: there is nobody left to remind.');
    }
    // In the transaction (on PGlite, a query outside it would wait for it forever).
    await requireIfOn(tx, deps, actor, settings);
    const [written] =
      put.version === 0
        ? await tx
            .insert(proposalFollowUps)
            .values({ ...settings, proposalId: row.id, ownerId: actor.id })
            .onConflictDoNothing({ target: proposalFollowUps.proposalId })
            .returning()
        : await tx
            .update(proposalFollowUps)
            .set({ ...settings, version: sql`${proposalFollowUps.version} + 1`, updatedAt: sql`now()` })
            .where(and(eq(proposalFollowUps.proposalId, row.id), eq(proposalFollowUps.version, put.version)))
            .returning();
    return written !== undefined;
  });
  const current = await getProposalFollowUp({ deps, actor, id });
  if (saved) return current;
  throw new AppError(
    'conflict',
    'This proposal’s follow-up settings were changed elsewhere since you opened them. Review them and save again.',
    { current },
  );
}

// ---------------------------------------------------------------------------------------------
// The client's stop link (no account: the signed token is the only key)

/** Stop links looked up from one address: enough for anyone's inbox, not for trying tokens. */
const STOP_RATE = { max: 60, windowSeconds: 600 };

export type TStopRequest = { deps: TDeps; token: string; ip: string; userAgent: string };

const maskEmail = (email: string) => {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}***@${domain}`;
};

async function resolveStop(req: TStopRequest) {
  const db = req.deps.database.db;
  if (req.deps.env.rateLimit) await hitRateLimit(db, `follow-up-stop:${req.ip}`, STOP_RATE);
  const signerId = openFollowUpStopToken(req.deps.env.authSecret, req.token);
  const [found] = signerId
    ? await db
        .select({ signer: proposalSigners, proposal: proposals, ownerName: users.name })
        .from(proposalSigners)
        .innerJoin(proposals, eq(proposals.id, proposalSigners.proposalId))
        .innerJoin(users, eq(users.id, proposals.ownerId))
        .where(and(eq(proposalSigners.id, signerId), isNull(proposals.deletedAt)))
    : [];
  if (!found || found.signer.party !== 'client') {
    throw new AppError(
      'not_found',
      'This link does not work. Check that you copied all of it from the email; the proposal may also have been deleted.',
    );
  }
  return found;
}

async function stopView(db: TDb, found: Awaited<ReturnType<typeof resolveStop>>): Promise<TFollowUpStopView> {
  const [revision, [stop]] = await Promise.all([
    latestRevision(db, found.proposal.id),
    db.select().from(followUpStops).where(eq(followUpStops.signerId, found.signer.id)),
  ]);
  const sender = revision ? (revision.snapshot as TRevisionSnapshot).sender : null;
  return {
    title: revision ? (revision.snapshot as TRevisionSnapshot).title : found.proposal.title,
    senderName: sender ? sender.company || sender.name : found.ownerName,
    email: maskEmail(found.signer.email),
    stopped: stop !== undefined,
  };
}

export async function getFollowUpStop(req: TStopRequest): Promise<TFollowUpStopView> {
  return stopView(req.deps.database.db, await resolveStop(req));
}

/** Stops automatic mail to this signer on this proposal, once (a second press changes nothing). */
export async function stopFollowUps(req: TStopRequest): Promise<TFollowUpStopView> {
  const found = await resolveStop(req);
  const db = req.deps.database.db;
  await db.transaction(async (tx) => {
    // The proposal's lock, which the sweep takes before sending: a stop it has not seen yet waits for it, or wins.
    await tx.select({ id: proposals.id }).from(proposals).where(eq(proposals.id, found.proposal.id)).for('update');
    const inserted = await tx
      .insert(followUpStops)
      .values({
        signerId: found.signer.id,
        proposalId: found.proposal.id,
        ipAddress: req.ip,
        userAgent: req.userAgent || null,
      })
      .onConflictDoNothing()
      .returning({ at: followUpStops.stoppedAt });
    if (inserted.length === 0) return;
    const revision = await latestRevision(tx, found.proposal.id);
    await recordEvent(tx, {
      proposalId: found.proposal.id,
      ownerId: found.proposal.ownerId,
      type: 'follow_up_stopped',
      actor: 'client',
      revisionNumber: revision?.number ?? null,
      data: { name: found.signer.name, email: found.signer.email },
      ipAddress: req.ip,
      userAgent: req.userAgent || null,
    });
  });
  return stopView(db, found);
}
