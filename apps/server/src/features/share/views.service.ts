import type { TProposalClient } from '@draftwell/shared/workspace/proposals';
import { and, eq, sql } from 'drizzle-orm';
import { recordEvent } from '../../activity/events';
import { proposals, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { enqueueMail } from '../../mail/outbox';
import { ownerActivityMail } from '../../mail/templates';
import {
  SHARE_RATE,
  limit,
  notifyOwner,
  ownerUrl,
  requireRevision,
  resolveShare,
  resolveSigner,
  type TRow,
  type TShareRequest,
} from './share-access';

/**
 * A visit of the page: an `opened` event whose time on page the page reports as it goes. The
 * owner's own visits (signed in as the owner) are not counted.
 */
export async function startView(
  req: TShareRequest & { viewerUserId: string | null },
): Promise<{ viewId: string | null }> {
  const { row, signer } = await resolveSigner(req);
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
      // Whose link it was: follow-up words a reminder for a signer who has not opened it yet.
      data: { seconds: 0, signerId: signer.id },
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
