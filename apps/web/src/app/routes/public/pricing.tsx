import { Trans, useLingui } from '@lingui/react';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { formatList } from '@draftwell/shared/i18n/format';
import type { I18n } from '@draftwell/shared/i18n/i18n';
import { Link } from '@/lib/navigation';
import { billingOffMessage, PLAN_LIST, PLANS, type TBillingState, type TPlan } from '@draftwell/shared/plans';
import { paths } from '@/config/paths';
import { usePublicSession } from '@/lib/api/public-session';
import { BillingPeriodSwitch } from '@/components/plans/billing-period-switch';
import { monthsFreeYearly, PlanCards, type TBillingPeriod, type TPlanAction } from '@/components/plans/plan-cards';
import { PlanComparisonTable } from '@/features/marketing/components/plan-comparison-table';
import { usePageTitle } from '@/lib/page-title';
import { API_BASE, unwrap } from '@/lib/http';

const FREE = PLANS.free;
const unlimitedSendPlans = PLAN_LIST.filter((p) => p.limits.proposalsSentPerMonth === null).map((p) => p.name);
const yearlyMonthsFree = Math.max(...PLAN_LIST.map(monthsFreeYearly));
const SELF_HOST_COMMAND = 'npm ci && npm start';

const faqs = (i18n: I18n): { question: string; answer: ReactNode }[] => [
  {
    question: i18n._('What happens if I downgrade or cancel?'),
    answer: i18n._(
      'Nothing is deleted. Your proposals, templates, clients and saved items all stay, and every accepted proposal stays reachable by its link, with its certificate, for as long as your account exists, whatever your plan. A cancelled subscription runs to the end of the period you paid for. After that the {plan} plan’s limits apply to what you do next, for example {count, plural, one {# proposal sent per month} other {# proposals sent per month}}.',
      { plan: FREE.name, count: FREE.limits.proposalsSentPerMonth },
    ),
  },
  {
    question: i18n._('Is e-signature really included on {plan}?', { plan: FREE.name }),
    answer: i18n._(
      'Yes. Acceptance works the same on every plan: the client types their full name and confirms, the accepted version is frozen with its SHA-256 hash, and both of you get a certificate and a PDF. The interactive pricing table and revision history are on every plan too.',
    ),
  },
  {
    question: i18n._('Are there per-document or per-signature charges?'),
    answer: i18n._(
      'No. You pay the plan’s flat price and nothing per proposal, per signature or per client. On {plans} you send as many proposals as you like.',
      { plans: formatList(unlimitedSendPlans, i18n.locale === 'en' ? 'en-US' : i18n.locale) },
    ),
  },
  {
    question: i18n._('How does yearly billing work?'),
    answer: i18n._(
      'You pay for the year up front and get {count, plural, one {# month} other {# months}} free compared with paying monthly for twelve months.',
      { count: yearlyMonthsFree },
    ),
  },
  {
    question: i18n._('What counts as a draft from a brief?'),
    answer: i18n._(
      'Each time you fill in a short brief and Draftwell writes a first draft from it, and, where an AI model is set up, each time it rewrites a section for you. Starting from a template or a blank proposal does not count towards the monthly allowance, and neither does editing afterwards.',
    ),
  },
  {
    question: i18n._('Can I self-host Draftwell for free?'),
    answer: (
      <Trans
        id="Yes. Draftwell is open source. Run it on your own server with <0>{command}</0>; it uses an embedded database out of the box and PostgreSQL when you point it at one. You pay nothing to us, and whoever runs the installation decides each user’s plan. See <1>how it is built</1>."
        values={{ command: SELF_HOST_COMMAND }}
        components={{
          0: <code className="bg-muted rounded px-1 py-0.5 text-sm whitespace-nowrap" />,
          1: <Link to={paths.about} className="text-primary font-medium underline underline-offset-4" />,
        }}
      />
    ),
  },
  {
    question: i18n._('Can I take my data with me?'),
    answer: i18n._(
      'Yes, on every plan. Profile → Export my data downloads everything in your account as JSON, and deleting your account removes all of it at once.',
    ),
  },
];

/**
 * A signed-in visitor's plan, which their card names "Manage your plan", and whether this server
 * bills; undefined until known.
 */
