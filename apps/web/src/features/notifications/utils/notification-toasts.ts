import type { TNotifiedEventType, TProposalNotification } from '@draftwell/shared/share/share-api';
import type { TNotificationSource } from './notification-tracker';

/** More missed notifications than this become one toast. */
export const COALESCE_ABOVE = 3;

export type TNotificationToast = {
  /** Stable, so the same notification never shows twice. */
  id: string;
  title: string;
  description: string;
  /** Where *View* goes: one proposal, or null for the dashboard (several proposals). */
  proposalId: string | null;
  /** Acceptances stand out; the rest are plain (a coloured warning would read poorly as a toast). */
  tone: 'default' | 'success';
};

const TONES: Record<TNotifiedEventType, TNotificationToast['tone']> = {
  opened: 'default',
  commented: 'default',
  signed: 'default',
  accepted: 'success',
  declined: 'default',
  expired: 'default',
  paid: 'success',
  payment_failed: 'default',
};

const VERBS: Record<TNotifiedEventType, [string, string]> = {
  opened: ['opening', 'openings'],
  commented: ['comment', 'comments'],
  signed: ['signature', 'signatures'],
  accepted: ['acceptance', 'acceptances'],
  declined: ['decline', 'declines'],
  expired: ['expiry', 'expiries'],
  paid: ['payment', 'payments'],
  payment_failed: ['failed payment', 'failed payments'],
};

function one(n: TProposalNotification): TNotificationToast {
  return {
    id: `activity-${n.seq}`,
    title: n.text,
    description: n.proposalNumber,
    proposalId: n.proposalId,
    tone: TONES[n.type],
  };
}

/** "2 comments, 1 acceptance" in the order the kinds first happened. */
function tally(items: TProposalNotification[]): string {
  const counts = new Map<TNotifiedEventType, number>();
  for (const n of items) counts.set(n.type, (counts.get(n.type) ?? 0) + 1);
  return [...counts].map(([type, count]) => `${count} ${VERBS[type][count === 1 ? 0 : 1]}`).join(', ');
}

/**
 * The toasts for notifications: one each as they happen, and one each for a few missed while
 * away; more than COALESCE_ABOVE missed become a single summary.
 */
export function notificationToasts(items: TProposalNotification[], source: TNotificationSource): TNotificationToast[] {
  if (source === 'live' || items.length <= COALESCE_ABOVE) return items.map(one);
  const proposals = [...new Set(items.map((n) => n.proposalId))];
  const numbers = [...new Set(items.map((n) => n.proposalNumber))];
  const accepted = items.some((n) => n.type === 'accepted' || n.type === 'paid');
  return [
    {
      id: `activity-missed-${items[0]!.seq}-${items.at(-1)!.seq}`,
      title: `${items.length} updates while you were away`,
      description:
        numbers.length === 1
          ? `${tally(items)} on ${numbers[0]}`
          : `${tally(items)} on ${numbers.length} proposals (${numbers.slice(0, 3).join(', ')}${numbers.length > 3 ? '…' : ''})`,
      proposalId: proposals.length === 1 ? proposals[0]! : null,
      tone: accepted ? 'success' : 'default',
    },
  ];
}
