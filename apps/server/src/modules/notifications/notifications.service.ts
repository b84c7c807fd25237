import { NOTIFIED_EVENT_TYPES, type TNotificationFeed } from '@draftwell/shared';
import type { TProposalClient } from '@draftwell/shared/workspace/proposals';
import { and, asc, desc, eq, gt, inArray, ne } from 'drizzle-orm';
import { toNotification } from '../events/events';
import type { TDb } from '../../db/client';
import { proposalEvents, proposals } from '../../db/schema';
import type { TActor } from '../../http/require-user';

const PAGE = 100;

/**
 * What the owner was told (or should have been) since `after`, oldest first: the realtime
 * socket's catch-up after a reconnect (R10). Without `after`, only the newest `lastSeq`, so a
 * fresh tab starts from now instead of replaying history as toasts.
 */
export async function notificationsSince(args: {
  db: TDb;
  actor: TActor;
  after: number | undefined;
}): Promise<TNotificationFeed> {
  const { db, actor, after } = args;
  const base = and(
    eq(proposalEvents.ownerId, actor.id),
    inArray(proposalEvents.type, [...NOTIFIED_EVENT_TYPES]),
    ne(proposalEvents.actor, 'owner'),
  );
  if (after === undefined) {
    const [newest] = await db
      .select({ seq: proposalEvents.seq })
      .from(proposalEvents)
      .where(base)
      .orderBy(desc(proposalEvents.seq))
      .limit(1);
    return { items: [], lastSeq: newest?.seq ?? 0 };
  }
  const rows = await db
    .select({
      seq: proposalEvents.seq,
      proposalId: proposalEvents.proposalId,
      type: proposalEvents.type,
      data: proposalEvents.data,
      createdAt: proposalEvents.createdAt,
      number: proposals.number,
      title: proposals.title,
      client: proposals.client,
    })
    .from(proposalEvents)
    .innerJoin(proposals, eq(proposals.id, proposalEvents.proposalId))
    .where(and(base, gt(proposalEvents.seq, after)))
    .orderBy(asc(proposalEvents.seq))
    .limit(PAGE);
  const items = rows
    .map((r) => toNotification(r, { number: r.number, title: r.title, clientName: (r.client as TProposalClient).name }))
    .filter((n) => n !== null);
  return { items, lastSeq: rows.at(-1)?.seq ?? after };
}
