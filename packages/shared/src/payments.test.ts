import { messages as laterGerman } from './i18n/catalogs/page-later/de';
import { englishI18n } from './i18n/english';
import { createI18n } from './i18n/i18n';
import { describe, expect, it } from 'vitest';
import type { TPricingTotals } from './document/pricing';
import {
  asksForPayment,
  chargeStep,
  describePaymentTerms,
  fromStripeAmount,
  paymentLineLabel,
  paymentQuote,
  toStripeAmount,
  type TPaymentTerms,
} from './payments';
import { ZPaymentTerms, ZStripeKeyInput } from './payments-schemas';

const amounts = (total: number) => ({ net: total, discount: 0, tax: 0, total });
const totals = (oneOff: number, monthly = 0, yearly = 0): TPricingTotals => ({
  one_off: amounts(oneOff),
  monthly: amounts(monthly),
  yearly: amounts(yearly),
});
const terms = (oneOff: TPaymentTerms['oneOff'], firstRecurring = false): TPaymentTerms => ({ oneOff, firstRecurring });

describe('Stripe amounts per currency', () => {
  it('two-decimal currencies: Stripe takes the minor units as they are', () => {
    expect(chargeStep('USD')).toBe(1);
    expect(toStripeAmount(123_456, 'USD')).toBe(123_456);
    expect(fromStripeAmount(123_456, 'EUR')).toBe(123_456);
  });

  it('zero-decimal currencies (JPY, KRW): whole units both sides', () => {
    expect(chargeStep('JPY')).toBe(1);
    expect(toStripeAmount(500, 'JPY')).toBe(500);
    expect(toStripeAmount(150_000, 'KRW')).toBe(150_000);
    expect(fromStripeAmount(500, 'JPY')).toBe(500);
  });

  it('three-decimal currencies (KWD, BHD): thousandths, charged in steps of ten', () => {
    expect(chargeStep('KWD')).toBe(10);
    expect(chargeStep('BHD')).toBe(10);
    expect(toStripeAmount(5_120, 'KWD')).toBe(5_120);
    expect(fromStripeAmount(5_130, 'BHD')).toBe(5_130);
  });

  it('ISK: whole krónur here, hundredths at Stripe (divisible by 100)', () => {
    expect(chargeStep('ISK')).toBe(1);
    expect(toStripeAmount(4_000, 'ISK')).toBe(400_000);
    expect(fromStripeAmount(400_000, 'ISK')).toBe(4_000);
  });

  it('a currency with no decimals here but two at Stripe (HUF) is multiplied by 100', () => {
    expect(toStripeAmount(12_500, 'HUF')).toBe(1_250_000);
    expect(fromStripeAmount(1_250_000, 'HUF')).toBe(12_500);
  });
});

