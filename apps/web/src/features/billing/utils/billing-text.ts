import type { I18n } from '@draftwell/shared/i18n/i18n';
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
export function planStatus(
  i18n: I18n,
  state: Pick<TBillingState, 'plan' | 'subscription' | 'billingEnabled'>,
): TPlanStatus {
  const sub: TSubscriptionView | null = state.subscription;
  const plan = PLANS[state.plan];
  if (!sub) {
    return {
      badge: i18n._('Active'),
      tone: 'default',
      detail: state.billingEnabled
        ? i18n._('You are on the {plan} plan. Upgrade any time; you can cancel whenever you like.', {
            plan: plan.name,
          })
        : i18n._('You are on the {plan} plan.', { plan: plan.name }),
    };
  }
  if (sub.source === 'admin') {
    return {
      badge: i18n._('Active'),
      tone: 'success',
      detail: i18n._('The {plan} plan, set by this server’s operator.', { plan: PLANS[sub.plan].name }),
    };
  }
  const yearly = sub.interval === 'year';
  const end = day(sub.currentPeriodEnd);
  const subPlan = PLANS[sub.plan].name;
  switch (sub.status) {
    case 'trialing': {
      const date = day(sub.trialEnd) ?? end;
      return {
        badge: i18n._('Trial'),
        tone: 'success',
        detail: sub.cancelAtPeriodEnd
          ? i18n._('Your trial ends on {date}, and the subscription ends with it.', { date })
          : yearly
            ? i18n._('Your trial runs until {date}; then {plan} is billed yearly.', { date, plan: subPlan })
            : i18n._('Your trial runs until {date}; then {plan} is billed monthly.', { date, plan: subPlan }),
      };
    }
    case 'active':
      return sub.cancelAtPeriodEnd
        ? {
            badge: i18n._('Cancels soon'),
            tone: 'warning',
            detail: i18n._('Canceled: {plan} stays until {date}, then you move to the Free plan. Nothing is deleted.', {
              plan: subPlan,
              date: end,
            }),
          }
        : {
            badge: i18n._('Active'),
            tone: 'success',
            detail: yearly
              ? i18n._('Billed yearly; renews on {date}.', { date: end })
              : i18n._('Billed monthly; renews on {date}.', { date: end }),
          };
    case 'past_due':
      return {
        badge: i18n._('Payment failed'),
        tone: 'destructive',
        detail: sub.paymentFailedAt
          ? i18n._(
              'The last payment ({date}) failed. Stripe will try again; update your card in Manage billing to keep {plan}.',
              { date: day(sub.paymentFailedAt), plan: subPlan },
            )
          : i18n._(
              'The last payment failed. Stripe will try again; update your card in Manage billing to keep {plan}.',
              { plan: subPlan },
            ),
      };
    case 'canceled':
      return {
        badge: i18n._('Canceled'),
        tone: 'default',
        detail: sub.canceledAt
          ? i18n._(
              'Your {oldPlan} subscription ended on {date}. You are on the {plan} plan; everything you made is still here.',
              { oldPlan: subPlan, date: day(sub.canceledAt), plan: plan.name },
            )
          : i18n._(
              'Your {oldPlan} subscription ended. You are on the {plan} plan; everything you made is still here.',
              { oldPlan: subPlan, plan: plan.name },
            ),
      };
    default:
      return {
        badge: i18n._('Payment needed'),
        tone: 'warning',
        detail: i18n._(
          'The {plan} subscription is waiting for a payment ({status}). Open Manage billing to finish it.',
          // Stripe's own status code (incomplete, unpaid…), shown as it is.
          { plan: subPlan, status: sub.status.replaceAll('_', ' ') },
        ),
      };
  }
}

/** "Resets on December 1, 2026" for the meters: the period's exclusive end is the first day of the next. */
export function resetsOn(i18n: I18n, periodEnd: string): string {
  return i18n._('Resets on {date}', { date: formatCalendarDate(periodEnd) });
}

/** "November 1, 2026 – November 30, 2026" for a period whose end is exclusive. */
export function periodLabel(period: { start: string; end: string }): string {
  // A date-only ISO string is read as midnight UTC.
  const last = new Date(period.end);
  last.setUTCDate(last.getUTCDate() - 1);
  return `${formatCalendarDate(period.start)} – ${formatCalendarDate(last.toISOString().slice(0, 10))}`;
}

/** How full a meter is, for its bar's colour: past 80% is a warning, at the limit a stop. */
export function meterTone(used: number, limit: number | null): 'ok' | 'near' | 'full' {
  if (limit === null) return 'ok';
  if (used >= limit) return 'full';
  return used / limit >= 0.8 ? 'near' : 'ok';
}
