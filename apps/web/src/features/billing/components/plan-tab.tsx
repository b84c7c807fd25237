import { Trans, useLingui } from '@lingui/react';
import { AlertTriangle, CreditCard, Info, RefreshCw } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import {
  PLAN_IDS,
  PLAN_LIST,
  PLANS,
  planTagline,
  type TBillingInterval,
  type TBillingState,
  type TPlan,
  type TPlanId,
} from '@draftwell/shared/plans';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { BillingPeriodSwitch } from '@/components/plans/billing-period-switch';
import { planHighlights, planPrice, type TBillingPeriod } from '@/components/plans/plan-cards';
import { appI18n } from '@/lib/app-language';
import { cn } from '@/lib/cn';
import { useBilling } from '@/lib/api/billing-state';
import { useCheckout, usePortal } from '../api/billing';
import { planStatus } from '../utils/billing-text';
import { InvoiceList } from './invoice-list';
import { UsageMeters } from './usage-meters';
import { translated } from '@/lib/translated';

const rank = (id: TPlanId) => PLAN_IDS.indexOf(id);
const periodOf = (interval: string | null): TBillingPeriod => (interval === 'year' ? 'yearly' : 'monthly');
const intervalOf = (period: TBillingPeriod): TBillingInterval => (period === 'yearly' ? 'year' : 'month');

/**
 * Profile → Plan: the plan in force and where its subscription stands, this period's usage,
 * the plans to move to, and (with Stripe) Manage billing and the invoices. Coming back from
 * Checkout or the Portal lands here; the webhook's change arrives through the realtime listener.
 */
export function PlanTab() {
  const { i18n } = useLingui();
  const billing = useBilling();
  const [params, setParams] = useSearchParams();

  useEffect(() => {
    const outcome = params.get('checkout');
    if (!outcome) return;
    const i18n = appI18n();
    if (outcome === 'success') {
      toast.success(i18n._('Thank you! Your subscription is starting'), {
        id: 'checkout-return',
        description: i18n._('Your new plan shows here as soon as Stripe confirms the payment, usually within seconds.'),
      });
    } else if (outcome === 'canceled') {
      toast.info(i18n._('Checkout canceled'), {
        id: 'checkout-return',
        description: i18n._('Nothing was charged; your plan is unchanged.'),
      });
    }
    void billing.refetch();
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('checkout');
        return next;
      },
      { replace: true },
    );
  }, [params, setParams, billing]);

  if (billing.isPending) return <PlanTabSkeleton />;
  if (billing.isError) {
    return (
      <Card role="alert">
        <CardHeader>
          <CardTitle>{i18n._('Your plan could not be loaded')}</CardTitle>
          <CardDescription>{billing.error.message}</CardDescription>
        </CardHeader>
        <CardContent>
          <Button variant="outline" onClick={() => void billing.refetch()}>
            <RefreshCw aria-hidden="true" /> {i18n._('Try again')}
          </Button>
        </CardContent>
      </Card>
    );
  }
  const state = billing.data;
  return (
    <div className="grid grid-cols-1 gap-6">
      <CurrentPlanCard state={state} />
      <UsageMeters state={state} />
      <PlanChoices state={state} preferred={params.get('plan')} />
      {state.billingEnabled && state.subscription?.source === 'stripe' ? <InvoiceList /> : null}
    </div>
  );
}

