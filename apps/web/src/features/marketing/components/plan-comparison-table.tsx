import { useLingui } from '@lingui/react';
import { Check, Minus } from 'lucide-react';
import { PLAN_LIST, planComparisonRows } from '@draftwell/shared/plans';
import { planPrice, type TBillingPeriod } from '@/components/plans/plan-cards';

function Cell({ value }: { value: string | boolean }) {
  const { i18n } = useLingui();
  // A feature a plan has or not: an icon reads faster, and the word stays for screen readers.
  if (typeof value === 'boolean') {
    const Icon = value ? Check : Minus;
    return (
      <span className="inline-flex items-center gap-1.5">
        <Icon className={value ? 'text-primary size-4' : 'text-muted-foreground size-4'} aria-hidden="true" />
        <span className={value ? undefined : 'text-muted-foreground'}>{value ? i18n._('Yes') : i18n._('No')}</span>
      </span>
    );
  }
  return <>{value}</>;
}

/** Every plan's limits and features, one row each, straight from planComparisonRows(). */
export function PlanComparisonTable({ period }: { period: TBillingPeriod }) {
  const { i18n } = useLingui();
  return (
    <table className="w-full border-collapse text-left text-[0.8125rem] sm:table-fixed sm:text-sm">
      <caption className="sr-only">{i18n._('Plan comparison: prices, limits and features of each plan')}</caption>
      <colgroup>
        <col className="sm:w-[40%]" />
        {PLAN_LIST.map((plan) => (
          <col key={plan.id} />
        ))}
      </colgroup>
      <thead>
        <tr className="border-b">
          <th scope="col" className="py-3 pr-2 font-medium">
            <span className="sr-only">{i18n._('Feature')}</span>
          </th>
          {PLAN_LIST.map((plan) => (
            <th key={plan.id} scope="col" className="px-1.5 py-3 text-sm font-semibold sm:px-2 sm:text-base">
              {plan.name}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        <tr className="border-b">
          <th scope="row" className="py-3 pr-2 align-top font-medium">
            {period === 'yearly' ? i18n._('Price per year') : i18n._('Price per month')}
          </th>
          {PLAN_LIST.map((plan) => (
            <td key={plan.id} className="px-1.5 py-3 align-top font-semibold sm:px-2">
              {planPrice(plan, period)}
            </td>
          ))}
        </tr>
        {planComparisonRows(i18n).map((row) => (
          <tr key={row.label} className="border-b">
            <th scope="row" className="py-3 pr-2 align-top font-medium">
              {row.label}
            </th>
            {PLAN_LIST.map((plan) => (
              <td key={plan.id} className="px-1.5 py-3 align-top sm:px-2">
                <Cell value={row.values[plan.id]} />
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