describe('paymentQuote: what is charged after signing', () => {
  it('the full one-off amount', () => {
    const quote = paymentQuote(terms({ kind: 'full' }), totals(1_234_56), 'USD');
    expect(quote).toEqual({
      currency: 'USD',
      lines: [{ kind: 'one_off', amount: 1_234_56, of: 1_234_56, basisPoints: null }],
      total: 1_234_56,
    });
  });

  it('a percentage deposit rounds half away from zero to the cent', () => {
    // 33.33 % of 100.01 = 33.333333 → 33.33; 50 % of 0.05 = 0.025 → 0.03
    expect(paymentQuote(terms({ kind: 'deposit_percent', basisPoints: 3333 }), totals(10_001), 'USD').total).toBe(3333);
    expect(paymentQuote(terms({ kind: 'deposit_percent', basisPoints: 5000 }), totals(5), 'USD').total).toBe(3);
    // 12.5 % of 10.00 = 1.25 exactly
    expect(paymentQuote(terms({ kind: 'deposit_percent', basisPoints: 1250 }), totals(1000), 'EUR').total).toBe(125);
  });

  it('a percentage deposit in JPY rounds to the whole yen', () => {
    // 30 % of ¥12,345 = 3,703.5 → 3,704
    const quote = paymentQuote(terms({ kind: 'deposit_percent', basisPoints: 3000 }), totals(12_345), 'JPY');
    expect(quote.total).toBe(3_704);
    expect(toStripeAmount(quote.total, 'JPY')).toBe(3_704);
  });

  it('a percentage deposit in KWD rounds once to ten fils, never to the fils first', () => {
    // 50 % of 10.249 KWD = 5.1245: rounding to the fils first (5.125) and then to ten fils would
    // give 5.130; rounding once gives 5.120.
    const quote = paymentQuote(terms({ kind: 'deposit_percent', basisPoints: 5000 }), totals(10_249), 'KWD');
    expect(quote.total).toBe(5_120);
    // 50 % of 10.250 = 5.125 → 5.130 (half away from zero)
    expect(paymentQuote(terms({ kind: 'deposit_percent', basisPoints: 5000 }), totals(10_250), 'KWD').total).toBe(
      5_130,
    );
  });

  it('never charges more than the total it comes from', () => {
    // The full amount of 5.125 KWD: 5.130 would be more than the total, so 5.120.
    expect(paymentQuote(terms({ kind: 'full' }), totals(5_125), 'KWD').total).toBe(5_120);
    expect(paymentQuote(terms({ kind: 'full' }), totals(5_124), 'BHD').total).toBe(5_120);
    // 100 % of 7.005 BHD: 7.010 would pass the total.
    expect(paymentQuote(terms({ kind: 'deposit_percent', basisPoints: 10_000 }), totals(7_005), 'BHD').total).toBe(
      7_000,
    );
  });

  it('a fixed deposit is capped at the one-off total the client accepted', () => {
    expect(paymentQuote(terms({ kind: 'deposit_fixed', amount: 50_000 }), totals(200_000), 'USD').total).toBe(50_000);
    expect(paymentQuote(terms({ kind: 'deposit_fixed', amount: 50_000 }), totals(30_000), 'USD').lines).toEqual([
      { kind: 'deposit', amount: 30_000, of: 30_000, basisPoints: null },
    ]);
    // A fixed KWD deposit of 1.005 is charged as 1.010 (never above the total of 2.000).
    expect(paymentQuote(terms({ kind: 'deposit_fixed', amount: 1_005 }), totals(2_000), 'KWD').total).toBe(1_010);
  });

  it('adds the first period of each recurring total when asked', () => {
    const quote = paymentQuote(
      terms({ kind: 'deposit_percent', basisPoints: 2000 }, true),
      totals(100_000, 9_900, 50_000),
      'USD',
    );
    expect(quote.lines.map((l) => [l.kind, l.amount])).toEqual([
      ['deposit', 20_000],
      ['monthly', 9_900],
      ['yearly', 50_000],
    ]);
    expect(quote.total).toBe(79_900);
    // Only the first recurring payment: no one-off line at all.
    const recurringOnly = paymentQuote(terms({ kind: 'none' }, true), totals(100_000, 9_900), 'USD');
    expect(recurringOnly.lines.map((l) => l.kind)).toEqual(['monthly']);
  });

  it('lines that come to nothing are left out; nothing at all is a quote of zero', () => {
    expect(paymentQuote(terms({ kind: 'full' }), totals(0), 'USD')).toEqual({ currency: 'USD', lines: [], total: 0 });
    expect(paymentQuote(terms({ kind: 'deposit_percent', basisPoints: 1 }), totals(49), 'USD').total).toBe(0);
    expect(paymentQuote(terms({ kind: 'none' }), totals(10_000, 500), 'USD').total).toBe(0);
  });

  it('stays exact past 2^53 intermediate products', () => {
    const big = 9_000_000_000_000_00;
    expect(paymentQuote(terms({ kind: 'deposit_percent', basisPoints: 3333 }), totals(big), 'USD').total).toBe(
      299_970_000_000_000,
    );
  });
});

