import { RadioGroup } from 'radix-ui';
import { PLAN_LIST } from '@draftwell/shared/plans';
import { useHydrated } from '@/lib/use-hydrated';
import { monthsFreeYearly, type TBillingPeriod } from './plan-cards';

const bestYearlySaving = Math.max(...PLAN_LIST.map(monthsFreeYearly));

/**
 * Monthly / yearly as a radio group (one choice, arrow keys move it), not tabs: it changes
 * the prices in place rather than showing another panel.
 */
export function BillingPeriodSwitch({
  value,
  onChange,
}: {
  value: TBillingPeriod;
  onChange: (value: TBillingPeriod) => void;
}) {
  const options: { value: TBillingPeriod; label: string; note?: string }[] = [
    { value: 'monthly', label: 'Monthly' },
    {
      value: 'yearly',
      label: 'Yearly',
      note: bestYearlySaving > 0 ? `${bestYearlySaving} months free` : undefined,
    },
  ];
  // On the prerendered pricing page the switch works once the page is hydrated.
  const hydrated = useHydrated();
  return (
    <RadioGroup.Root
      disabled={!hydrated}
      value={value}
      onValueChange={(next) => onChange(next as TBillingPeriod)}
      aria-label="Billing period"
      orientation="horizontal"
      className="bg-muted inline-flex rounded-full border p-1"
    >
      {options.map((option) => (
        <RadioGroup.Item
          key={option.value}
          value={option.value}
          className="text-muted-foreground hover:text-foreground data-[state=checked]:bg-card data-[state=checked]:text-foreground inline-flex items-center gap-2 rounded-full px-4 py-2 text-sm font-medium transition-colors data-[state=checked]:shadow-sm"
        >
          {option.label}
          {option.note ? (
            <span className="bg-accent text-accent-foreground rounded-full px-2 py-0.5 text-xs font-semibold">
              {option.note}
            </span>
          ) : null}
        </RadioGroup.Item>
      ))}
    </RadioGroup.Root>
  );
}
