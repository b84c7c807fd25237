import {
  CONSENT_TEXT,
  PricingError,
  documentTotals,
  type TAcceptanceCertificate,
  type TComment,
  type TRevisionSnapshot,
} from '@draftwell/shared';
import type { TDocument, TPricingSelection } from '@draftwell/shared/document';
import { COMMENT_EXCERPT_MAX, type TAcceptProposal, type TClientComment } from '@draftwell/shared/share/share-schemas';
import type { TProposalClient } from '@draftwell/shared/workspace/proposals';
import { cutText } from '@draftwell/shared/text';
import { and, asc, eq, gte, inArray, sql } from 'drizzle-orm';
import { recordEvent } from '../../activity/events';
import { findCertificate, latestRevision } from '../../activity/records';
import type { TDb } from '../../db/client';
import { acceptances, proposalComments, proposals, users } from '../../db/schema';
import type { TAppDeps } from '../../http/context';
import { AppError } from '../../lib/app-error';
import { sha256Hex } from '../../lib/sha256';
import { enqueueDigestMail, enqueueMail } from '../../mail/outbox';
import { scheduleSeal } from '../../seal/seal-jobs';
import { acceptedReceiptMail, commentDigestMail, ownerActivityMail } from '../../mail/templates';
import {
  SHARE_RATE,
  limit,
  missing,
  notifyOwner,
  ownerUrl,
  resolveShare,
  type TRow,
  type TShareRequest,
} from './share-access';

/* The client's answers: comments, and accepting or declining the proposal. */

/**
 * The first client comment on a proposal in each such window mails the owner at once; the rest
 * of that window go in one digest at its end: a flood of comments is two mails, not hundreds.
 */
export const COMMENT_MAIL_WINDOW_SECONDS = 10 * 60;

async function ownerEmail(deps: TAppDeps, ownerId: string): Promise<string | null> {
  const [owner] = await deps.database.db.select({ email: users.email }).from(users).where(eq(users.id, ownerId));
  return owner?.email ?? null;
}

export async function addClientComment(req: TShareRequest & { input: TClientComment }): Promise<TComment> {
  const row = await resolveShare(req);
  const { deps, input } = req;
  await limit(deps, `share-comment:${req.ip}`, SHARE_RATE.comments);
  await limit(deps, `share-comment-proposal:${row.id}`, SHARE_RATE.proposalComments);
  const to = await ownerEmail(deps, row.ownerId);
  const { comment, event } = await deps.database.db.transaction(async (tx) => {
    // One comment of a proposal at a time, so each knows whether it is the first of its window.
    await tx.select({ id: proposals.id }).from(proposals).where(eq(proposals.id, row.id)).for('update');
    const [inserted] = await tx
      .insert(proposalComments)
      .values({
        proposalId: row.id,
        ownerId: row.ownerId,
        author: 'client',
        authorName: input.name,
        body: input.body,
        ipAddress: req.ip,
      })
      .returning();
    if (!inserted) throw new Error('comment insert returned no row');
    const recorded = await recordEvent(tx, {
      proposalId: row.id,
      ownerId: row.ownerId,
      type: 'commented',
      actor: 'client',
      data: {
        commentId: inserted.id,
        author: 'client',
        authorName: input.name,
        excerpt: cutText(input.body, COMMENT_EXCERPT_MAX),
      },
      ipAddress: req.ip,
      userAgent: req.userAgent,
    });
    if (to) await mailOwnerAboutComment(tx, deps, row, to, inserted);
    return { comment: inserted, event: recorded };
  });
  deps.outbox.kick();
  await notifyOwner(deps, row, [event]);
  return {
    id: comment.id,
    author: 'client',
    authorName: comment.authorName,
    body: comment.body,
    createdAt: comment.createdAt.toISOString(),
  };
}

