import type { TBillingKind } from '@draftwell/shared/document/pricing';
import type { TMilestone } from '@draftwell/shared/document/schema';
import { formatCalendarDate } from '@draftwell/shared/document/variables';

export const BILLING_LABELS: Record<TBillingKind, string> = {
  one_off: 'one-off',
  monthly: 'per month',
  yearly: 'per year',
};

/** Shown after a unit price: "$90 / month". */
export const BILLING_SUFFIX: Record<TBillingKind, string> = {
  one_off: '',
  monthly: ' / month',
  yearly: ' / year',
};

/** Basis points as a percentage: 1250 -> "12.5%". */
export function formatPercent(basisPoints: number, locale = 'en-US'): string {
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(basisPoints / 10_000);
}

const DURATION_UNITS = { days: ['day', 'days'], weeks: ['week', 'weeks'], months: ['month', 'months'] } as const;

/** "March 3, 2027" for a date, "2 weeks" for a duration. */
export function formatMilestoneWhen(when: TMilestone['when'], locale = 'en-US'): string {
  if (when.kind === 'date') return formatCalendarDate(when.date, locale);
  const [one, many] = DURATION_UNITS[when.unit];
  return `${when.value} ${when.value === 1 ? one : many}`;
}