function useCurrentPlan(signedIn: boolean): Pick<TBillingState, 'plan' | 'billingEnabled'> | undefined {
  const [state, setState] = useState<Pick<TBillingState, 'plan' | 'billingEnabled'>>();
  useEffect(() => {
    if (!signedIn) return;
    const controller = new AbortController();
    // A plain request: the typed client is the app's, not the public pages' (P8).
    unwrap<TBillingState>(fetch(`${API_BASE}/billing`, { credentials: 'same-origin', signal: controller.signal })).then(
      ({ plan, billingEnabled }) => setState({ plan, billingEnabled }),
      // Not known (offline, the session just ended): every card offers its plan.
      () => undefined,
    );
    return () => controller.abort();
  }, [signedIn]);
  return state;
}

export default function PricingPage() {
  const { i18n } = useLingui();
  const [period, setPeriod] = useState<TBillingPeriod>('monthly');
  const session = usePublicSession();
  const current = useCurrentPlan(Boolean(session));
  const billingOff = current?.billingEnabled === false;
  const billingOffId = useId();
  // A signed-in user chooses in Profile → Plan, where their usage and billing are; on a server
  // without billing there is nothing to choose there, and the one notice above the cards says so.
  const actionFor = session
    ? (plan: TPlan): TPlanAction =>
        plan.id === current?.plan
          ? { to: paths.plan, label: i18n._('Manage your plan') }
          : billingOff
            ? { label: i18n._('Choose {plan}', { plan: plan.name }), disabledBy: billingOffId }
            : { to: `${paths.plan}&plan=${plan.id}`, label: i18n._('Choose {plan}', { plan: plan.name }) }
    : undefined;

  usePageTitle(
    i18n._('Pricing — Draftwell'),
    i18n._(
      'Draftwell’s Free, Pro and Business plans: what each includes, monthly and yearly prices, and answers to common questions. E-signature on every plan.',
    ),
  );

  return (
    <div className="mx-auto max-w-6xl px-4 py-14 sm:py-20">
      <header className="mx-auto max-w-2xl text-center">
        <h1 className="text-4xl font-semibold tracking-tight sm:text-5xl">{i18n._('Simple, fair pricing')}</h1>
        <p className="text-muted-foreground mt-4 text-lg">
          {i18n._(
            'Every plan has e-signature with certificates, client-interactive pricing tables, revision history and full export. Paid plans add volume, your own branding and view analytics. No per-document charges.',
          )}
        </p>
        <div className="mt-8 flex justify-center">
          <BillingPeriodSwitch value={period} onChange={setPeriod} />
        </div>
      </header>

      <section aria-label={i18n._('Plans')} className="mt-10">
        {billingOff ? (
          <p
            id={billingOffId}
            className="mx-auto mb-6 max-w-2xl rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-center text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
          >
            {billingOffMessage(i18n)}
          </p>
        ) : null}
        <PlanCards period={period} headingLevel="h2" {...(actionFor ? { actionFor } : {})} />
      </section>

      <section aria-labelledby="compare" className="mt-20">
        <h2 id="compare" className="text-2xl font-semibold tracking-tight sm:text-3xl">
          {i18n._('Compare plans')}
        </h2>
        <p className="text-muted-foreground mt-2">
          {period === 'yearly'
            ? i18n._('The same limits the server applies to your account, shown with yearly prices.')
            : i18n._('The same limits the server applies to your account, shown with monthly prices.')}
        </p>
        <div className="bg-card mt-6 rounded-lg border px-3 sm:px-6">
          <PlanComparisonTable period={period} />
        </div>
      </section>

      <section aria-labelledby="faq" className="mt-20">
        <h2 id="faq" className="text-2xl font-semibold tracking-tight sm:text-3xl">
          {i18n._('Questions about plans')}
        </h2>
        <dl className="mt-8 grid gap-x-12 gap-y-8 md:grid-cols-2">
          {faqs(i18n).map((faq) => (
            <div key={faq.question}>
              <dt className="font-semibold">{faq.question}</dt>
              <dd className="text-muted-foreground mt-2">{faq.answer}</dd>
            </div>
          ))}
        </dl>
        <p className="text-muted-foreground mt-12">
          <Trans
            id="Another question? <0>Write to us</0> and we will answer within two working days."
            components={{
              0: <Link to={paths.contact} className="text-primary font-medium underline underline-offset-4" />,
            }}
          />
        </p>
      </section>
    </div>
  );
}
