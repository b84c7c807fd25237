import { type TAcceptanceCertificate, type TComment, type TSignaturePending } from '@draftwell/shared';
import type { TPricingSelection } from '@draftwell/shared/document';
import { COMMENT_EXCERPT_MAX, type TAcceptProposal, type TClientComment } from '@draftwell/shared/share/share-schemas';
import type { TProposalClient } from '@draftwell/shared/workspace/proposals';
import { cutText } from '@draftwell/shared/text';
import { and, asc, eq, gte, inArray, sql } from 'drizzle-orm';
import { recordEvent } from '../events/events';
import { findCertificate, latestRevision, toEvidence } from '../revisions/records';
import { recordSignature } from '../signing/signing';
import { signerName, signingSettings } from '../signers/signers';
import type { TDb } from '../../db/client';
import { proposalComments, proposals } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { enqueueDigestMail, enqueueMail } from '../../mail/outbox';
import { ownerRecipient } from '../../mail/owner-i18n';
import { commentDigestMail, ownerActivityMail } from '../../mail/templates';
import type { I18n } from '@draftwell/shared/i18n/i18n';
import {
  SHARE_RATE,
  limit,
  maskEmail,
  notifyOwner,
  resolveShare,
  resolveSigner,
  type TRow,
  type TShareRequest,
} from './share-access';
import { checkEmailCode } from './email-code';
import { checkSignatureMethod } from '@draftwell/shared/share/signature-rules';
import type { TAppDeps } from '../../deps';
import { ownerUrl } from '../../lib/links';

/* The client's answers: comments, and accepting or declining the proposal. */

/**
 * The first client comment on a proposal in each such window mails the owner at once; the rest
 * of that window go in one digest at its end: a flood of comments is two mails, not hundreds.
 */
export const COMMENT_MAIL_WINDOW_SECONDS = 10 * 60;

export async function addClientComment(req: TShareRequest & { input: TClientComment }): Promise<TComment> {
  const row = await resolveShare(req);
  const { deps, input } = req;
  await limit(deps, `share-comment:${req.ip}`, SHARE_RATE.comments);
  await limit(deps, `share-comment-proposal:${row.id}`, SHARE_RATE.proposalComments);
  const to = await ownerRecipient(deps.database.db, row.ownerId);
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
  owner: { email: string; i18n: I18n },
  comment: typeof proposalComments.$inferSelect,
): Promise<void> {
  const windowMs = COMMENT_MAIL_WINDOW_SECONDS * 1000;
  const window = Math.floor(comment.createdAt.getTime() / windowMs);
  const url = ownerUrl(deps.env.baseUrl, row.id);
  const { email: to, i18n } = owner;
  const first = await enqueueMail(
    tx,
    `comment:${row.id}:${window}`,
    ownerActivityMail(i18n, {
      to,
      title: row.title,
      text: i18n._('{name} commented on “{title}”.', { name: comment.authorName, title: row.title }),
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
    commentDigestMail(i18n, { to, title: row.title, comments, minutes: COMMENT_MAIL_WINDOW_SECONDS / 60, url }),
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
 * The link's signer signs (R7, A19: see `recordSignature`). The typed address must be the one the
 * link was sent to. When the proposal asks for an email code, it must be the code last sent to
 * that address, within its 10 minutes. The last required signature accepts the proposal: 201
 * with the certificate; before that, 202 with who is still to sign.
 */
export async function acceptProposal(
  req: TShareRequest & { input: TAcceptProposal & { selection: TPricingSelection } },
): Promise<{ complete: true; certificate: TAcceptanceCertificate } | TSignaturePending> {
  const { deps, input } = req;
  await limit(deps, `share-answer:${req.ip}`, SHARE_RATE.answers);
  const { row, signer } = await resolveSigner(req);
  if (input.email.trim().toLowerCase() !== signer.email.toLowerCase()) {
    const message = `This link was sent to ${maskEmail(signer.email)}: sign with that address, or ask the sender to correct it.`;
    throw new AppError('invalid', message, { fields: { email: message } });
  }
  const settings = signingSettings(row.signing);
  // Without a mark, the name typed is the signature, where the proposal allows typing.
  const mark = input.mark ?? { kind: 'typed' as const, text: input.name };
  const refused = checkSignatureMethod(mark.kind, settings.methods);
  if (refused) throw new AppError('invalid', refused, { fields: { mark: refused } });
  if (settings.emailCode) await checkEmailCode(deps, signer, input.code);
  const outcome = await deps.database.db.transaction((tx) =>
    recordSignature(tx, deps, {
      proposalId: row.id,
      signerId: signer.id,
      revisionHash: input.revisionHash,
      input: {
        name: input.name,
        selection: input.selection,
        ipAddress: req.ip,
        userAgent: req.userAgent,
        emailProof: settings.emailCode ? 'code' : 'link',
        mark,
        // The language their page showed; left out, the proposal's.
        ...(input.language ? { language: input.language } : {}),
      },
    }),
  );
  deps.outbox.kick();
  await notifyOwner(deps, row, outcome.events);
  if (!outcome.complete)
    return { complete: false, signature: toEvidence(outcome.signature), awaiting: outcome.awaiting };
  const certificate = await findCertificate(deps.database.db, row.id);
  if (!certificate) throw new Error('acceptance not found after commit');
  return { complete: true, certificate };
}

export async function declineProposal(req: TShareRequest & { reason: string }): Promise<void> {
  const { deps } = req;
  await limit(deps, `share-answer:${req.ip}`, SHARE_RATE.answers);
  // Any one signer's decline ends the round for everyone.
  const { row, signer } = await resolveSigner(req);
  const owner = await ownerRecipient(deps.database.db, row.ownerId);
  const event = await deps.database.db.transaction(async (tx) => {
    const updated = await tx
      .update(proposals)
      .set({
        status: 'declined',
        declinedAt: sql`now()`,
        awaiting: [],
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
      data: { reason: req.reason, name: signerName(signer), email: signer.email },
      ipAddress: req.ip,
      userAgent: req.userAgent,
    });
    const client = row.client as TProposalClient;
    if (owner) {
      const { i18n } = owner;
      const name = signerName(signer) || client.name;
      await enqueueMail(
        tx,
        `declined:${recorded.seq}`,
        ownerActivityMail(i18n, {
          to: owner.email,
          title: row.title,
          text: name
            ? i18n._('{name} declined “{title}”.', { name, title: row.title })
            : i18n._('Your client declined “{title}”.', { title: row.title }),
          detail: req.reason
            ? i18n._('Their reason: {reason}', { reason: req.reason })
            : i18n._('They gave no reason.'),
          url: ownerUrl(deps.env.baseUrl, row.id),
        }),
      );
    }
    return recorded;
  });
  deps.outbox.kick();
  await notifyOwner(deps, row, [event]);
}
