import { describe, expect, it } from 'vitest';
import { englishI18n } from './i18n/english';
import {
  PLAN_IDS,
  PLAN_LIST,
  PLANS,
  billingOffMessage,
  BILLING_OFF_MESSAGE,
  planComparisonRows,
  planLimit,
  planLimitMessage,
  planTagline,
  planThatLifts,
  planWithFeature,
  usagePeriod,
} from './plans';

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
    const rows = Object.fromEntries(planComparisonRows(englishI18n).map((r) => [r.label, r.values]));
    expect(rows['Proposals sent per month']).toEqual({ free: '5', pro: 'Unlimited', business: 'Unlimited' });
    expect(rows['Own templates']).toEqual({ free: '3', pro: 'Unlimited', business: 'Unlimited' });
    expect(rows['Drafts from a brief per month']).toEqual({ free: '10', pro: '200', business: '1000' });
    expect(rows['Detailed view analytics and reminders']).toEqual({ free: false, pro: true, business: true });
    expect(rows['Branding']!.free).toContain('Made with Draftwell');
  });

  it('says the words about plans in the reader’s language, the English the API answers with in English', () => {
    expect(PLAN_LIST.map((plan) => planTagline(englishI18n, plan))).toEqual([
      'For your first clients',
      'For freelancers who send every week',
      'For agencies and sales teams',
    ]);
    expect(billingOffMessage(englishI18n)).toBe(BILLING_OFF_MESSAGE);
  });
});

describe('limits', () => {
  it('planLimit reads each action from the plan; null is unlimited', () => {
    expect(planLimit('free', 'proposalsSent')).toBe(5);
    expect(planLimit('free', 'ownTemplates')).toBe(3);
    expect(planLimit('free', 'briefDrafts')).toBe(10);
    expect(planLimit('pro', 'proposalsSent')).toBeNull();
    expect(planLimit('business', 'briefDrafts')).toBe(1000);
  });

  it('planThatLifts names the cheapest plan with room past what was used', () => {
    expect(planThatLifts('proposalsSent', 5)).toBe('pro');
    expect(planThatLifts('briefDrafts', 10)).toBe('pro');
    expect(planThatLifts('briefDrafts', 200)).toBe('business');
    expect(planThatLifts('briefDrafts', 1000)).toBeNull();
    expect(planThatLifts('ownTemplates', 0)).toBe('free');
  });

  it('planLimitMessage names the limit, the period and the plan that lifts it', () => {
    expect(planLimitMessage({ action: 'proposalsSent', plan: 'free', limit: 5, used: 5, upgradeTo: 'pro' })).toBe(
      'Your Free plan includes 5 proposals sent this month, and you have used them all. Upgrade to Pro for unlimited proposals sent a month.',
    );
    expect(planLimitMessage({ action: 'ownTemplates', plan: 'free', limit: 3, used: 3, upgradeTo: 'pro' })).toBe(
      'Your Free plan includes 3 own templates, and you have used them all. Upgrade to Pro for unlimited own templates.',
    );
    expect(planLimitMessage({ action: 'briefDrafts', plan: 'pro', limit: 200, used: 200, upgradeTo: 'business' })).toBe(
      'Your Pro plan includes 200 drafts from a brief this month, and you have used them all. Upgrade to Business for 1000 drafts from a brief a month.',
    );
    expect(
      planLimitMessage({ action: 'briefDrafts', plan: 'business', limit: 1000, used: 1000, upgradeTo: null }),
    ).toBe('Your Business plan includes 1000 drafts from a brief this month, and you have used them all.');
  });

  it('planWithFeature finds the cheapest plan that has it', () => {
    expect(planWithFeature('viewAnalyticsAndReminders')).toBe('pro');
    expect(planWithFeature('eSignatureAndPdf')).toBe('free');
  });
});

describe('usagePeriod', () => {
  it('is the calendar month without an anchor; the end is the first day of the next', () => {
    expect(usagePeriod('2026-11-24')).toEqual({ start: '2026-11-01', end: '2026-12-01' });
    expect(usagePeriod('2026-12-31')).toEqual({ start: '2026-12-01', end: '2027-01-01' });
    expect(usagePeriod('2026-01-01')).toEqual({ start: '2026-01-01', end: '2026-02-01' });
  });

  it('runs monthly from a subscription’s start day', () => {
    expect(usagePeriod('2026-11-24', 24)).toEqual({ start: '2026-11-24', end: '2026-12-24' });
    expect(usagePeriod('2026-11-23', 24)).toEqual({ start: '2026-10-24', end: '2026-11-24' });
    expect(usagePeriod('2026-01-05', 24)).toEqual({ start: '2025-12-24', end: '2026-01-24' });
  });

  it('clamps the start day to short months', () => {
    expect(usagePeriod('2026-02-28', 31)).toEqual({ start: '2026-02-28', end: '2026-03-31' });
    expect(usagePeriod('2026-02-27', 31)).toEqual({ start: '2026-01-31', end: '2026-02-28' });
    expect(usagePeriod('2024-02-29', 30)).toEqual({ start: '2024-02-29', end: '2024-03-30' });
    expect(usagePeriod('2026-03-30', 31)).toEqual({ start: '2026-02-28', end: '2026-03-31' });
  });

  it('every day of a year falls in exactly one period, and periods follow each other', () => {
    for (const anchor of [1, 15, 29, 31]) {
      let day = new Date(Date.UTC(2026, 0, 1));
      let previous = usagePeriod('2026-01-01', anchor);
      for (let i = 0; i < 366; i++) {
        const iso = day.toISOString().slice(0, 10);
        const p = usagePeriod(iso, anchor);
        expect(p.start <= iso && iso < p.end, `${iso} in ${JSON.stringify(p)} (anchor ${anchor})`).toBe(true);
        if (p.start !== previous.start) expect(p.start).toBe(previous.end);
        previous = p;
        day = new Date(day.getTime() + 86_400_000);
      }
    }
  });
});
