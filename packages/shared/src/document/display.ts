import type { TBillingKind } from './pricing';
import type { TMilestone, TPricingLine, TPricingSelection, TPricingTable } from './schema';
import { formatCalendarDate } from './variables';

/**
 * How a document's figures read, the same wherever it is shown: the editor, the client's page
 * and the PDF. Types only from the schema: the client's page imports this and must not pull zod.
 */

/** The billing kind as a choice in a form: "Monthly". */
export const BILLING_KIND_NAMES: Record<TBillingKind, string> = {
  one_off: 'One-off',
  monthly: 'Monthly',
  yearly: 'Yearly',
};

/** The billing kind after a total: "$1,200 per month". */
export const BILLING_LABELS: Record<TBillingKind, string> = {
  one_off: 'one-off',
  monthly: 'per month',
  yearly: 'per year',
};

/** Shown after a price: "$90 / month". */
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

/** What the client takes of one line: the selection first, else the line's own defaults. */
export function lineChoice(
  table: TPricingTable,
  line: TPricingLine,
  selection: TPricingSelection | undefined,
): { included: boolean; quantity: number } {
  // hasOwn: a line id such as "constructor" must not pick up Object.prototype members.
  const choice = selection && Object.hasOwn(selection, line.id) ? selection[line.id] : undefined;
  const selectable = table.kind === 'choice' || line.optional;
  return {
    included: selectable ? (choice?.selected ?? line.selected) : true,
    quantity: line.quantityRange && choice?.quantity !== undefined ? choice.quantity : line.quantity,
  };
}
