import type {
  TAcceptanceCertificate,
  TComment,
  TProposalEvent,
  TRevision,
  TRevisionSnapshot,
  TRevisionSummary,
  TSealStatus,
} from '@draftwell/shared';
import { PLANS } from '@draftwell/shared/plans';
import { COMMENT_EXCERPT_MAX } from '@draftwell/shared/share/share-schemas';
import { cutText } from '@draftwell/shared/text';
import { asc, eq } from 'drizzle-orm';
import { recordEvent, toEvent } from '../events/events';
import { signerName, signersOf } from '../signers/signers';
import { planOf } from '../billing/plan';
import { expireIfDue, isDue } from './expiry';
import { issueRevisionPdf } from '../documents/revision-pdf';
import {
  findCertificate,
  latestRevision,
  listComments,
  listRevisions,
  revisionByNumber,
  toRevision,
} from '../revisions/records';
import type { TDb } from '../../db/client';
import { businessProfiles, proposalComments, proposalEvents, proposalSigners, proposals } from '../../db/schema';
import type { TActor } from '../../http/require-user';
import { AppError } from '../../lib/app-error';
import { serverI18n } from '../../lib/i18n';
import { openShareToken } from '../../lib/share-token';
import { issueSealedPdf, requestSeal, sealStatus } from '../seal/sealed-documents';
import { enqueueMail } from '../../mail/outbox';
import { ownerReplyMail } from '../../mail/templates';
import { notFound, owned } from './proposals.service';
import type { TAppDeps } from '../../deps';
import { shareUrl } from '../../lib/links';

/** The owner's view of what happened to a proposal: timeline, revisions, comments, acceptance. */

type TArgs = { deps: TAppDeps; actor: TActor; id: string };

async function ownedRow(args: TArgs) {
  const { deps, actor, id } = args;
  const [row] = await deps.database.db.select().from(proposals).where(owned(actor, id));
  if (!row) throw notFound();
  if (isDue(row)) await expireIfDue({ db: deps.database.db, realtime: deps.realtime, logger: deps.logger }, row.id);
  return row;
}

/** The events whose details (time on page, address, device) are the paid plans' view analytics. */
const ANALYTICS_EVENTS = new Set(['opened', 'downloaded']);

/** What every plan sees of a visit: whose it was (issue 24), not how long it was. */
const visitor = (data: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(data).filter(([key]) => key === 'signerId' || key === 'name'));

/**
 * Names the signer of a visit recorded before visits carried a name (they carried the signer's
 * id): their name now, read once for the proposal when such a visit is listed.
 */
async function withVisitorNames(db: TDb, proposalId: string, events: TProposalEvent[]): Promise<TProposalEvent[]> {
  const unnamed = (e: TProposalEvent) => typeof e.data.signerId === 'string' && typeof e.data.name !== 'string';
  if (!events.some(unnamed)) return events;
  const signers = await db
    .select({ id: proposalSigners.id, name: proposalSigners.name, email: proposalSigners.email })
    .from(proposalSigners)
    .where(eq(proposalSigners.proposalId, proposalId));
  const names = new Map(signers.map((s) => [s.id, signerName(s)]));
  return events.map((e) => {
    const name = unnamed(e) ? names.get(e.data.signerId as string) : undefined;
    return name ? { ...e, data: { ...e.data, name } } : e;
  });
}

/**
 * Every event, oldest first; a long history is cut to its newest 500. A client's visit or
 * download names the signer whose link it was. Plans without detailed view analytics see that a
 * signer opened or downloaded it, and when, but not for how long, from where or on what.
 * Acceptances keep theirs: they are evidence, on every plan.
 */
export async function listEvents(args: TArgs): Promise<TProposalEvent[]> {
  const row = await ownedRow(args);
  const db = args.deps.database.db;
  const [rows, plan] = await Promise.all([
    db.select().from(proposalEvents).where(eq(proposalEvents.proposalId, row.id)).orderBy(asc(proposalEvents.seq)),
    planOf(db, args.deps.env.defaultPlan, args.actor.id),
  ]);
  const events = await withVisitorNames(db, row.id, rows.slice(-500).map(toEvent));
  if (PLANS[plan].features.viewAnalyticsAndReminders) return events;
  return events.map((e) =>
    ANALYTICS_EVENTS.has(e.type)
      ? { ...e, data: e.type === 'downloaded' ? e.data : visitor(e.data), ipAddress: null, userAgent: null }
      : e,
  );
}

export async function listOwnerRevisions(args: TArgs): Promise<TRevisionSummary[]> {
  const row = await ownedRow(args);
  return listRevisions(args.deps.database.db, row.id);
}