async function mailOwnerAboutComment(
  tx: TDb,
  deps: TAppDeps,
  row: TRow,
  to: string,
  comment: typeof proposalComments.$inferSelect,
): Promise<void> {
  const windowMs = COMMENT_MAIL_WINDOW_SECONDS * 1000;
  const window = Math.floor(comment.createdAt.getTime() / windowMs);
  const url = ownerUrl(deps, row.id);
  const first = await enqueueMail(
    tx,
    `comment:${row.id}:${window}`,
    ownerActivityMail({
      to,
      title: row.title,
      text: `${comment.authorName} commented on “${row.title}”.`,
      detail: comment.body,
      url,
    }),
  );
  if (first) return;
  const comments = await tx
    .select({ authorName: proposalComments.authorName, body: proposalComments.body })
    .from(proposalComments)
    .where(
      and(
        eq(proposalComments.proposalId, row.id),
        eq(proposalComments.author, 'client'),
        gte(proposalComments.createdAt, new Date(window * windowMs)),
      ),
    )
    .orderBy(asc(proposalComments.createdAt), asc(proposalComments.id));
  // Due a little after the window ends, so a comment committed at its very end is still in it.
  const sendAt = new Date((window + 1) * windowMs + 30_000);
  await enqueueDigestMail(
    tx,
    `comment-digest:${row.id}:${window}`,
    commentDigestMail({ to, title: row.title, comments, minutes: COMMENT_MAIL_WINDOW_SECONDS / 60, url }),
    sendAt,
  );
}

function notOpenForAnswer(row: TRow): AppError {
  if (row.status === 'accepted') return new AppError('conflict', 'This proposal has already been accepted.');
  if (row.status === 'declined')
    return new AppError('conflict', 'This proposal was declined. Ask the sender for a new version.');
  return new AppError('conflict', 'This proposal cannot be answered now.');
}

/**
 * Accept, exactly once (R7): the proposal row is locked, the acceptance has a unique index per
 * proposal, and the status changes only from sent or viewed. The hash must be the newest
 * revision's, so nobody accepts a version they did not read (A19).
 */
