import { describe, expect, it } from 'vitest';
import { PLAN_IDS, PLAN_LIST, PLANS, planComparisonRows } from './plans';

describe('plans', () => {
  it('match PRODUCT.md section 7 exactly', () => {
    expect(PLANS.free).toMatchObject({
      priceMonthly: 0,
      priceYearly: 0,
      limits: { proposalsSentPerMonth: 5, ownTemplates: 3, briefDraftsPerMonth: 10 },
      features: { ownBranding: false, eSignatureAndPdf: true, viewAnalyticsAndReminders: false },
    });
    expect(PLANS.pro).toMatchObject({
      priceMonthly: 1900,
      priceYearly: 19000,
      limits: { proposalsSentPerMonth: null, ownTemplates: null, briefDraftsPerMonth: 200 },
      features: { ownBranding: true, viewAnalyticsAndReminders: true },
    });
    expect(PLANS.business).toMatchObject({
      priceMonthly: 4900,
      priceYearly: 49000,
      limits: { proposalsSentPerMonth: null, ownTemplates: null, briefDraftsPerMonth: 1000 },
    });
  });

  it('lists every plan once, in order', () => {
    expect(PLAN_LIST.map((p) => p.id)).toEqual([...PLAN_IDS]);
  });

  it('yearly prices are ten months of the monthly price (two months free)', () => {
    for (const p of PLAN_LIST) expect(p.priceYearly).toBe(p.priceMonthly * 10);
  });

  it('derives the comparison table from the constants', () => {
    const rows = Object.fromEntries(planComparisonRows().map((r) => [r.label, r.values]));
    expect(rows['Proposals sent per month']).toEqual({ free: '5', pro: 'Unlimited', business: 'Unlimited' });
    expect(rows['Own templates']).toEqual({ free: '3', pro: 'Unlimited', business: 'Unlimited' });
    expect(rows['Drafts from a brief per month']).toEqual({ free: '10', pro: '200', business: '1000' });
    expect(rows['Detailed view analytics and reminders']).toEqual({ free: 'No', pro: 'Yes', business: 'Yes' });
    expect(rows['Branding']!.free).toContain('Made with Draftwell');
  });
});
