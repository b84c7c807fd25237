import { documentLocale, formatCalendarDate, signingProgress, type TRevisionSnapshot } from '@draftwell/shared';
import { stopFollowUpsPath } from '@draftwell/shared/paths';
import type { TFollowUpSettings } from '@draftwell/shared/workspace/follow-up';
import { and, eq, gte, inArray, isNull, or } from 'drizzle-orm';
import { recordEvent } from '../events/events';
import { latestRevision } from '../revisions/records';
import { signaturesOn, signerLink, signerName, signersOf, signingSettings, type TSignerRow } from '../signers/signers';
import type { TDatabase, TDb } from '../../db/client';
import { startPeriodicSweep } from '../../lib/periodic-sweep';
import {
  businessProfiles,
  followUpDefaults,
  followUpMails,
  followUpStops,
  proposalFollowUps,
  proposals,
} from '../../db/schema';
import { serverI18n } from '../../lib/i18n';
import { enqueueMail } from '../../mail/outbox';
import { ownerRecipient } from '../../mail/owner-i18n';
import { followUpMail, mailLocale, ownerExpiryWarningMail } from '../../mail/templates';
import { loadFollowUpStates, ownersWithFollowUp, scheduleInputOf, type TFollowUpState } from './follow-up-state';
import { dueFollowUps, type TDueMail } from './schedule';
import { followUpStopToken } from './stop-token';
import type { TAppDeps } from '../../deps';
import { shareUrl, ownerUrl, absoluteUrl } from '../../lib/links';

/**
 * The follow-up sweep (issue 16): every few minutes, whichever instance takes the advisory lock
 * reads every open proposal with follow-up on, asks the schedule what is due at `now`, and sends
 * it. Each mail is one row of `follow_up_mails` inserted in the transaction that queues it, under
 * a unique key (proposal, recipient, kind, round, step): two sweeps that race anyway (the lock
 * lost, a PGlite shared by two servers) insert it once, so the mail goes once.
 */

export type TFollowUpDeps = Pick<TAppDeps, 'database' | 'env' | 'outbox' | 'logger'>;

const LOCK_KEY = 0x0f01_1a0b;
const SWEEP_EVERY_MS = 5 * 60_000;
const OPEN = ['sent', 'viewed'];

/** One sweep under the lock; other instances wait for it, then find nothing left to send. */
export async function sweepFollowUps(deps: TFollowUpDeps & { database: TDatabase }, now = new Date()): Promise<number> {
  const sent = await deps.database.withAdvisoryLock(LOCK_KEY, (db) => runFollowUps(db, deps, now));
  if (sent > 0) deps.outbox.kick();
  return sent;
}

/** The sweep's work without the lock: what the unique key alone must keep from sending twice. */
export async function runFollowUps(db: TDb, deps: Pick<TAppDeps, 'env'>, now: Date): Promise<number> {
  const today = now.toISOString().slice(0, 10);
  const rows = await db
    .select({
      id: proposals.id,
      ownerId: proposals.ownerId,
      title: proposals.title,
      status: proposals.status,
      validUntil: proposals.validUntil,
      sentAt: proposals.sentAt,
      signing: proposals.signing,
      settings: {
        reminders: proposalFollowUps.reminders,
        firstAfterDays: proposalFollowUps.firstAfterDays,
        everyDays: proposalFollowUps.everyDays,
        maxReminders: proposalFollowUps.maxReminders,
        expiryWarnings: proposalFollowUps.expiryWarnings,
      },
      timeZone: followUpDefaults.timeZone,
    })
    .from(proposals)
    .innerJoin(proposalFollowUps, eq(proposalFollowUps.proposalId, proposals.id))
    .leftJoin(followUpDefaults, eq(followUpDefaults.ownerId, proposals.ownerId))
    .where(
      and(
        inArray(proposals.status, OPEN),
        isNull(proposals.deletedAt),
        or(eq(proposalFollowUps.reminders, true), eq(proposalFollowUps.expiryWarnings, true)),
        or(isNull(proposals.validUntil), gte(proposals.validUntil, today)),
      ),
    );
  if (rows.length === 0) return 0;
  // Reminders are a paid feature (plans.ts): an owner on a plan without it gets nothing sent.
  const allowed = await ownersWithFollowUp(
    db,
    deps.env.defaultPlan,
    rows.map((r) => r.ownerId),
  );
  const states = await loadFollowUpStates(
    db,
    rows.filter((r) => allowed.has(r.ownerId)),
  );
  let sent = 0;
  for (const state of states) {
    const settings = state.proposal.settings!;
    const due = dueFollowUps(scheduleInputOf(state, settings, now));
    // One transaction (and one timeline line) per kind of mail: the signers reminded together.
    const groups = new Map<string, TDueMail[]>();
    for (const mail of due) {
      const key = `${mail.kind}:${mail.round}:${mail.step}:${mail.recipient === 'owner' ? 'owner' : 'client'}`;
      groups.set(key, [...(groups.get(key) ?? []), mail]);
    }
    for (const group of groups.values()) sent += await deliver(db, deps, state, settings, group, now);
  }
  return sent;
}

type TLocked = typeof proposals.$inferSelect;

/**
 * Sends one group of due mail in one transaction, after checking again under the proposal's lock
 * (the lock signing takes) that each recipient is still waiting: a signature, decline, withdrawal
 * or stop that came after the sweep read wins.
 */