describe('payment terms in words', () => {
  it('describes the terms and each line', () => {
    expect(asksForPayment(terms({ kind: 'none' }))).toBe(false);
    expect(asksForPayment(terms({ kind: 'none' }, true))).toBe(true);
    expect(describePaymentTerms(englishI18n, terms({ kind: 'deposit_percent', basisPoints: 3000 }), 'USD')).toBe(
      'A 30% deposit on the one-off amount, after signing',
    );
    expect(describePaymentTerms(englishI18n, terms({ kind: 'deposit_fixed', amount: 50_000 }, true), 'USD')).toBe(
      'A deposit of $500 and the first recurring payment, after signing',
    );
    expect(describePaymentTerms(englishI18n, terms({ kind: 'full' }, true), 'USD')).toBe(
      'The full one-off amount and the first recurring payment, after signing',
    );
    expect(describePaymentTerms(englishI18n, terms({ kind: 'none' }, true), 'USD')).toBe(
      'The first recurring payment, after signing',
    );
    expect(describePaymentTerms(englishI18n, terms({ kind: 'none' }), 'USD')).toBe('No payment');
    expect(paymentLineLabel(englishI18n, { kind: 'deposit', amount: 300, of: 1000, basisPoints: 3000 }, 'EUR')).toBe(
      'Deposit: 30% of the one-off total (€10)',
    );
  });

  it('describes the terms in German, amounts written for German, with no English left', () => {
    const german = createI18n('de', laterGerman);
    const all = [
      terms({ kind: 'full' }),
      terms({ kind: 'full' }, true),
      terms({ kind: 'deposit_percent', basisPoints: 3000 }),
      terms({ kind: 'deposit_percent', basisPoints: 3000 }, true),
      terms({ kind: 'deposit_fixed', amount: 50_000 }),
      terms({ kind: 'deposit_fixed', amount: 50_000 }, true),
      terms({ kind: 'none' }, true),
      terms({ kind: 'none' }),
    ].map((t) => describePaymentTerms(german, t, 'EUR'));
    expect(all[5]).toBe('Eine Anzahlung von 500\u00a0€ und die erste wiederkehrende Zahlung, nach der Unterschrift');
    expect(all[7]).toBe('Keine Zahlung');
    for (const line of all) {
      expect(line).not.toMatch(/\b(deposit|payment|after|signing|recurring|one-off|amount|full|first|no)\b/i);
    }
  });
});

describe('payment schemas', () => {
  it('refuses an amount to charge or a currency from the browser (A28)', () => {
    expect(ZPaymentTerms.safeParse({ oneOff: { kind: 'full' }, amount: 100 }).success).toBe(false);
    expect(ZPaymentTerms.safeParse({ oneOff: { kind: 'full', currency: 'USD' } }).success).toBe(false);
    expect(ZPaymentTerms.safeParse({ oneOff: { kind: 'deposit_percent', basisPoints: 0 } }).success).toBe(false);
    expect(ZPaymentTerms.safeParse({ oneOff: { kind: 'deposit_percent', basisPoints: 10_001 } }).success).toBe(false);
    expect(ZPaymentTerms.parse({ oneOff: { kind: 'deposit_fixed', amount: 500 } })).toEqual({
      oneOff: { kind: 'deposit_fixed', amount: 500 },
      firstRecurring: false,
    });
  });

  it('takes restricted keys only', () => {
    expect(ZStripeKeyInput.safeParse({ key: ' rk_test_51AbCdEfGhIjKl ' }).success).toBe(true);
    expect(ZStripeKeyInput.safeParse({ key: 'sk_live_51AbCdEfGhIjKl' }).success).toBe(false);
    expect(ZStripeKeyInput.safeParse({ key: 'pk_test_51AbCdEfGhIjKl' }).success).toBe(false);
  });
});
