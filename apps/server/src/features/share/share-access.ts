import type { TRevisionSnapshot, TShareGoneDetails } from '@draftwell/shared';
import type { TProposalClient } from '@draftwell/shared/workspace/proposals';
import { and, eq, isNull } from 'drizzle-orm';
import { publishNotifications, toNotification } from '../../activity/events';
import { expireIfDue, isDue } from '../../activity/expiry';
import { latestRevision } from '../../activity/records';
import { proposalEvents, proposalSigners, proposals, users } from '../../db/schema';
import type { TAppDeps } from '../../http/context';
import { AppError } from '../../lib/app-error';
import { hitRateLimit, type TRateRule } from '../../lib/rate-limit';
import { hashShareToken, isShareTokenShape } from '../../lib/share-token';

/**
 * What every job of the client's side starts from: the request a share link makes, its rate
 * limits, the proposal the token opens (or why it no longer does), and telling the owner.
 */

/** A proposal row, as the token opened it. */
export type TRow = typeof proposals.$inferSelect;
/** The signer whose link the token is. */
export type TSignerRow = typeof proposalSigners.$inferSelect;

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
  /** Email codes before signing, per address and per signer. */
  codes: { max: 5, windowSeconds: 600 },
};

/** RATE_LIMIT=off (automated browser tests on one address) turns these off like every other limit. */
export const limit = (deps: TAppDeps, key: string, rule: TRateRule) =>
  deps.env.rateLimit ? hitRateLimit(deps.database.db, key, rule) : Promise.resolve();

/** `d***@example.com`: enough for a signer to recognise their address, not enough to harvest it. */
export const maskEmail = (email: string) => {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}***@${domain}`;
};

export const missing = () =>
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
  return (await resolveSigner(req, opts)).row;
}

/** The proposal a token opens and the signer whose link it is (each signer has their own). */
export async function resolveSigner(
  req: TShareRequest,
  opts: { allowGone?: boolean } = {},
): Promise<{ row: TRow; signer: TSignerRow }> {
  const { deps, token, ip } = req;
  const db = deps.database.db;
  await limit(deps, `share:${ip}`, SHARE_RATE.all);
  const [found] = isShareTokenShape(token)
    ? await db
        .select({ row: proposals, signer: proposalSigners })
        .from(proposalSigners)
        .innerJoin(proposals, eq(proposals.id, proposalSigners.proposalId))
        // A deleted proposal's link stops working at once, as when the row is purged.
        .where(and(eq(proposalSigners.tokenHash, hashShareToken(token)), isNull(proposals.deletedAt)))
    : [];
  if (!found) {
    await limit(deps, `share-miss:${ip}`, SHARE_RATE.misses);
    throw missing();
  }
  const { row, signer } = found;
  if (isDue(row)) {
    await expireIfDue({ db, realtime: deps.realtime, logger: deps.logger }, row.id);
    const [fresh] = await db.select().from(proposals).where(eq(proposals.id, row.id));
    if (!fresh) throw missing();
    return { row: await checkOpen(req, fresh, opts), signer };
  }
  return { row: await checkOpen(req, row, opts), signer };
}

async function checkOpen(req: TShareRequest, row: TRow, opts: { allowGone?: boolean }): Promise<TRow> {
  if ((row.status === 'draft' || row.status === 'expired') && !opts.allowGone) {
    throw gone(row, await senderName(req.deps, row));
  }
  if (row.status === 'draft' && !row.withdrawnAt) throw missing();
  return row;
}

export async function requireRevision(req: TShareRequest, row: TRow) {
  const revision = await latestRevision(req.deps.database.db, row.id);
  if (!revision) throw missing();
  return revision;
}

export const ownerUrl = (deps: TAppDeps, proposalId: string) =>
  `${deps.env.baseUrl.replace(/\/$/, '')}/proposals/${proposalId}`;

export async function notifyOwner(deps: TAppDeps, row: TRow, events: (typeof proposalEvents.$inferSelect)[]) {
  const client = row.client as TProposalClient;
  await publishNotifications(
    deps.realtime,
    deps.logger,
    row.ownerId,
    events.map((e) => toNotification(e, { number: row.number, title: row.title, clientName: client.name })),
  );
}