export async function acceptProposal(
  req: TShareRequest & { input: TAcceptProposal & { selection: TPricingSelection } },
): Promise<TAcceptanceCertificate> {
  const { deps, input } = req;
  await limit(deps, `share-answer:${req.ip}`, SHARE_RATE.answers);
  const row = await resolveShare(req);
  const to = await ownerEmail(deps, row.ownerId);
  const event = await deps.database.db.transaction(async (tx) => {
    const [locked] = await tx.select().from(proposals).where(eq(proposals.id, row.id)).for('update');
    if (!locked) throw missing();
    if (locked.status !== 'sent' && locked.status !== 'viewed') throw notOpenForAnswer(locked);
    const revision = await latestRevision(tx, row.id);
    if (!revision) throw missing();
    if (revision.hash !== input.revisionHash) {
      throw new AppError(
        'conflict',
        'A newer version of this proposal was sent while you were reading. Read it, then accept.',
        {
          fields: { revisionHash: 'Not the newest version.' },
        },
      );
    }
    const snapshot = revision.snapshot as TRevisionSnapshot;
    let totals;
    try {
      totals = documentTotals(snapshot.document as TDocument, input.selection);
    } catch (err) {
      if (err instanceof PricingError)
        throw new AppError('invalid', err.message, { fields: { selection: err.message } });
      throw err;
    }
    const inserted = await tx
      .insert(acceptances)
      .values({
        proposalId: row.id,
        ownerId: row.ownerId,
        revisionId: revision.id,
        name: input.name,
        email: input.email,
        ipAddress: req.ip,
        userAgent: req.userAgent.slice(0, 1000),
        consentText: CONSENT_TEXT,
        consentHash: sha256Hex(CONSENT_TEXT),
        selection: input.selection,
        totals,
      })
      .onConflictDoNothing({ target: acceptances.proposalId })
      .returning({ id: acceptances.id });
    if (inserted.length === 0) throw new AppError('conflict', 'This proposal has already been accepted.');
    const updated = await tx
      .update(proposals)
      .set({
        status: 'accepted',
        acceptedAt: sql`now()`,
        version: sql`${proposals.version} + 1`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(proposals.id, row.id), inArray(proposals.status, ['sent', 'viewed'])))
      .returning({ id: proposals.id });
    if (updated.length === 0) throw new AppError('conflict', 'This proposal has already been accepted.');
    const recorded = await recordEvent(tx, {
      proposalId: row.id,
      ownerId: row.ownerId,
      type: 'accepted',
      actor: 'client',
      revisionNumber: revision.number,
      data: { name: input.name, email: input.email },
      ipAddress: req.ip,
      userAgent: req.userAgent,
    });
    // The acceptance completes the proposal: its sealed PDF is made by the seal job (decision 0014).
    await scheduleSeal(tx, { proposalId: row.id, ownerId: row.ownerId, revisionId: revision.id });
    const shareLink = `${deps.env.baseUrl.replace(/\/$/, '')}/p/${req.token}`;
    // Both mails carry the sealed PDF and a link to it; the outbox waits for the seal (R9).
    const pdf = (audience: 'owner' | 'client') => ({ kind: 'sealed_pdf', proposalId: row.id, audience }) as const;
    if (to) {
      await enqueueMail(
        tx,
        `accepted:${row.id}`,
        ownerActivityMail({
          to,
          title: row.title,
          text: `${input.name} accepted “${row.title}”.`,
          detail: `Accepted by ${input.name} <${input.email}> on revision ${revision.number}.`,
          url: ownerUrl(deps, row.id),
        }),
        pdf('owner'),
      );
    }
    await enqueueMail(
      tx,
      `accepted-receipt:${row.id}`,
      acceptedReceiptMail({
        to: input.email,
        name: input.name,
        title: row.title,
        senderName: snapshot.sender.name,
        url: shareLink,
      }),
      pdf('client'),
    );
    return recorded;
  });
  deps.outbox.kick();
  await notifyOwner(deps, row, [event]);
  const certificate = await findCertificate(deps.database.db, row.id);
  if (!certificate) throw new Error('acceptance not found after commit');
  return certificate;
}

export async function declineProposal(req: TShareRequest & { reason: string }): Promise<void> {
  const { deps } = req;
  await limit(deps, `share-answer:${req.ip}`, SHARE_RATE.answers);
  const row = await resolveShare(req);
  const to = await ownerEmail(deps, row.ownerId);
  const event = await deps.database.db.transaction(async (tx) => {
    const updated = await tx
      .update(proposals)
      .set({
        status: 'declined',
        declinedAt: sql`now()`,
        version: sql`${proposals.version} + 1`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(proposals.id, row.id), inArray(proposals.status, ['sent', 'viewed'])))
      .returning();
    if (updated.length === 0) {
      const [current] = await tx.select().from(proposals).where(eq(proposals.id, row.id));
      throw notOpenForAnswer(current ?? row);
    }
    const revision = await latestRevision(tx, row.id);
    const recorded = await recordEvent(tx, {
      proposalId: row.id,
      ownerId: row.ownerId,
      type: 'declined',
      actor: 'client',
      revisionNumber: revision?.number ?? null,
      data: { reason: req.reason },
      ipAddress: req.ip,
      userAgent: req.userAgent,
    });
    const client = row.client as TProposalClient;
    if (to) {
      await enqueueMail(
        tx,
        `declined:${recorded.seq}`,
        ownerActivityMail({
          to,
          title: row.title,
          text: `${client.name || 'Your client'} declined “${row.title}”.`,
          detail: req.reason ? `Their reason: ${req.reason}` : 'They gave no reason.',
          url: ownerUrl(deps, row.id),
        }),
      );
    }
    return recorded;
  });
  deps.outbox.kick();
  await notifyOwner(deps, row, [event]);
}
