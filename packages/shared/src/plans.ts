import type { I18n } from './i18n/i18n';

/**
 * The plans, in one place: /pricing renders them and the server enforces them.
 * Prices are integer minor units (US cents). Plan names are brand names, the same in every
 * language; the words about a plan take the reader's `i18n` (planTagline, planComparisonRows).
 */
export const PLAN_IDS = ['free', 'pro', 'business'] as const;
export type TPlanId = (typeof PLAN_IDS)[number];

export type TPlan = {
  id: TPlanId;
  name: string;
  currency: 'USD';
  priceMonthly: number;
  priceYearly: number;
  limits: {
    /** null means unlimited */
    proposalsSentPerMonth: number | null;
    ownTemplates: number | null;
    briefDraftsPerMonth: number;
  };
  features: {
    ownBranding: boolean;
    eSignatureAndPdf: boolean;
    viewAnalyticsAndReminders: boolean;
  };
};

export const PLANS: Record<TPlanId, TPlan> = {
  free: {
    id: 'free',
    name: 'Free',
    currency: 'USD',
    priceMonthly: 0,
    priceYearly: 0,
    limits: { proposalsSentPerMonth: 5, ownTemplates: 3, briefDraftsPerMonth: 10 },
    features: { ownBranding: false, eSignatureAndPdf: true, viewAnalyticsAndReminders: false },
  },
  pro: {
    id: 'pro',
    name: 'Pro',
    currency: 'USD',
    priceMonthly: 1900,
    priceYearly: 19000,
    limits: { proposalsSentPerMonth: null, ownTemplates: null, briefDraftsPerMonth: 200 },
    features: { ownBranding: true, eSignatureAndPdf: true, viewAnalyticsAndReminders: true },
  },
  business: {
    id: 'business',
    name: 'Business',
    currency: 'USD',
    priceMonthly: 4900,
    priceYearly: 49000,
    limits: { proposalsSentPerMonth: null, ownTemplates: null, briefDraftsPerMonth: 1000 },
    features: { ownBranding: true, eSignatureAndPdf: true, viewAnalyticsAndReminders: true },
  },
};

export const PLAN_LIST: readonly TPlan[] = PLAN_IDS.map((id) => PLANS[id]);

/** A plan's tagline under its name: "For your first clients". */
export function planTagline(i18n: I18n, plan: Pick<TPlan, 'id'>): string {
  switch (plan.id) {
    case 'free':
      return i18n._('For your first clients');
    case 'pro':
      return i18n._('For freelancers who send every week');
    case 'business':
      return i18n._('For agencies and sales teams');
  }
}

/**
 * One row of the comparison table on /pricing, derived from the constants above: each plan's
 * value as words, or true / false for a feature it has or not (shown as Yes / No).
 */
export type TPlanFeatureRow = { label: string; values: Record<TPlanId, string | boolean> };

export function planComparisonRows(i18n: I18n): TPlanFeatureRow[] {
  const row = (label: string, pick: (p: TPlan) => string | boolean): TPlanFeatureRow => ({
    label,
    values: { free: pick(PLANS.free), pro: pick(PLANS.pro), business: pick(PLANS.business) },
  });
  const unlimited = (n: number | null) => (n === null ? i18n._('Unlimited') : String(n));
  return [
    row(i18n._('Proposals sent per month'), (p) => unlimited(p.limits.proposalsSentPerMonth)),
    row(i18n._('Own templates'), (p) => unlimited(p.limits.ownTemplates)),
    row(i18n._('Drafts from a brief per month'), (p) => String(p.limits.briefDraftsPerMonth)),
    row(i18n._('Branding'), (p) =>
      p.features.ownBranding ? i18n._('Your logo and colour') : i18n._('“Made with Draftwell” footer'),
    ),
    row(i18n._('E-signature and PDF'), (p) => p.features.eSignatureAndPdf),
    row(i18n._('Detailed view analytics and reminders'), (p) => p.features.viewAnalyticsAndReminders),
  ];
}

// ---------------------------------------------------------------------------------------------
// Limits, usage periods and the billing state the app shows

/** The actions a plan limits. `ownTemplates` counts what exists; the others count per period. */
export const LIMITED_ACTIONS = ['proposalsSent', 'briefDrafts', 'ownTemplates'] as const;
export type TLimitedAction = (typeof LIMITED_ACTIONS)[number];
/** The actions counted per usage period. */
export type TUsageMetric = Exclude<TLimitedAction, 'ownTemplates'>;

export const BILLING_INTERVALS = ['month', 'year'] as const;
export type TBillingInterval = (typeof BILLING_INTERVALS)[number];

/** The plan's limit for an action; null means unlimited. */
export function planLimit(plan: TPlanId, action: TLimitedAction): number | null {
  const limits = PLANS[plan].limits;
  switch (action) {
    case 'proposalsSent':
      return limits.proposalsSentPerMonth;
    case 'briefDrafts':
      return limits.briefDraftsPerMonth;
    case 'ownTemplates':
      return limits.ownTemplates;
  }
}

/** The cheapest plan whose limit for `action` is above `used`, or null when none is. */
export function planThatLifts(action: TLimitedAction, used: number): TPlanId | null {
  for (const id of PLAN_IDS) {
    const limit = planLimit(id, action);
    if (limit === null || limit > used) return id;
  }
  return null;
}

