import { describe, expect, it } from 'vitest';
import { englishI18n } from '@draftwell/shared/i18n/english';
import type { TSubscriptionView } from '@draftwell/shared/plans';
import { meterTone, periodLabel, planStatus, resetsOn } from './billing-text';

const stripe = (over: Partial<TSubscriptionView>): TSubscriptionView => ({
  source: 'stripe',
  plan: 'pro',
  status: 'active',
  interval: 'month',
  currentPeriodEnd: '2026-12-24T10:00:00.000Z',
  cancelAtPeriodEnd: false,
  canceledAt: null,
  trialEnd: null,
  paymentFailedAt: null,
  ...over,
});

describe('planStatus', () => {
  it('no subscription: the default plan, with a nudge only when billing is on', () => {
    expect(planStatus(englishI18n, { plan: 'free', subscription: null, billingEnabled: false })).toEqual({
      badge: 'Active',
      tone: 'default',
      detail: 'You are on the Free plan.',
    });
    expect(planStatus(englishI18n, { plan: 'free', subscription: null, billingEnabled: true }).detail).toContain(
      'Upgrade any time',
    );
  });

  it('each Stripe status with its date', () => {
    const at = (s: Partial<TSubscriptionView>) =>
      planStatus(englishI18n, { plan: 'pro', subscription: stripe(s), billingEnabled: true });
    expect(at({})).toMatchObject({ badge: 'Active', detail: 'Billed monthly; renews on December 24, 2026.' });
    expect(at({ interval: 'year' }).detail).toBe('Billed yearly; renews on December 24, 2026.');
    expect(at({ cancelAtPeriodEnd: true })).toMatchObject({
      badge: 'Cancels soon',
      tone: 'warning',
      detail: 'Canceled: Pro stays until December 24, 2026, then you move to the Free plan. Nothing is deleted.',
    });
    expect(at({ status: 'trialing', trialEnd: '2026-12-01T00:00:00.000Z' }).detail).toBe(
      'Your trial runs until December 1, 2026; then Pro is billed monthly.',
    );
    expect(at({ status: 'past_due', paymentFailedAt: '2026-11-20T08:00:00.000Z' })).toMatchObject({
      badge: 'Payment failed',
      tone: 'destructive',
    });
    expect(at({ status: 'past_due', paymentFailedAt: '2026-11-20T08:00:00.000Z' }).detail).toContain(
      '(November 20, 2026)',
    );
    const ended = planStatus(englishI18n, {
      plan: 'free',
      subscription: stripe({ status: 'canceled', canceledAt: '2026-11-02T00:00:00.000Z' }),
      billingEnabled: true,
    });
    expect(ended.detail).toBe(
      'Your Pro subscription ended on November 2, 2026. You are on the Free plan; everything you made is still here.',
    );
    expect(at({ status: 'incomplete' }).detail).toContain('(incomplete)');
  });

  it('a plan set by the operator says so', () => {
    const admin = stripe({ source: 'admin', plan: 'business', interval: null, currentPeriodEnd: null });
    expect(planStatus(englishI18n, { plan: 'business', subscription: admin, billingEnabled: false }).detail).toBe(
      'The Business plan, set by this server’s operator.',
    );
  });
});

it('resetsOn names the first day of the next period', () => {
  expect(resetsOn(englishI18n, '2026-12-01')).toBe('Resets on December 1, 2026');
});

it('periodLabel shows the last day of the period, not the exclusive end', () => {
  expect(periodLabel({ start: '2026-11-01', end: '2026-12-01' })).toBe('November 1, 2026 – November 30, 2026');
  expect(periodLabel({ start: '2026-01-31', end: '2026-02-28' })).toBe('January 31, 2026 – February 27, 2026');
});

it('meterTone warns from 80% and stops at the limit; unlimited never does', () => {
  expect(meterTone(3, 5)).toBe('ok');
  expect(meterTone(4, 5)).toBe('near');
  expect(meterTone(5, 5)).toBe('full');
  expect(meterTone(999, null)).toBe('ok');
});
