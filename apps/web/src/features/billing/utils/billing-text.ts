import { formatCalendarDate } from '@draftwell/shared/document/variables';
import { PLANS, type TBillingState, type TSubscriptionView } from '@draftwell/shared/plans';

/** A timestamp as a calendar date (the day in UTC, as Stripe's periods are). */
const day = (iso: string | null) => (iso ? formatCalendarDate(iso.slice(0, 10)) : null);

export type TPlanStatus = {
  /** Short, for the badge. */
  badge: string;
  tone: 'default' | 'success' | 'warning' | 'destructive';
  /** One sentence about where the subscription stands and what happens next. */
  detail: string;
};

/** What the plan card says about the subscription: status, renewal or end date, what to do. */
export function planStatus(state: Pick<TBillingState, 'plan' | 'subscription' | 'billingEnabled'>): TPlanStatus {
  const sub: TSubscriptionView | null = state.subscription;
  const plan = PLANS[state.plan];
  if (!sub) {
    return {
      badge: 'Active',
      tone: 'default',
      detail: state.billingEnabled
        ? `You are on the ${plan.name} plan. Upgrade any time; you can cancel whenever you like.`
        : `You are on the ${plan.name} plan.`,
    };
  }
  if (sub.source === 'admin') {
    return {
      badge: 'Active',
      tone: 'success',
      detail: `The ${PLANS[sub.plan].name} plan, set by this server’s operator.`,
    };
  }
  const interval = sub.interval === 'year' ? 'yearly' : 'monthly';
  const end = day(sub.currentPeriodEnd);
  switch (sub.status) {
    case 'trialing':
      return {
        badge: 'Trial',
        tone: 'success',
        detail: sub.cancelAtPeriodEnd
          ? `Your trial ends on ${day(sub.trialEnd) ?? end}, and the subscription ends with it.`
          : `Your trial runs until ${day(sub.trialEnd) ?? end}; then ${PLANS[sub.plan].name} is billed ${interval}.`,
      };
    case 'active':
      return sub.cancelAtPeriodEnd
        ? {
            badge: 'Cancels soon',
            tone: 'warning',
            detail: `Canceled: ${PLANS[sub.plan].name} stays until ${end}, then you move to the Free plan. Nothing is deleted.`,
          }
        : { badge: 'Active', tone: 'success', detail: `Billed ${interval}; renews on ${end}.` };
    case 'past_due':
      return {
        badge: 'Payment failed',
        tone: 'destructive',
        detail: `The last payment${sub.paymentFailedAt ? ` (${day(sub.paymentFailedAt)})` : ''} failed. Stripe will try again; update your card in Manage billing to keep ${PLANS[sub.plan].name}.`,
      };
    case 'canceled':
      return {
        badge: 'Canceled',
        tone: 'default',
        detail: `Your ${PLANS[sub.plan].name} subscription ended${sub.canceledAt ? ` on ${day(sub.canceledAt)}` : ''}. You are on the ${plan.name} plan; everything you made is still here.`,
      };
    default:
      return {
        badge: 'Payment needed',
        tone: 'warning',
        detail: `The ${PLANS[sub.plan].name} subscription is waiting for a payment (${sub.status.replaceAll('_', ' ')}). Open Manage billing to finish it.`,
      };
  }
}

/** "Resets on December 1, 2026" for the meters: the period's exclusive end is the first day of the next. */
export function resetsOn(periodEnd: string): string {
  return `Resets on ${formatCalendarDate(periodEnd)}`;
}

/** "November 1, 2026 – November 30, 2026" for a period whose end is exclusive. */
export function periodLabel(period: { start: string; end: string }): string {
  const last = new Date(`${period.end}T00:00:00Z`);
  last.setUTCDate(last.getUTCDate() - 1);
  return `${formatCalendarDate(period.start)} – ${formatCalendarDate(last.toISOString().slice(0, 10))}`;
}

/** How full a meter is, for its bar's colour: past 80% is a warning, at the limit a stop. */
export function meterTone(used: number, limit: number | null): 'ok' | 'near' | 'full' {
  if (limit === null) return 'ok';
  if (used >= limit) return 'full';
  return used / limit >= 0.8 ? 'near' : 'ok';
}
