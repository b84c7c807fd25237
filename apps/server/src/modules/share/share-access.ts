import type { TShareGoneDetails } from '@draftwell/shared';
import type { TProposalClient } from '@draftwell/shared/workspace/proposals';
import { publishNotifications, toNotification } from '../events/events';
import { expireIfDue, isDue } from '../proposals/expiry';
import { latestRevision } from '../revisions/records';
import type { proposalEvents } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { checkHit, hitRateLimit, type TRateRule } from '../../lib/rate-limit';
import { hashShareToken, isShareTokenShape } from '../../lib/share-token';
import {
  readShareById,
  readShareByToken,
  type TShareRead,
  type TSharePage,
  type TShareRow,
  type TShareSigner,
} from './share-read';
import type { TAppDeps } from '../../deps';

/**
 * What every job of the client's side starts from: the request a share link makes, its rate
 * limits, the proposal the token opens (or why it no longer does), and telling the owner.
 */

/** A proposal row, as the token opened it (all but its document and totals, share-read.ts). */
export type TRow = TShareRow;
/** The signer whose link the token is. */
export type TSignerRow = TShareSigner;

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

/** What opening a link gives its job: the proposal, the signer whose link it is, and the page when asked for. */
type TOpened = { row: TRow; signer: TSignerRow; page: TSharePage | null };

/**
 * Opens a link in one statement (share-read.ts): the address's limits counted, the signer and
 * their proposal, and with `page` everything the client's page shows. The limits decide first, as
 * when they were counted before the read: a 429 for an address over its limit; then a token that
 * opens nothing is a 404, or a 429 once its address has guessed too often (A3).
 */
async function openShare(req: TShareRequest, opts: { allowGone?: boolean; page: boolean }): Promise<TOpened> {
  const { deps, token, ip } = req;
  const db = deps.database.db;
  const read = await readShareByToken(db, {
    hash: isShareTokenShape(token) ? hashShareToken(token) : null,
    page: opts.page,
    limits: deps.env.rateLimit
      ? { all: SHARE_RATE.all, misses: SHARE_RATE.misses, allKey: `share:${ip}`, missKey: `share-miss:${ip}` }
      : null,
  });
  if (read.hit) checkHit(read.hit, SHARE_RATE.all);
  if (!read.proposal || !read.signer) {
    if (read.miss) checkHit(read.miss, SHARE_RATE.misses);
    throw missing();
  }
  const signer = read.signer;
  if (isDue(read.proposal)) {
    await expireIfDue({ db, realtime: deps.realtime, logger: deps.logger }, read.proposal.id);
    const fresh = await readShareById(db, { id: read.proposal.id, signerId: signer.id, page: opts.page });
    if (!fresh.proposal) throw missing();
    // The signer stays as the token found them.
    return { ...checkOpen(fresh, opts), signer };
  }
  return { ...checkOpen(read, opts), signer };
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
  const { row, signer } = await openShare(req, { ...opts, page: false });
  return { row, signer };
}

/** The same with everything the client's page shows, read in the same statement (P3). */
export async function readSharePage(req: TShareRequest): Promise<{ row: TRow; signer: TSignerRow; page: TSharePage }> {
  const { row, signer, page } = await openShare(req, { page: true });
  return { row, signer, page: page! };
}

function checkOpen(read: TShareRead, opts: { allowGone?: boolean }): { row: TRow; page: TSharePage | null } {
  const row = read.proposal!;
  if ((row.status === 'draft' || row.status === 'expired') && !opts.allowGone) {
    throw gone(row, read.senderName);
  }
  if (row.status === 'draft' && !row.withdrawnAt) throw missing();
  return { row, page: read.page };
}

export async function requireRevision(req: TShareRequest, row: TRow) {
  const revision = await latestRevision(req.deps.database.db, row.id);
  if (!revision) throw missing();
  return revision;
}

export async function notifyOwner(deps: TAppDeps, row: TRow, events: (typeof proposalEvents.$inferSelect)[]) {
  const client = row.client as TProposalClient;
  await publishNotifications(
    deps.realtime,
    deps.logger,
    row.ownerId,
    events.map((e) => toNotification(e, { number: row.number, title: row.title, clientName: client.name })),
  );
}
