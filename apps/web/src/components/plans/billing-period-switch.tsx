import { useLingui } from '@lingui/react';
import { useId } from 'react';
import { PLAN_LIST } from '@draftwell/shared/plans';
import { useHydrated } from '@/lib/use-hydrated';
import { monthsFreeYearly, type TBillingPeriod } from './plan-cards';

const bestYearlySaving = Math.max(...PLAN_LIST.map(monthsFreeYearly));

/**
 * Monthly / yearly as a radio group (one choice, arrow keys move it), not tabs: it changes
 * the prices in place rather than showing another panel. Native radios, drawn as a pill: the
 * browser gives them their keyboard and their state, and the public pages no library (P8).
 */
export function BillingPeriodSwitch({
  value,
  onChange,
}: {
  value: TBillingPeriod;
  onChange: (value: TBillingPeriod) => void;
}) {
  const { i18n } = useLingui();
  const options: { value: TBillingPeriod; label: string; note?: string }[] = [
    { value: 'monthly', label: i18n._('Monthly') },
    {
      value: 'yearly',
      label: i18n._('Yearly'),
      note:
        bestYearlySaving > 0
          ? i18n._('{count, plural, one {# month free} other {# months free}}', { count: bestYearlySaving })
          : undefined,
    },
  ];
  const name = useId();
  // On the prerendered pricing page the switch works once the page is hydrated.
  const hydrated = useHydrated();
  return (
    <div
      role="radiogroup"
      aria-label={i18n._('Billing period')}
      className="bg-muted inline-flex rounded-full border p-1"
    >
      {options.map((option) => (
        <label
          key={option.value}
          className="text-muted-foreground hover:text-foreground has-[:checked]:bg-card has-[:checked]:text-foreground has-[:focus-visible]:outline-ring inline-flex cursor-pointer items-center gap-2 rounded-full px-4 py-2 text-sm font-medium transition-colors has-[:checked]:shadow-sm has-[:disabled]:cursor-default has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2"
        >
          <input
            type="radio"
            name={name}
            value={option.value}
            checked={value === option.value}
            disabled={!hydrated}
            onChange={() => onChange(option.value)}
            className="sr-only"
          />
          {option.label}
          {option.note ? (
            <span className="bg-accent text-accent-foreground rounded-full px-2 py-0.5 text-xs font-semibold">
              {option.note}
            </span>
          ) : null}
        </label>
      ))}
    </div>
  );
}
