import {
  CONSENT_TEXT,
  PricingError,
  documentFileIds,
  documentTotals,
  type TAcceptanceCertificate,
  type TComment,
  type TRevision,
  type TRevisionSnapshot,
  type TShareGoneDetails,
  type TSharedProposal,
} from '@draftwell/shared';
import type { TAcceptProposal, TClientComment } from '@draftwell/shared/share/share-schemas';
import type { TDocument, TPricingSelection } from '@draftwell/shared/document';
import type { TProposalClient } from '@draftwell/shared/workspace/proposals';
import { COMMENT_EXCERPT_MAX } from '@draftwell/shared/share/share-schemas';
import { cutText } from '@draftwell/shared/text';
import { and, asc, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import { issueRevisionPdf } from '../../activity/documents';
import { publishNotifications, recordEvent, toNotification } from '../../activity/events';
import { expireIfDue, isDue } from '../../activity/expiry';
import {
  findCertificate,
  latestRevision,
  listComments,
  listRevisions,
  revisionByNumber,
  toRevision,
  toRevisionSummary,
} from '../../activity/records';
import {
  acceptances,
  files,
  proposalComments,
  proposalEvents,
  proposalRevisions,
  proposals,
  users,
} from '../../db/schema';
import type { TDb } from '../../db/client';
import type { TAppDeps } from '../../http/context';
import { AppError } from '../../lib/app-error';
import { brandedSnapshot, planOf } from '../../billing/plan';
import { sha256Hex } from '../../lib/sha256';
import { hitRateLimit, type TRateRule } from '../../lib/rate-limit';
import { hashShareToken, isShareTokenShape } from '../../lib/share-token';
import { enqueueDigestMail, enqueueMail } from '../../mail/outbox';
import { acceptedReceiptMail, commentDigestMail, ownerActivityMail } from '../../mail/templates';

/**
 * The client's side, reached only through a share token: it grants reading, commenting,
 * accepting and declining one proposal, nothing else (QUALITY A3).
 */
type TRow = typeof proposals.$inferSelect;

export type TShareRequest = {
  deps: TAppDeps;
  token: string;
  ip: string;
  userAgent: string;
};

export const SHARE_RATE = {
  /** Every request of one address to share links. */
  all: { max: 600, windowSeconds: 60 },
  /** Links that do not exist: guessing stops here (A3). */
  misses: { max: 20, windowSeconds: 600 },
  comments: { max: 20, windowSeconds: 600 },
  /** Comments on one proposal from all addresses together: rotating addresses do not flood it. */
  proposalComments: { max: 50, windowSeconds: 3600 },
  /** Page opens and time-on-page beacons (one each 15 s while open) of one address. */
  views: { max: 300, windowSeconds: 600 },
  /** The same for one proposal from all addresses together: a few readers for hours fit. */
  proposalViews: { max: 1200, windowSeconds: 3600 },
  answers: { max: 30, windowSeconds: 600 },
};

/**
 * The first client comment on a proposal in each such window mails the owner at once; the rest
 * of that window go in one digest at its end: a flood of comments is two mails, not hundreds.
 */
export const COMMENT_MAIL_WINDOW_SECONDS = 10 * 60;

/** RATE_LIMIT=off (automated browser tests on one address) turns these off like every other limit. */
const limit = (deps: TAppDeps, key: string, rule: TRateRule) =>
  deps.env.rateLimit ? hitRateLimit(deps.database.db, key, rule) : Promise.resolve();

const missing = () =>
  new AppError('not_found', 'This proposal link does not exist. Check that you copied the whole link.');

function gone(row: TRow, senderName: string): AppError {
  const withdrawn = row.status === 'draft';
  const details: TShareGoneDetails = {
    reason: withdrawn ? 'withdrawn' : 'expired',
    senderName,
    at: (withdrawn ? row.withdrawnAt : row.expiredAt)?.toISOString() ?? null,
  };
  return new AppError(
    'gone',
    withdrawn
      ? `${senderName} withdrew this proposal. Ask them for a new link if you still need it.`
      : `This proposal expired${row.validUntil ? ` after ${row.validUntil}` : ''}. Ask ${senderName} to extend it if you still want to accept it.`,
    { details },
  );
}

async function senderName(deps: TAppDeps, row: TRow): Promise<string> {
  const revision = await latestRevision(deps.database.db, row.id);
  if (revision) return (revision.snapshot as TRevisionSnapshot).sender.name;
  const [user] = await deps.database.db.select({ name: users.name }).from(users).where(eq(users.id, row.ownerId));
  return user?.name ?? 'The sender';
}

/**
 * The proposal a token opens, after the rate limits; a withdrawn or expired one is a 410 (A4),
 * except that an accepted proposal stays readable for good.
 */
export async function resolveShare(req: TShareRequest, opts: { allowGone?: boolean } = {}): Promise<TRow> {
  const { deps, token, ip } = req;
  const db = deps.database.db;
  await limit(deps, `share:${ip}`, SHARE_RATE.all);
  const [row] = isShareTokenShape(token)
    ? await db
        .select()
        .from(proposals)
        // A deleted proposal's link stops working at once, as when the row is purged.
        .where(and(eq(proposals.shareTokenHash, hashShareToken(token)), isNull(proposals.deletedAt)))
    : [];
  if (!row) {
    await limit(deps, `share-miss:${ip}`, SHARE_RATE.misses);
    throw missing();
  }
  if (isDue(row)) {
    await expireIfDue({ db, realtime: deps.realtime, logger: deps.logger }, row.id);
    const [fresh] = await db.select().from(proposals).where(eq(proposals.id, row.id));
    if (!fresh) throw missing();
    return checkOpen(req, fresh, opts);
  }
  return checkOpen(req, row, opts);
}

async function checkOpen(req: TShareRequest, row: TRow, opts: { allowGone?: boolean }): Promise<TRow> {
  if ((row.status === 'draft' || row.status === 'expired') && !opts.allowGone) {
    throw gone(row, await senderName(req.deps, row));
  }
  if (row.status === 'draft' && !row.withdrawnAt) throw missing();
  return row;
}

async function requireRevision(req: TShareRequest, row: TRow) {
  const revision = await latestRevision(req.deps.database.db, row.id);
  if (!revision) throw missing();
  return revision;
}

export const shareFileUrl = (token: string, fileId: string) => `/api/share/${token}/files/${fileId}`;

export async function getSharedProposal(req: TShareRequest): Promise<TSharedProposal> {
  const row = await resolveShare(req);
  const db = req.deps.database.db;
  // The revision and the owner's plan (for its branding) are read side by side.
  const [revision, planId] = await Promise.all([
    requireRevision(req, row),
    planOf(db, req.deps.env.defaultPlan, row.ownerId),
  ]);
  const { snapshot, madeWithFooter } = brandedSnapshot(revision.snapshot as TRevisionSnapshot, planId);
  const [revisions, comments, acceptance, declined] = await Promise.all([
    listRevisions(db, row.id),
    listComments(db, row.id),
    findCertificate(db, row.id),
    row.status === 'declined'
      ? db
          .select({ data: proposalEvents.data, at: proposalEvents.createdAt })
          .from(proposalEvents)
          .where(and(eq(proposalEvents.proposalId, row.id), eq(proposalEvents.type, 'declined')))
          .orderBy(sql`${proposalEvents.seq} desc`)
          .limit(1)
      : Promise.resolve([]),
  ]);
  const decline = declined[0];
  return {
    status: row.status as TSharedProposal['status'],
    validUntil: row.validUntil,
    revision: toRevisionSummary(revision),
    snapshot,
    revisions,
    logoUrl: snapshot.sender.logoFileId ? shareFileUrl(req.token, snapshot.sender.logoFileId) : null,
    showMadeWithFooter: madeWithFooter,
    consentText: CONSENT_TEXT,
    acceptance,
    decline: decline
      ? { at: decline.at.toISOString(), reason: String((decline.data as { reason?: unknown }).reason ?? '') }
      : null,
    comments,
  };
}

export async function getSharedRevision(req: TShareRequest, number: number): Promise<TRevision> {
  const row = await resolveShare(req);
  const revision = await revisionByNumber(req.deps.database.db, row.id, number);
  if (!revision) throw new AppError('not_found', 'That revision does not exist.');
  return toRevision(revision);
}

/** A file the sent proposal shows (its logo or an image of any revision), and no other. */
export async function readSharedFile(req: TShareRequest, fileId: string) {
  const row = await resolveShare(req);
  const db = req.deps.database.db;
  const revisions = await db
    .select({ snapshot: proposalRevisions.snapshot })
    .from(proposalRevisions)
    .where(eq(proposalRevisions.proposalId, row.id));
  const allowed = new Set<string>();
  for (const revision of revisions) {
    const snapshot = revision.snapshot as TRevisionSnapshot;
    if (snapshot.sender.logoFileId) allowed.add(snapshot.sender.logoFileId);
    for (const id of documentFileIds(snapshot.document)) allowed.add(id);
  }
  const id = fileId.toLowerCase();
  if (!allowed.has(id)) throw new AppError('not_found', 'We could not find that file.');
  const [file] = await db
    .select()
    .from(files)
    .where(and(eq(files.id, id), eq(files.ownerId, row.ownerId)));
  const bytes = file ? await req.deps.storage.get(file.storageKey) : null;
  if (!file || !bytes) throw new AppError('not_found', 'We could not find that file.');
  return { file, bytes };
}

/**
 * A visit of the page: an `opened` event whose time on page the page reports as it goes. The
 * owner's own visits (signed in as the owner) are not counted.
 */
export async function startView(
  req: TShareRequest & { viewerUserId: string | null },
): Promise<{ viewId: string | null }> {
  const row = await resolveShare(req);
  if (req.viewerUserId === row.ownerId) return { viewId: null };
  await limitViews(req, row);
  const db = req.deps.database.db;
  const revision = await requireRevision(req, row);
  const { event, firstView } = await db.transaction(async (tx) => {
    const opened = await recordEvent(tx, {
      proposalId: row.id,
      ownerId: row.ownerId,
      type: 'opened',
      actor: 'client',
      revisionNumber: revision.number,
      data: { seconds: 0 },
      ipAddress: req.ip,
      userAgent: req.userAgent,
    });
    const viewed = await tx
      .update(proposals)
      .set({ status: 'viewed', viewedAt: sql`coalesce(${proposals.viewedAt}, now())` })
      .where(and(eq(proposals.id, row.id), eq(proposals.status, 'sent')))
      .returning({ id: proposals.id });
    const client = row.client as TProposalClient;
    // One email per revision on the first visit; later visits are in the timeline and the toast.
    const [owner] = await tx.select({ email: users.email }).from(users).where(eq(users.id, row.ownerId));
    if (owner && viewed.length > 0) {
      await enqueueMail(
        tx,
        `opened:${revision.id}`,
        ownerActivityMail({
          to: owner.email,
          title: row.title,
          text: `${client.name || 'Your client'} opened “${row.title}”.`,
          detail: `${row.number}, revision ${revision.number}.`,
          url: ownerUrl(req.deps, row.id),
        }),
      );
    }
    return { event: opened, firstView: viewed.length > 0 };
  });
  if (firstView) req.deps.outbox.kick();
  await notifyOwner(req.deps, row, [event]);
  return { viewId: String(event.seq) };
}

/** Visits and their beacons: per address, and per proposal from all addresses together. */
async function limitViews(req: TShareRequest, row: TRow): Promise<void> {
  await limit(req.deps, `share-view:${req.ip}`, SHARE_RATE.views);
  await limit(req.deps, `share-view-proposal:${row.id}`, SHARE_RATE.proposalViews);
}

/** The page's beacon: seconds on page so far; only ever grows, only for this proposal's own view. */
export async function recordViewTime(req: TShareRequest & { viewId: string; seconds: number }): Promise<void> {
  const row = await resolveShare(req, { allowGone: true });
  if (!/^\d{1,18}$/.test(req.viewId)) throw new AppError('not_found', 'That visit does not exist.');
  await limitViews(req, row);
  await req.deps.database.db.execute(sql`
    update proposal_events
    set data = jsonb_set(data, '{seconds}', to_jsonb(greatest(coalesce((data->>'seconds')::int, 0), ${req.seconds}::int)))
    where seq = ${req.viewId}::bigint and proposal_id = ${row.id} and type = 'opened'`);
}

const ownerUrl = (deps: TAppDeps, proposalId: string) =>
  `${deps.env.baseUrl.replace(/\/$/, '')}/proposals/${proposalId}`;

async function notifyOwner(deps: TAppDeps, row: TRow, events: (typeof proposalEvents.$inferSelect)[]) {
  const client = row.client as TProposalClient;
  await publishNotifications(
    deps.realtime,
    deps.logger,
    row.ownerId,
    events.map((e) => toNotification(e, { number: row.number, title: row.title, clientName: client.name })),
  );
}

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
    const shareLink = `${deps.env.baseUrl.replace(/\/$/, '')}/p/${req.token}`;
    // Both mails carry the accepted PDF with its certificate, made when they are sent (R9).
    const pdf = { kind: 'revision_pdf', proposalId: row.id, revisionId: revision.id } as const;
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
        pdf,
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
      pdf,
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

/** The newest revision (or revision `number`) as a PDF, with the certificate once accepted. */
export async function sharePdf(req: TShareRequest & { number?: number }) {
  const row = await resolveShare(req);
  const db = req.deps.database.db;
  const revision = req.number ? await revisionByNumber(db, row.id, req.number) : await requireRevision(req, row);
  if (!revision) throw new AppError('not_found', 'That revision does not exist.');
  return issueRevisionPdf({
    deps: req.deps,
    proposal: row,
    revision,
    by: 'client',
    ipAddress: req.ip,
    userAgent: req.userAgent,
  });
}

export async function getShareCertificate(req: TShareRequest): Promise<TAcceptanceCertificate> {
  const row = await resolveShare(req);
  const certificate = await findCertificate(req.deps.database.db, row.id);
  if (!certificate) throw new AppError('not_found', 'This proposal has not been accepted.');
  return certificate;
}
