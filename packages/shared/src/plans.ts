/**
 * The plans, in one place: /pricing renders them and the server enforces them.
 * Prices are integer minor units (US cents).
 */
export const PLAN_IDS = ['free', 'pro', 'business'] as const;
export type TPlanId = (typeof PLAN_IDS)[number];

export type TPlan = {
  id: TPlanId;
  name: string;
  tagline: string;
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
    tagline: 'For your first clients',
    currency: 'USD',
    priceMonthly: 0,
    priceYearly: 0,
    limits: { proposalsSentPerMonth: 5, ownTemplates: 3, briefDraftsPerMonth: 10 },
    features: { ownBranding: false, eSignatureAndPdf: true, viewAnalyticsAndReminders: false },
  },
  pro: {
    id: 'pro',
    name: 'Pro',
    tagline: 'For freelancers who send every week',
    currency: 'USD',
    priceMonthly: 1900,
    priceYearly: 19000,
    limits: { proposalsSentPerMonth: null, ownTemplates: null, briefDraftsPerMonth: 200 },
    features: { ownBranding: true, eSignatureAndPdf: true, viewAnalyticsAndReminders: true },
  },
  business: {
    id: 'business',
    name: 'Business',
    tagline: 'For agencies and sales teams',
    currency: 'USD',
    priceMonthly: 4900,
    priceYearly: 49000,
    limits: { proposalsSentPerMonth: null, ownTemplates: null, briefDraftsPerMonth: 1000 },
    features: { ownBranding: true, eSignatureAndPdf: true, viewAnalyticsAndReminders: true },
  },
};

export const PLAN_LIST: readonly TPlan[] = PLAN_IDS.map((id) => PLANS[id]);

/** One row of the comparison table on /pricing, derived from the constants above. */
export type TPlanFeatureRow = { label: string; values: Record<TPlanId, string> };

const unlimited = (n: number | null) => (n === null ? 'Unlimited' : String(n));
const yesNo = (b: boolean) => (b ? 'Yes' : 'No');

export function planComparisonRows(): TPlanFeatureRow[] {
  const row = (label: string, pick: (p: TPlan) => string): TPlanFeatureRow => ({
    label,
    values: { free: pick(PLANS.free), pro: pick(PLANS.pro), business: pick(PLANS.business) },
  });
  return [
    row('Proposals sent per month', (p) => unlimited(p.limits.proposalsSentPerMonth)),
    row('Own templates', (p) => unlimited(p.limits.ownTemplates)),
    row('Drafts from a brief per month', (p) => String(p.limits.briefDraftsPerMonth)),
    row('Branding', (p) =>
      p.features.ownBranding ? 'Your logo and colour' : '"Made with Draftwell" footer',
    ),
    row('E-signature and PDF', (p) => yesNo(p.features.eSignatureAndPdf)),
    row('Detailed view analytics and reminders', (p) => yesNo(p.features.viewAnalyticsAndReminders)),
  ];
}
