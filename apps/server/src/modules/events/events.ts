import {
  NOTIFIED_EVENT_TYPES,
  formatMoney,
  PROPOSAL_ACTIVITY_EVENT,
  userChannel,
  type TEventActor,
  type TNotifiedEventType,
  type TProposalEvent,
  type TProposalEventType,
  type TProposalNotification,
} from '@draftwell/shared';
import type { Logger } from 'pino';
import type { TDb } from '../../db/client';
import { proposalEvents } from '../../db/schema';
import type { TRealtimeHub } from '../../realtime/hub';
import { enqueueWebhooks } from '../webhooks/queue';

/**
 * The proposal activity timeline. Events are written in the transaction of what they record;
 * the owner's open tabs are told after the commit (`publishNotifications`), and a tab that was
 * away fetches what it missed by `seq` (R10). The owner's webhook endpoints subscribed to it get a
 * delivery queued in the same transaction (`enqueueWebhooks`).
 */
type TRow = typeof proposalEvents.$inferSelect;

export type TNewEvent = {
  proposalId: string;
  ownerId: string;
  type: TProposalEventType;
  actor: TEventActor;
  revisionNumber?: number | null;
  data?: Record<string, unknown>;
  ipAddress?: string | null;
  userAgent?: string | null;
};

export async function recordEvent(db: TDb, event: TNewEvent): Promise<TRow> {
  const [row] = await db
    .insert(proposalEvents)
    .values({
      proposalId: event.proposalId,
      ownerId: event.ownerId,
      type: event.type,
      actor: event.actor,
      revisionNumber: event.revisionNumber ?? null,
      data: event.data ?? {},
      ipAddress: event.ipAddress ?? null,
      userAgent: event.userAgent ?? null,
    })
    .returning();
  if (!row) throw new Error('event insert returned no row');
  // The owner's webhook endpoints get it with the same commit (decision 0021).
  await enqueueWebhooks(db, {
    proposalId: row.proposalId,
    ownerId: row.ownerId,
    type: event.type,
    actor: row.actor,
    revisionNumber: row.revisionNumber,
    data: row.data,
    createdAt: row.createdAt,
  });
  return row;
}

/** The client signer a visit or a download was by: the signer whose link was used. */
export type TEventSigner = { id: string; name: string };

/**
 * How such an event names them: their id, and their name as it was then (issue 24: a visit is
 * credited to the signer whose link it was, never to the proposal's first signer).
 */
export const signerData = (signer: TEventSigner | undefined): { signerId?: string; name?: string } =>
  signer ? { signerId: signer.id, name: signer.name } : {};

export function toEvent(row: TRow): TProposalEvent {
  return {
    seq: row.seq,
    proposalId: row.proposalId,
    type: row.type as TProposalEventType,
    actor: row.actor as TEventActor,
    at: row.createdAt.toISOString(),
    revisionNumber: row.revisionNumber,
    data: row.data as Record<string, unknown>,
    ipAddress: row.ipAddress,
    userAgent: row.userAgent,
  };
}

export const isNotified = (type: string): type is TNotifiedEventType =>
  (NOTIFIED_EVENT_TYPES as readonly string[]).includes(type);

/** The toast's sentence for an event the owner is told about. */
export function notificationText(
  type: TNotifiedEventType,
  proposal: { title: string },
  data: Record<string, unknown>,
  clientName: string,
): string {
  const who = typeof data.name === 'string' && data.name ? data.name : clientName || 'Your client';
  const title = `“${proposal.title}”`;
  switch (type) {
    case 'opened':
      return `${who} opened ${title}.`;
    case 'commented':
      return `${typeof data.authorName === 'string' && data.authorName ? data.authorName : who} commented on ${title}.`;
    case 'signed':
      return `${who} signed ${title}.`;
    case 'accepted':
      return `${who} accepted ${title}.`;
    case 'declined':
      return `${who} declined ${title}.`;
    case 'expired':
      return `${title} expired without an answer.`;
    case 'paid':
      return `${who} paid ${paidAmount(data)} for ${title}.`;
    case 'payment_failed':
      return `A payment of ${paidAmount(data)} for ${title} did not go through.`;
  }
}

/** Who an event names: its signer's or commenter's name, else the proposal's client, else nobody. */
function notificationActor(type: TNotifiedEventType, data: Record<string, unknown>, clientName: string): string | null {
  const named = (value: unknown) => (typeof value === 'string' && value ? value : null);
  if (type === 'expired') return null;
  return (type === 'commented' ? named(data.authorName) : null) ?? named(data.name) ?? named(clientName);
}

/** A payment event's { amount, currency }, or null. */
function notificationAmount(data: Record<string, unknown>): { amount: number; currency: string } | null {
  return typeof data.amount === 'number' && typeof data.currency === 'string'
    ? { amount: data.amount, currency: data.currency }
    : null;
}

/** "$1,200" from a payment event's { amount, currency }. */
function paidAmount(data: Record<string, unknown>): string {
  return typeof data.amount === 'number' && typeof data.currency === 'string'
    ? formatMoney(data.amount, data.currency)
    : 'the amount due';
}

export function toNotification(
  row: Pick<TRow, 'seq' | 'proposalId' | 'type' | 'data' | 'createdAt'>,
  proposal: { number: string; title: string; clientName: string },
): TProposalNotification | null {
  if (!isNotified(row.type)) return null;
  return {
    seq: row.seq,
    proposalId: row.proposalId,
    proposalNumber: proposal.number,
    proposalTitle: proposal.title,
    type: row.type,
    at: row.createdAt.toISOString(),
    text: notificationText(row.type, proposal, row.data as Record<string, unknown>, proposal.clientName),
    actor: notificationActor(row.type, row.data as Record<string, unknown>, proposal.clientName),
    amount: notificationAmount(row.data as Record<string, unknown>),
  };
}

/** Tells the owner's open tabs, on every instance. A lost notice is fetched on reconnect, so failures only log. */
export async function publishNotifications(
  realtime: TRealtimeHub,
  logger: Logger,
  ownerId: string,
  notifications: (TProposalNotification | null)[],
): Promise<void> {
  for (const n of notifications) {
    if (!n) continue;
    await realtime
      .publish(userChannel(ownerId), PROPOSAL_ACTIVITY_EVENT, n)
      .catch((err: unknown) =>
        logger.warn({ err: err instanceof Error ? err.message : String(err) }, 'realtime publish failed'),
      );
  }
}
