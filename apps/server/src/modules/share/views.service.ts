import { snapshotContext } from '@draftwell/shared/document/display';
import { documentSections, sectionTimesOf, type TSectionTime } from '@draftwell/shared/document/sections';
import type { TRevisionSnapshot } from '@draftwell/shared/share/revision';
import { and, eq, sql } from 'drizzle-orm';
import { recordEvent, signerData } from '../events/events';
import { signerName } from '../signers/signers';
import type { TDb } from '../../db/client';
import { proposalEvents, proposalRevisions, proposals } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { enqueueMail } from '../../mail/outbox';
import { ownerRecipient } from '../../mail/owner-i18n';
import { ownerActivityMail } from '../../mail/templates';
import {
  SHARE_RATE,
  limit,
  notifyOwner,
  requireRevision,
  resolveShare,
  resolveSigner,
  type TRow,
  type TShareRequest,
} from './share-access';
import { ownerUrl } from '../../lib/links';

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
  const visitor = signerName(signer);
  const { event, firstView } = await db.transaction(async (tx) => {
    const opened = await recordEvent(tx, {
      proposalId: row.id,
      ownerId: row.ownerId,
      type: 'opened',
      actor: 'client',
      revisionNumber: revision.number,
      // Whose link it was: the owner's page credits the visit to them, and follow-up words a
      // reminder for a signer who has not opened it yet.
      data: { seconds: 0, ...signerData({ id: signer.id, name: visitor }) },
      ipAddress: req.ip,
      userAgent: req.userAgent,
    });
    const viewed = await tx
      .update(proposals)
      .set({ status: 'viewed', viewedAt: sql`coalesce(${proposals.viewedAt}, now())` })
      .where(and(eq(proposals.id, row.id), eq(proposals.status, 'sent')))
      .returning({ id: proposals.id });
    // One email per revision on the first visit; later visits are in the timeline and the toast.
    const owner = await ownerRecipient(tx, row.ownerId);
    if (owner && viewed.length > 0) {
      const { i18n } = owner;
      await enqueueMail(
        tx,
        `opened:${revision.id}`,
        ownerActivityMail(i18n, {
          to: owner.email,
          title: row.title,
          text: i18n._('{name} opened “{title}”.', { name: visitor, title: row.title }),
          detail: i18n._('{number}, revision {revision}.', { number: row.number, revision: revision.number }),
          url: ownerUrl(req.deps.env.baseUrl, row.id),
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
export async function recordViewTime(
  req: TShareRequest & { viewId: string; seconds: number; sections?: number[] | undefined },
): Promise<void> {
  const row = await resolveShare(req, { allowGone: true });
  if (!/^\d{1,18}$/.test(req.viewId)) throw new AppError('not_found', 'That visit does not exist.');
  await limitViews(req, row);
  const db = req.deps.database.db;
  if (!req.sections?.some((s) => s > 0)) {
    await db.execute(sql`
      update proposal_events
      set data = jsonb_set(data, '{seconds}', to_jsonb(greatest(coalesce((data->>'seconds')::int, 0), ${req.seconds}::int)))
      where seq = ${req.viewId}::bigint and proposal_id = ${row.id} and type = 'opened'`);
    return;
  }
  const sections = req.sections;
  await db.transaction(async (tx) => {
    const [event] = await tx
      .select({ data: proposalEvents.data, revisionNumber: proposalEvents.revisionNumber })
      .from(proposalEvents)
      .where(
        and(
          sql`${proposalEvents.seq} = ${req.viewId}::bigint`,
          eq(proposalEvents.proposalId, row.id),
          eq(proposalEvents.type, 'opened'),
        ),
      )
      .for('update');
    if (!event || event.revisionNumber === null) return;
    const data = event.data as Record<string, unknown>;
    const seconds = Math.max(typeof data.seconds === 'number' ? data.seconds : 0, req.seconds);
    const titles = await sectionTitles(tx, row.id, event.revisionNumber);
    const before = new Map(sectionTimesOf(data).map((s) => [s.index, s.seconds]));
    const merged: TSectionTime[] = titles
      .map((title, index) => ({
        index,
        title,
        // Never more on one section than on the page; never less than already reported.
        seconds: Math.max(before.get(index) ?? 0, Math.min(sections[index] ?? 0, seconds)),
      }))
      .filter((s) => s.seconds > 0);
    await tx
      .update(proposalEvents)
      .set({ data: { ...data, seconds, sections: merged } })
      .where(sql`${proposalEvents.seq} = ${req.viewId}::bigint`);
  });
}

/** A sent revision never changes, so its sections' names are kept once read (a bounded cache). */
const titlesByRevision = new Map<string, string[]>();
const TITLES_CACHED = 500;

async function sectionTitles(tx: TDb, proposalId: string, number: number): Promise<string[]> {
  const key = `${proposalId}:${number}`;
  const cached = titlesByRevision.get(key);
  if (cached) return cached;
  const [revision] = await tx
    .select({ snapshot: proposalRevisions.snapshot })
    .from(proposalRevisions)
    .where(and(eq(proposalRevisions.proposalId, proposalId), eq(proposalRevisions.number, number)));
  if (!revision) return [];
  const snapshot = revision.snapshot as TRevisionSnapshot;
  const titles = documentSections(snapshot.document, snapshotContext(snapshot));
  if (titlesByRevision.size >= TITLES_CACHED) titlesByRevision.delete(titlesByRevision.keys().next().value!);
  titlesByRevision.set(key, titles);
  return titles;
}