function CurrentPlanCard({ state }: { state: TBillingState }) {
  const { i18n } = useLingui();
  const portal = usePortal();
  const plan = PLANS[state.plan];
  const status = planStatus(i18n, state);
  const sub = state.subscription;
  const period = periodOf(sub?.interval ?? null);
  const price =
    plan.priceMonthly === 0
      ? i18n._('Free forever')
      : sub?.source === 'admin'
        ? i18n._('No charge through Draftwell')
        : period === 'yearly'
          ? i18n._('{price} / year', { price: planPrice(plan, period) })
          : i18n._('{price} / month', { price: planPrice(plan, period) });
  return (
    <Card>
      <CardHeader>
        <div className="flex flex-wrap items-center gap-2">
          <CardTitle>
            <Trans
              id="<0>Current plan: </0>{plan} plan"
              values={{ plan: plan.name }}
              components={{ 0: <span className="sr-only" /> }}
            />
          </CardTitle>
          <Badge variant={status.tone}>{status.badge}</Badge>
        </div>
        <CardDescription>{price}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <p className={cn('text-sm', status.tone === 'destructive' && 'text-destructive flex items-start gap-2')}>
          {status.tone === 'destructive' ? (
            <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          ) : null}
          <span>{status.detail}</span>
        </p>
        {state.billingEnabled && sub?.source === 'stripe' ? (
          <div>
            <Button
              variant="outline"
              disabled={portal.isPending}
              onClick={() =>
                portal.mutate(undefined, {
                  onError: (err) => {
                    const i18n = appI18n();
                    toast.error(i18n._('Could not open billing'), { description: translated(i18n, err.message) });
                  },
                })
              }
            >
              <CreditCard aria-hidden="true" />
              {portal.isPending ? i18n._('Opening…') : i18n._('Manage billing')}
            </Button>
            <p className="text-muted-foreground mt-2 text-xs">
              {i18n._('Card, invoices, plan changes and cancellation, on Stripe’s secure page.')}
            </p>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}

function PlanChoices({ state, preferred }: { state: TBillingState; preferred: string | null }) {
  const { i18n } = useLingui();
  const [period, setPeriod] = useState<TBillingPeriod>(periodOf(state.subscription?.interval ?? null));
  const checkout = useCheckout();
  const portal = usePortal();
  const offId = useId();
  const paying = state.subscription?.source === 'stripe' && state.plan !== 'free';

  const choose = (plan: TPlan) => {
    // A paying subscriber changes plan (or cancels) in the Portal, never through a second Checkout.
    if (paying || plan.id === 'free') {
      portal.mutate(undefined, {
        onError: (err) => {
          const i18n = appI18n();
          toast.error(i18n._('Could not open billing'), { description: translated(i18n, err.message) });
        },
      });
      return;
    }
    checkout.mutate(
      { plan: plan.id as Exclude<TPlanId, 'free'>, interval: intervalOf(period) },
      {
        onError: (err) => {
          const i18n = appI18n();
          toast.error(i18n._('Could not open checkout'), { description: translated(i18n, err.message) });
        },
      },
    );
  };

  const busy = checkout.isPending || portal.isPending;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{i18n._('Plans')}</CardTitle>
        <CardDescription>
          {i18n._(
            'Moving to a smaller plan never deletes anything: templates and proposals stay, and accepted proposals stay reachable by their links.',
          )}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="justify-self-start">
          <BillingPeriodSwitch value={period} onChange={setPeriod} />
        </div>
        {/* Said once, here; every button it disables points to it. */}
        {!state.billingEnabled ? (
          <p
            id={offId}
            className="flex items-start gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
          >
            <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <span>
              {i18n._(
                'Billing is not set up on this server, so plans cannot be bought or changed here. To change your plan, ask whoever runs this server.',
              )}
            </span>
          </p>
        ) : null}
        <ul className="grid gap-3 sm:grid-cols-3">
          {PLAN_LIST.map((plan) => {
            const current = plan.id === state.plan;
            const up = rank(plan.id) > rank(state.plan);
            const label = current
              ? i18n._('Current plan')
              : up
                ? i18n._('Upgrade to {plan}', { plan: plan.name })
                : i18n._('Switch to {plan}', { plan: plan.name });
            return (
              <li
                key={plan.id}
                className={cn(
                  'flex flex-col rounded-lg border p-4',
                  (current || preferred === plan.id) && 'border-primary ring-primary ring-1',
                )}
              >
                <h3 className="font-semibold">{plan.name}</h3>
                <p className="mt-1 text-sm">
                  <span className="text-lg font-semibold">{planPrice(plan, period)}</span>
                  {plan.priceMonthly === 0 ? null : (
                    <span className="text-muted-foreground">
                      {' '}
                      {period === 'yearly' ? i18n._('/ year') : i18n._('/ month')}
                    </span>
                  )}
                </p>
                <p className="text-muted-foreground mt-1 text-xs">{planTagline(i18n, plan)}</p>
                <ul className="text-muted-foreground mt-2 grid flex-1 content-start gap-0.5 text-xs">
                  {planHighlights(plan, i18n).map((line) => (
                    <li key={line.text}>{line.text}</li>
                  ))}
                </ul>
                <Button
                  className="mt-3 w-full"
                  variant={up ? 'default' : 'outline'}
                  disabled={current || busy || !state.billingEnabled}
                  aria-describedby={!current && !state.billingEnabled ? offId : undefined}
                  onClick={() => choose(plan)}
                >
                  {label}
                </Button>
              </li>
            );
          })}
        </ul>
      </CardContent>
    </Card>
  );
}

function PlanTabSkeleton() {
  const { i18n } = useLingui();
  return (
    <div className="grid grid-cols-1 gap-6" aria-busy="true">
      <p className="sr-only" role="status">
        {i18n._('Loading your plan…')}
      </p>
      {[0, 1, 2].map((i) => (
        <Card key={i}>
          <CardHeader>
            <Skeleton className="h-6 w-40" />
            <Skeleton className="h-4 w-64" />
          </CardHeader>
          <CardContent className="grid gap-3">
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-4 w-3/4" />
          </CardContent>
        </Card>
      ))}
    </div>
  );
}
