import { formatList } from '@draftwell/shared/i18n/format';
import type { I18n } from '@draftwell/shared/i18n/i18n';
import type { TNotifiedEventType, TProposalNotification } from '@draftwell/shared/share/share-api';
import { appI18n } from '@/lib/app-language';
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

/** "2 comments": how many of one kind of event. */
function counted(i18n: I18n, type: TNotifiedEventType, count: number): string {
  switch (type) {
    case 'opened':
      return i18n._('{count, plural, one {# opening} other {# openings}}', { count });
    case 'commented':
      return i18n._('{count, plural, one {# comment} other {# comments}}', { count });
    case 'signed':
      return i18n._('{count, plural, one {# signature} other {# signatures}}', { count });
    case 'accepted':
      return i18n._('{count, plural, one {# acceptance} other {# acceptances}}', { count });
    case 'declined':
      return i18n._('{count, plural, one {# decline} other {# declines}}', { count });
    case 'expired':
      return i18n._('{count, plural, one {# expiry} other {# expiries}}', { count });
    case 'paid':
      return i18n._('{count, plural, one {# payment} other {# payments}}', { count });
    case 'payment_failed':
      return i18n._('{count, plural, one {# failed payment} other {# failed payments}}', { count });
  }
}

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
function tally(i18n: I18n, items: TProposalNotification[]): string {
  const counts = new Map<TNotifiedEventType, number>();
  for (const n of items) counts.set(n.type, (counts.get(n.type) ?? 0) + 1);
  return formatList(
    [...counts].map(([type, count]) => counted(i18n, type, count)),
    i18n.locale,
    'unit',
  );
}

/**
 * The toasts for notifications: one each as they happen, and one each for a few missed while
 * away; more than COALESCE_ABOVE missed become a single summary.
 */
export function notificationToasts(
  items: TProposalNotification[],
  source: TNotificationSource,
  i18n: I18n = appI18n(),
): TNotificationToast[] {
  if (source === 'live' || items.length <= COALESCE_ABOVE) return items.map(one);
  const proposals = [...new Set(items.map((n) => n.proposalId))];
  const numbers = [...new Set(items.map((n) => n.proposalNumber))];
  const accepted = items.some((n) => n.type === 'accepted' || n.type === 'paid');
  return [
    {
      id: `activity-missed-${items[0]!.seq}-${items.at(-1)!.seq}`,
      title: i18n._('{count, plural, one {# update while you were away} other {# updates while you were away}}', {
        count: items.length,
      }),
      description:
        numbers.length === 1
          ? i18n._('{tally} on {number}', { tally: tally(i18n, items), number: numbers[0] })
          : i18n._('{tally} on {count, plural, one {# proposal} other {# proposals}} ({numbers})', {
              tally: tally(i18n, items),
              count: numbers.length,
              numbers: `${numbers.slice(0, 3).join(', ')}${numbers.length > 3 ? '…' : ''}`,
            }),
      proposalId: proposals.length === 1 ? proposals[0]! : null,
      tone: accepted ? 'success' : 'default',
    },
  ];
}