async function deliver(
  db: TDb,
  deps: Pick<TAppDeps, 'env'>,
  state: TFollowUpState,
  settings: TFollowUpSettings,
  group: TDueMail[],
  now: Date,
): Promise<number> {
  const [first] = group;
  if (!first) return 0;
  const id = state.proposal.id;
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(proposals).where(eq(proposals.id, id)).for('update');
    if (!row || row.deletedAt || !OPEN.includes(row.status)) return 0;
    if (first.kind === 'expiry_warning' && row.validUntil !== first.round) return 0;
    const revision = await latestRevision(tx, id);
    if (!revision) return 0;
    if (first.kind === 'reminder' && String(revision.number) !== first.round) return 0;
    const snapshot = revision.snapshot as TRevisionSnapshot;
    const signers = await signersOf(tx, id);
    const signed = await signaturesOn(tx, revision.id);
    const stopped = await tx
      .select({ signerId: followUpStops.signerId })
      .from(followUpStops)
      .where(eq(followUpStops.proposalId, id));
    const progress = signingProgress(signingSettings(row.signing), signers, signed);
    const stoppedIds = new Set(stopped.map((s) => s.signerId));

    const mailed: Array<{ name: string; email: string }> = [];
    for (const mail of group) {
      const signer =
        mail.recipient === 'owner'
          ? null
          : signers.find((s) => s.id === mail.recipient && s.party === 'client' && progress.canSignNow.has(s.id));
      if (mail.recipient !== 'owner' && (!signer || stoppedIds.has(signer.id))) continue;
      const inserted = await tx
        .insert(followUpMails)
        .values({
          proposalId: id,
          ownerId: row.ownerId,
          signerId: signer?.id ?? null,
          recipient: mail.recipient,
          kind: mail.kind,
          round: mail.round,
          step: mail.step,
          sentAt: now,
        })
        .onConflictDoNothing()
        .returning({ id: followUpMails.id });
      if (inserted.length === 0) continue;
      const dedupeKey = `follow-up:${id}:${mail.recipient}:${mail.kind}:${mail.round}:${mail.step}`;
      if (signer) {
        await enqueueMail(tx, dedupeKey, await signerMail(tx, deps, { row, snapshot, signer, mail, state }));
        mailed.push({ name: signerName(signer), email: signer.email });
      } else {
        const owner = await ownerRecipient(tx, row.ownerId);
        if (!owner) continue;
        await enqueueMail(
          tx,
          dedupeKey,
          ownerExpiryWarningMail(owner.i18n, {
            to: owner.email,
            title: row.title,
            validUntil: formatCalendarDate(
              row.validUntil!,
              mailLocale(owner.i18n, documentLocale(snapshot.sender.locale)),
            ),
            daysLeft: mail.daysLeft ?? 0,
            waitingFor: progress.awaiting.map(signerName),
            url: ownerUrl(deps.env.baseUrl, id),
          }),
        );
        mailed.push({ name: 'you', email: owner.email });
      }
    }
    if (mailed.length === 0) return 0;
    const to = mailed.map((m) => m.email).join(', ');
    const names = mailed.map((m) => m.name);
    await recordEvent(tx, {
      proposalId: id,
      ownerId: row.ownerId,
      type: first.kind === 'reminder' ? 'reminder_sent' : 'expiry_warning_sent',
      actor: 'system',
      revisionNumber: revision.number,
      data:
        first.kind === 'reminder'
          ? { automatic: true, step: first.step, of: settings.maxReminders, to, names }
          : {
              audience: first.recipient === 'owner' ? 'owner' : 'client',
              daysLeft: first.daysLeft,
              validUntil: row.validUntil,
              to,
              names: first.recipient === 'owner' ? [] : names,
            },
    });
    return mailed.length;
  });
}

async function signerMail(
  tx: TDb,
  deps: Pick<TAppDeps, 'env'>,
  args: { row: TLocked; snapshot: TRevisionSnapshot; signer: TSignerRow; mail: TDueMail; state: TFollowUpState },
) {
  const { row, snapshot, signer, mail } = args;
  const sender = snapshot.sender;
  const [profile] = await tx
    .select({ signature: businessProfiles.emailSignature })
    .from(businessProfiles)
    .where(eq(businessProfiles.ownerId, row.ownerId));
  const token = await signerLink(tx, deps, signer);
  // In the language of the revision the signer was sent.
  const i18n = serverI18n(snapshot.language);
  return followUpMail(i18n, {
    kind: mail.kind,
    to: signer.email,
    name: signer.name,
    senderName: sender.name,
    senderCompany: sender.company,
    senderEmail: sender.email,
    title: snapshot.title,
    signature: profile?.signature ?? '',
    validUntil: row.validUntil
      ? formatCalendarDate(row.validUntil, mailLocale(i18n, documentLocale(sender.locale)))
      : null,
    daysLeft: mail.daysLeft,
    opened: args.state.openedIds.has(signer.id),
    url: shareUrl(deps.env.baseUrl, token),
    stopUrl: absoluteUrl(deps.env.baseUrl, stopFollowUpsPath(followUpStopToken(deps.env.authSecret, signer.id))),
  });
}

/** The sweep every few minutes on every instance; the lock and the unique key make overlaps harmless. */
export function startFollowUpSweeps(deps: TFollowUpDeps & { database: TDatabase }): () => void {
  return startPeriodicSweep({
    sweep: () => sweepFollowUps(deps),
    everyMs: SWEEP_EVERY_MS,
    firstAfterMs: 5000 + Math.random() * 5000,
    logger: deps.logger,
    countKey: 'mails',
    done: 'follow-up mail queued',
    failed: 'follow-up sweep failed',
  });
}
