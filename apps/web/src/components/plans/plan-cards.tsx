import { useLingui } from '@lingui/react';
import { Check, Minus } from 'lucide-react';
import type { I18n } from '@draftwell/shared/i18n/i18n';
import { Link } from '@/lib/navigation';
import { formatMoney } from '@draftwell/shared/money';
import { PLAN_LIST, planTagline, type TPlan } from '@draftwell/shared/plans';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';

export type TBillingPeriod = 'monthly' | 'yearly';

/** A card's button: a link, or a disabled button described by the element that says why. */
export type TPlanAction = { to: string; label: string } | { label: string; disabledBy: string };

/** Whole months saved by paying yearly, from the constants (so /pricing never disagrees with billing). */
export function monthsFreeYearly(plan: TPlan): number {
  if (plan.priceMonthly === 0) return 0;
  return Math.round((plan.priceMonthly * 12 - plan.priceYearly) / plan.priceMonthly);
}

export function planPrice(plan: TPlan, period: TBillingPeriod): string {
  return formatMoney(period === 'yearly' ? plan.priceYearly : plan.priceMonthly, plan.currency);
}

/** The yearly price spread over twelve months, rounded to the cent for display only. */
export function planYearlyPerMonth(plan: TPlan): string {
  return formatMoney(Math.round(plan.priceYearly / 12), plan.currency);
}

/**
 * The limits and features that differ between plans, as short lines for a card; `limit`
 * marks a line that is a restriction, so it does not get a tick.
 */
export function planHighlights(plan: TPlan, i18n: I18n): { text: string; limit?: boolean }[] {
  const { limits, features } = plan;
  return [
    {
      text:
        limits.proposalsSentPerMonth === null
          ? i18n._('Unlimited proposals sent')
          : i18n._('{count, plural, one {{count} proposal sent per month} other {{count} proposals sent per month}}', {
              count: limits.proposalsSentPerMonth,
            }),
    },
    {
      text:
        limits.ownTemplates === null
          ? i18n._('Unlimited own templates')
          : i18n._('{count, plural, one {{count} own template} other {{count} own templates}}', {
              count: limits.ownTemplates,
            }),
    },
    {
      text: i18n._(
        '{count, plural, one {{count} draft from a brief per month} other {{count} drafts from a brief per month}}',
        { count: limits.briefDraftsPerMonth },
      ),
    },
    features.ownBranding
      ? { text: i18n._('Your logo and brand colour') }
      : { text: i18n._('“Made with Draftwell” footer'), limit: true },
    ...(features.eSignatureAndPdf ? [{ text: i18n._('E-signature, certificate and PDF') }] : []),
    ...(features.viewAnalyticsAndReminders ? [{ text: i18n._('Detailed view analytics and reminders') }] : []),
  ];
}

function PlanPrice({ plan, period }: { plan: TPlan; period: TBillingPeriod }) {
  const { i18n } = useLingui();
  const free = plan.priceMonthly === 0;
  const yearly = period === 'yearly';
  const monthsFree = monthsFreeYearly(plan);
  return (
    <div className="mt-4">
      <p className="flex items-baseline gap-1">
        <span className="text-4xl font-semibold tracking-tight">{planPrice(plan, period)}</span>
        {free ? (
          <span className="text-muted-foreground text-sm">{i18n._('forever')}</span>
        ) : (
          <span className="text-muted-foreground text-sm">
            <span aria-hidden="true">{yearly ? i18n._('/ year') : i18n._('/ month')}</span>
            <span className="sr-only">{yearly ? i18n._('per year') : i18n._('per month')}</span>
          </span>
        )}
      </p>
      <p className="text-muted-foreground mt-1 min-h-10 text-sm">
        {free
          ? i18n._('No card needed.')
          : yearly
            ? monthsFree > 0
              ? i18n._('{price} a month, billed yearly · {count, plural, one {# month free} other {# months free}}', {
                  price: planYearlyPerMonth(plan),
                  count: monthsFree,
                })
              : i18n._('{price} a month, billed yearly', { price: planYearlyPerMonth(plan) })
            : i18n._('Billed monthly, or {price} a year', { price: planPrice(plan, 'yearly') })}
      </p>
    </div>
  );
}

/** The three plans side by side; every figure comes from the shared plan constants. */
export function PlanCards({
  period,
  headingLevel = 'h3',
  className,
  actionFor,
}: {
  period: TBillingPeriod;
  headingLevel?: 'h2' | 'h3';
  className?: string;
  /** Where each card's button goes: sign-up for visitors, the Plan tab for a signed-in user. */
  actionFor?: (plan: TPlan) => TPlanAction;
}) {
  const { i18n } = useLingui();
  const Heading = headingLevel;
  return (
    <ul className={cn('grid gap-6 md:grid-cols-3', className)}>
      {PLAN_LIST.map((plan) => {
        // Pro is what most people who send proposals every week need, so it gets the strong button.
        const featured = plan.id === 'pro';
        const action: TPlanAction = actionFor
          ? actionFor(plan)
          : { to: paths.signUp(plan.id), label: i18n._('Start with {plan}', { plan: plan.name }) };
        return (
          <li
            key={plan.id}
            className={cn(
              'bg-card text-card-foreground flex flex-col rounded-lg border p-6 shadow-sm',
              featured && 'border-primary ring-primary ring-1',
            )}
          >
            <Heading className="text-xl font-semibold">{plan.name}</Heading>
            <p className="text-muted-foreground mt-1 text-sm">{planTagline(i18n, plan)}</p>
            <PlanPrice plan={plan} period={period} />
            <ul className="mt-6 grid flex-1 content-start gap-2 text-sm">
              {planHighlights(plan, i18n).map((line) => (
                <li key={line.text} className="flex gap-2">
                  {line.limit ? (
                    <Minus className="text-muted-foreground mt-0.5 size-4 shrink-0" aria-hidden="true" />
                  ) : (
                    <Check className="text-primary mt-0.5 size-4 shrink-0" aria-hidden="true" />
                  )}
                  <span>{line.text}</span>
                </li>
              ))}
            </ul>
            {'to' in action ? (
              <Button asChild variant={featured ? 'default' : 'outline'} className="mt-8 w-full">
                <Link to={action.to}>{action.label}</Link>
              </Button>
            ) : (
              <Button
                variant={featured ? 'default' : 'outline'}
                className="mt-8 w-full"
                disabled
                aria-describedby={action.disabledBy}
              >
                {action.label}
              </Button>
            )}
          </li>
        );
      })}
    </ul>
  );
}