export function parseRevisionNumber(raw: string): number {
  const n = Number(raw);
  if (!/^\d{1,6}$/.test(raw) || n < 1) throw new AppError('not_found', 'That revision does not exist.');
  return n;
}

export async function getOwnerRevision(args: TArgs & { number: number }): Promise<TRevision> {
  const row = await ownedRow(args);
  const revision = await revisionByNumber(args.deps.database.db, row.id, args.number);
  if (!revision) throw new AppError('not_found', 'That revision does not exist.');
  return toRevision(revision);
}

export async function listOwnerComments(args: TArgs): Promise<TComment[]> {
  const row = await ownedRow(args);
  return listComments(args.deps.database.db, row.id);
}

/** The owner's reply, shown on the client's page and emailed to the client. */
export async function replyAsOwner(args: TArgs & { body: string }): Promise<TComment> {
  const { deps, actor, body } = args;
  const row = await ownedRow(args);
  if (row.status === 'draft') {
    throw new AppError('conflict', 'Send the proposal first: your client cannot see comments on a draft.');
  }
  const db = deps.database.db;
  const comment = await db.transaction(async (tx) => {
    const [profile] = await tx
      .select({ displayName: businessProfiles.displayName })
      .from(businessProfiles)
      .where(eq(businessProfiles.ownerId, actor.id));
    const authorName = profile?.displayName || actor.name;
    const [inserted] = await tx
      .insert(proposalComments)
      .values({ proposalId: row.id, ownerId: actor.id, author: 'owner', authorName, body })
      .returning();
    if (!inserted) throw new Error('comment insert returned no row');
    await recordEvent(tx, {
      proposalId: row.id,
      ownerId: actor.id,
      type: 'commented',
      actor: 'owner',
      data: { commentId: inserted.id, author: 'owner', authorName, excerpt: cutText(body, COMMENT_EXCERPT_MAX) },
    });
    // Every client signer reads the thread, each through their own link, in the language of the
    // revision they were sent.
    const sent = await latestRevision(tx, row.id);
    const i18n = serverI18n((sent?.snapshot as TRevisionSnapshot | undefined)?.language);
    for (const signer of await signersOf(tx, row.id)) {
      const token =
        signer.party === 'client' && signer.tokenSealed
          ? openShareToken(deps.env.authSecret, signer.tokenSealed)
          : null;
      if (!token) continue;
      await enqueueMail(
        tx,
        signer.position === 1 ? `comment:${inserted.id}` : `comment:${inserted.id}:${signer.id}`,
        ownerReplyMail(i18n, {
          to: signer.email,
          authorName,
          title: row.title,
          body,
          url: shareUrl(deps.env.baseUrl, token),
        }),
      );
    }
    return inserted;
  });
  deps.outbox.kick();
  return {
    id: comment.id,
    author: 'owner',
    authorName: comment.authorName,
    body: comment.body,
    createdAt: comment.createdAt.toISOString(),
  };
}

/** The newest sent revision (or revision `number`) as a PDF. */
export async function ownerPdf(args: TArgs & { number?: number }) {
  const row = await ownedRow(args);
  const db = args.deps.database.db;
  const revision = args.number ? await revisionByNumber(db, row.id, args.number) : await latestRevision(db, row.id);
  if (!revision) {
    throw new AppError(
      'not_found',
      args.number ? 'That revision does not exist.' : 'Send the proposal first: a PDF is made of a sent revision.',
    );
  }
  return issueRevisionPdf({ deps: args.deps, proposal: row, revision, by: 'owner' });
}

export async function getAcceptance(args: TArgs): Promise<TAcceptanceCertificate> {
  const row = await ownedRow(args);
  const certificate = await findCertificate(args.deps.database.db, row.id);
  if (!certificate) throw new AppError('not_found', 'This proposal has not been accepted.');
  return certificate;
}

/** Where the proposal's sealed PDF stands (decision 0014); `none` before acceptance. */
export async function getSealStatus(args: TArgs): Promise<TSealStatus> {
  const row = await ownedRow(args);
  return sealStatus(args.deps.database.db, row.id);
}

/** Asks for the sealed PDF: again after a failure, or for a proposal accepted before sealing existed. */
export async function askForSeal(args: TArgs): Promise<TSealStatus> {
  const row = await ownedRow(args);
  const status = await requestSeal(args.deps.database.db, row);
  args.deps.seals.kick();
  return status;
}

/** The sealed PDF as stored, the same bytes on every download. */
export async function ownerSealedPdf(args: TArgs) {
  const row = await ownedRow(args);
  return issueSealedPdf({ deps: args.deps, proposal: row, by: 'owner' });
}
