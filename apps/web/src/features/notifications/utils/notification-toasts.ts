import { moneyLocale } from '@draftwell/shared/document/locale';
import { formatList } from '@draftwell/shared/i18n/format';
import type { I18n } from '@draftwell/shared/i18n/i18n';
import { formatMoney } from '@draftwell/shared/money';
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

/**
 * The notification's sentence in the app's language, from its facts (the server's `text` is
 * English, for integrations): "Dana Reyes accepted “Website redesign”."
 */
export function notificationTitle(i18n: I18n, n: TProposalNotification): string {
  const title = n.proposalTitle;
  const who = n.actor ?? i18n._('Your client');
  const amount = n.amount ? formatMoney(n.amount.amount, n.amount.currency, moneyLocale(i18n.locale)) : null;
  switch (n.type) {
    case 'opened':
      return i18n._('{who} opened “{title}”.', { who, title });
    case 'commented':
      return i18n._('{who} commented on “{title}”.', { who, title });
    case 'signed':
      return i18n._('{who} signed “{title}”.', { who, title });
    case 'accepted':
      return i18n._('{who} accepted “{title}”.', { who, title });
    case 'declined':
      return i18n._('{who} declined “{title}”.', { who, title });
    case 'expired':
      return i18n._('“{title}” expired without an answer.', { title });
    case 'paid':
      return amount
        ? i18n._('{who} paid {amount} for “{title}”.', { who, amount, title })
        : i18n._('{who} paid for “{title}”.', { who, title });
    case 'payment_failed':
      return amount
        ? i18n._('A payment of {amount} for “{title}” did not go through.', { amount, title })
        : i18n._('A payment for “{title}” did not go through.', { title });
  }
}

function one(i18n: I18n, n: TProposalNotification): TNotificationToast {
  return {
    id: `activity-${n.seq}`,
    title: notificationTitle(i18n, n),
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
  if (source === 'live' || items.length <= COALESCE_ABOVE) return items.map((n) => one(i18n, n));
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
