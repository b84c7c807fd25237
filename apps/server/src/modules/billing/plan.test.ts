import { describe, expect, it } from 'vitest';
import { periodsOf, type TSubscriptionRow } from './plan';

const at = (day: string) => new Date(`${day}T09:30:00Z`);
const row = (patch: Partial<TSubscriptionRow>): TSubscriptionRow => ({
  userId: '00000000-0000-4000-8000-000000000001',
  plan: 'pro',
  status: 'active',
  source: 'stripe',
  interval: 'month',
  currentPeriodStart: null,
  currentPeriodEnd: null,
  cancelAtPeriodEnd: false,
  canceledAt: null,
  trialEnd: null,
  stripeCustomerId: 'cus_1',
  stripeSubscriptionId: 'sub_1',
  stripePriceId: 'price_1',
  paymentFailedAt: null,
  updatedAt: at('2027-01-31'),
  ...patch,
});

describe('usage periods', () => {
  it('without a paid subscription: calendar months', () => {
    expect(periodsOf(null, false)('2027-02-15')).toEqual({ start: '2027-02-01', end: '2027-03-01' });
    const canceled = row({ currentPeriodStart: at('2027-01-31'), currentPeriodEnd: at('2027-02-28') });
    expect(periodsOf(canceled, false)('2027-02-15')).toEqual({ start: '2027-02-01', end: '2027-03-01' });
  });

  it('a monthly subscription started on the 31st follows Stripe’s periods through February', () => {
    const february = row({ currentPeriodStart: at('2027-01-31'), currentPeriodEnd: at('2027-02-28') });
    expect(periodsOf(february, true)('2027-02-10')).toEqual({ start: '2027-01-31', end: '2027-02-28' });
    // Stripe's next period runs from the 28th of February to the 31st of March, not to the 28th.
    const march = row({ currentPeriodStart: at('2027-02-28'), currentPeriodEnd: at('2027-03-31') });
    expect(periodsOf(march, true)('2027-03-29')).toEqual({ start: '2027-02-28', end: '2027-03-31' });
  });

  it('once a period has ended before Stripe’s renewal arrives, the next starts where it ended', () => {
    const march = row({ currentPeriodStart: at('2027-02-28'), currentPeriodEnd: at('2027-03-31') });
    expect(periodsOf(march, true)('2027-04-01').start).toBe('2027-03-31');
    const february = row({ currentPeriodStart: at('2027-01-31'), currentPeriodEnd: at('2027-02-28') });
    // The key is what matters: the renewal (28 Feb → 31 Mar) will start on the same day.
    expect(periodsOf(february, true)('2027-03-02').start).toBe('2027-02-28');
  });

  it('a yearly subscription resets usage monthly on the day it started', () => {
    const yearly = row({ interval: 'year', currentPeriodStart: at('2027-01-31'), currentPeriodEnd: at('2028-01-31') });
    expect(periodsOf(yearly, true)('2027-02-28')).toEqual({ start: '2027-02-28', end: '2027-03-31' });
    expect(periodsOf(yearly, true)('2027-03-15')).toEqual({ start: '2027-02-28', end: '2027-03-31' });
    expect(periodsOf(yearly, true)('2027-03-31')).toEqual({ start: '2027-03-31', end: '2027-04-30' });
  });
});