const ACTION_WORDS: Record<TLimitedAction, { noun: string; counted: string }> = {
  proposalsSent: { noun: 'proposals sent', counted: 'this month' },
  briefDrafts: { noun: 'drafts from a brief', counted: 'this month' },
  ownTemplates: { noun: 'own templates', counted: '' },
};

export const LIMITED_ACTION_LABELS: Record<TLimitedAction, string> = {
  proposalsSent: 'Proposals sent',
  briefDrafts: 'Drafts from a brief',
  ownTemplates: 'Own templates',
};

/** The `details` of a 402 `plan_limit` error. */
export type TPlanLimitDetails = {
  action: TLimitedAction;
  plan: TPlanId;
  limit: number;
  used: number;
  /** The plan that lifts this limit, for the Upgrade action; null when none does. */
  upgradeTo: TPlanId | null;
};

/** The `details` of a 402 `plan_limit` error for a feature the plan does not include. */
export type TPlanFeatureDetails = {
  feature: keyof TPlan['features'];
  plan: TPlanId;
  upgradeTo: TPlanId | null;
};

/** The cheapest plan that has `feature`. */
export function planWithFeature(feature: keyof TPlan['features']): TPlanId | null {
  return PLAN_IDS.find((id) => PLANS[id].features[feature]) ?? null;
}

/** The message a person reads when a limit refuses an action. */
export function planLimitMessage(d: TPlanLimitDetails): string {
  const words = ACTION_WORDS[d.action];
  const when = words.counted ? ` ${words.counted}` : '';
  const head = `Your ${PLANS[d.plan].name} plan includes ${d.limit} ${words.noun}${when}, and you have used them all.`;
  if (!d.upgradeTo) return head;
  const next = PLANS[d.upgradeTo];
  const lifted = planLimit(d.upgradeTo, d.action);
  return `${head} Upgrade to ${next.name} for ${lifted === null ? 'unlimited' : lifted} ${words.noun}${when ? ' a month' : ''}.`;
}

/** yyyy-mm-dd arithmetic in UTC, without time zones getting in the way. */
function ymd(d: Date): string {
  return d.toISOString().slice(0, 10);
}
function daysInMonth(year: number, month0: number): number {
  return new Date(Date.UTC(year, month0 + 1, 0)).getUTCDate();
}
function anchoredDay(year: number, month0: number, anchorDay: number): Date {
  return new Date(Date.UTC(year, month0, Math.min(anchorDay, daysInMonth(year, month0))));
}

/**
 * The usage period containing `today`: monthly, starting on `anchorDay` of the month (the day a
 * subscription started, clamped to short months), or on the 1st without a subscription.
 * `end` is exclusive: the day counters start again from zero.
 */
export function usagePeriod(today: string, anchorDay = 1): { start: string; end: string } {
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  const thisMonth = anchoredDay(y, m - 1, anchorDay);
  const startsThisMonth = d >= thisMonth.getUTCDate();
  const start = startsThisMonth ? thisMonth : anchoredDay(y, m - 2, anchorDay);
  const end = startsThisMonth ? anchoredDay(y, m, anchorDay) : thisMonth;
  return { start: ymd(start), end: ymd(end) };
}

/** Subscription statuses under which the paid plan applies (past_due: Stripe is still retrying). */
export const PAID_STATUSES = ['active', 'trialing', 'past_due'] as const;

export type TSubscriptionView = {
  source: 'stripe' | 'admin';
  plan: TPlanId;
  /** Stripe's status: trialing, active, past_due, canceled, unpaid, incomplete, …; active for admin. */
  status: string;
  interval: TBillingInterval | null;
  /** ISO timestamps */
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  canceledAt: string | null;
  trialEnd: string | null;
  paymentFailedAt: string | null;
};

export type TUsageMeter = { action: TLimitedAction; used: number; limit: number | null };

/** GET /api/billing: what Profile → Plan shows. */
export type TBillingState = {
  plan: TPlanId;
  /** Stripe is configured on this server: Upgrade and Manage billing work. */
  billingEnabled: boolean;
  subscription: TSubscriptionView | null;
  /** The current usage period, yyyy-mm-dd, end exclusive. */
  period: { start: string; end: string };
  meters: TUsageMeter[];
};

/**
 * The API's answer (409 billing_off) where a plan would be bought or changed and the server has
 * no billing, in English like the API's other messages; a page shows billingOffMessage().
 */
export const BILLING_OFF_MESSAGE =
  'Billing is not set up on this server, so plans cannot be bought or changed here. To change your plan, ask whoever runs this server.';

/**
 * What a user reads where a plan would be bought or changed and the server has no billing: in
 * words for them, in their language. The operator's command is in the server's start-up log and the README.
 */
export function billingOffMessage(i18n: I18n): string {
  return i18n._(
    'Billing is not set up on this server, so plans cannot be bought or changed here. To change your plan, ask whoever runs this server.',
  );
}

/** The realtime event on a user's channel when their plan or subscription changed. */
export const BILLING_CHANGED_EVENT = 'billing.changed';
