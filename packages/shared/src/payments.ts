import { formatPercent } from './document/display';
import { roundHalfAwayFromZero, type TPricingTotals } from './document/pricing';
import { moneyLocale } from './document/locale';
import type { I18n } from './i18n/i18n';
import { currencyDigits, formatMoney } from './money';

/**
 * Payment at acceptance (decision 0018): what a proposal asks its client to pay once the last
 * signature is in, how much that comes to for the choices they accepted, and how that amount is
 * written for Stripe. Types and pure functions only: the client's page imports this module to
 * show what will be charged, and must not pull zod (QUALITY P8); the request schemas are in
 * `payments-schemas.ts`. The server computes every amount it charges with these same functions,
 * from the accepted revision, never from the browser (QUALITY A28).
 */

/** The one-off part: nothing, the whole one-off total, or a deposit on it. */
export type TPaymentOneOff =
  | { kind: 'none' }
  | { kind: 'full' }
  /** A share of the one-off total, in basis points (3000 is 30 %). */
  | { kind: 'deposit_percent'; basisPoints: number }
  /** A fixed amount in minor units of the proposal's currency, at most the one-off total. */
  | { kind: 'deposit_fixed'; amount: number };

export type TPaymentOneOffKind = TPaymentOneOff['kind'];

/** Per proposal, chosen in the send dialog; what the client is asked to pay after signing. */
export type TPaymentTerms = {
  oneOff: TPaymentOneOff;
  /** Also the first period of each recurring total (the first month, the first year), in full. */
  firstRecurring: boolean;
};

export const NO_PAYMENT_TERMS: TPaymentTerms = { oneOff: { kind: 'none' }, firstRecurring: false };

export const asksForPayment = (terms: TPaymentTerms): boolean => terms.oneOff.kind !== 'none' || terms.firstRecurring;

/** One line of what is charged; amounts in minor units of the quote's currency. */
export type TPaymentLine = {
  kind: 'deposit' | 'one_off' | 'monthly' | 'yearly';
  amount: number;
  /** The total it is taken from (the one-off, monthly or yearly total of the accepted choices). */
  of: number;
  /** A deposit's share in basis points; null otherwise. */
  basisPoints: number | null;
};

export type TPaymentQuote = { currency: string; lines: TPaymentLine[]; total: number };

/**
 * Where a proposal's payment stands. `requested`: terms set, not accepted yet. After acceptance:
 * `awaiting` (due, not paid), `processing` (paid with a method that takes days to confirm, such as
 * a bank debit), `paid`, `refunded` (in full; a partial refund stays `paid` with `refundedAmount`),
 * or `not_due` (the accepted choices come to nothing to charge).
 */
export const PAYMENT_STATUSES = ['requested', 'awaiting', 'processing', 'paid', 'refunded', 'not_due'] as const;
export type TPaymentStatus = (typeof PAYMENT_STATUSES)[number];

// -----------------------------------------------------------------------------------------------
// Stripe's view of currencies (https://docs.stripe.com/currencies)

/** Currencies Stripe takes in whole units: an amount of 500 JPY is `500`. */
export const STRIPE_ZERO_DECIMAL: readonly string[] = [
  'BIF',
  'CLP',
  'DJF',
  'GNF',
  'JPY',
  'KMF',
  'KRW',
  'MGA',
  'PYG',
  'RWF',
  'UGX',
  'VND',
  'VUV',
  'XAF',
  'XOF',
  'XPF',
];

/** Three-decimal currencies: Stripe takes thousandths, but only amounts whose last digit is 0. */
export const STRIPE_THREE_DECIMAL: readonly string[] = ['BHD', 'JOD', 'KWD', 'OMR', 'TND'];

/** Two decimals in Stripe's API, yet charged in whole units only (the amount divisible by 100). */
export const STRIPE_WHOLE_UNITS_ONLY: readonly string[] = ['ISK'];

/** How Stripe writes amounts of `currency`: its digits, and the step (in its units) it charges in. */
export function stripeCurrency(currency: string): { digits: number; granularity: number } {
  const code = currency.toUpperCase();
  if (STRIPE_ZERO_DECIMAL.includes(code)) return { digits: 0, granularity: 1 };
  if (STRIPE_THREE_DECIMAL.includes(code)) return { digits: 3, granularity: 10 };
  if (STRIPE_WHOLE_UNITS_ONLY.includes(code)) return { digits: 2, granularity: 100 };
  // Every other currency Stripe takes has two decimals.
  return { digits: 2, granularity: 1 };
}

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/**
 * The smallest amount, in the proposal's own minor units (`currencyDigits`), that Stripe can
 * charge in `currency`, and every charged amount is a multiple of: 1 for USD or JPY, 10 (fils) for
 * KWD, BHD and the other three-decimal currencies.
 */
export function chargeStep(currency: string): number {
  const ours = currencyDigits(currency);
  const { digits, granularity } = stripeCurrency(currency);
  if (digits >= ours) {
    const perMinorUnit = 10 ** (digits - ours);
    return granularity / gcd(granularity, perMinorUnit);
  }
  return granularity * 10 ** (ours - digits);
}

/** An amount in the proposal's minor units as Stripe's `unit_amount`; it must be a multiple of `chargeStep`. */
export function toStripeAmount(amount: number, currency: string): number {
  const shift = stripeCurrency(currency).digits - currencyDigits(currency);
  if (shift >= 0) return amount * 10 ** shift;
  const divisor = 10 ** -shift;
  if (amount % divisor !== 0) throw new RangeError(`${amount} is not a whole amount Stripe can charge in ${currency}.`);
  return amount / divisor;
}

/** Stripe's amount back in the proposal's minor units (what was paid, refunded). */
export function fromStripeAmount(amount: number, currency: string): number {
  const shift = stripeCurrency(currency).digits - currencyDigits(currency);
  if (shift <= 0) return amount * 10 ** -shift;
  // Stripe answers in its own units; a fraction of ours (none of our currencies has one) rounds.
  return Number(roundHalfAwayFromZero(BigInt(amount), BigInt(10 ** shift)));
}

// -----------------------------------------------------------------------------------------------
// The amount

/**
 * `numerator / denominator` rounded half away from zero to a multiple of `step`, and never above
 * `cap`: where rounding up would pass the total the amount is taken from, it is rounded down
 * instead (a client is never charged more than that total).
 */
function roundToStep(numerator: bigint, denominator: bigint, step: number, cap: number): number {
  const big = BigInt(step);
  let amount = roundHalfAwayFromZero(numerator, denominator * big) * big;
  if (amount > BigInt(cap)) amount -= big;
  return amount > 0n ? Number(amount) : 0;
}

/**
 * What the client pays after signing, from the totals of the choices they accepted:
 *
 * - the full one-off amount: the one-off total;
 * - a deposit in percent: the one-off total × the percentage;
 * - a fixed deposit: that amount, or the one-off total when it is less;
 * - with `firstRecurring`, each recurring total (monthly, yearly) once, in full.
 *
 * Each line is rounded once, half away from zero, to the smallest amount Stripe charges in the
 * currency (`chargeStep`: one minor unit, or ten fils in the three-decimal currencies), and never
 * above the total it comes from. Lines that come to nothing are left out.
 */
export function paymentQuote(terms: TPaymentTerms, totals: TPricingTotals, currency: string): TPaymentQuote {
  const step = chargeStep(currency);
  const lines: TPaymentLine[] = [];
  const oneOff = totals.one_off.total;
  const { oneOff: part } = terms;
  if (part.kind === 'full') {
    lines.push({
      kind: 'one_off',
      amount: roundToStep(BigInt(oneOff), 1n, step, oneOff),
      of: oneOff,
      basisPoints: null,
    });
  } else if (part.kind === 'deposit_percent') {
    const amount = roundToStep(BigInt(oneOff) * BigInt(part.basisPoints), 10_000n, step, oneOff);
    lines.push({ kind: 'deposit', amount, of: oneOff, basisPoints: part.basisPoints });
  } else if (part.kind === 'deposit_fixed') {
    const amount = roundToStep(BigInt(Math.min(part.amount, oneOff)), 1n, step, oneOff);
    lines.push({ kind: 'deposit', amount, of: oneOff, basisPoints: null });
  }
  if (terms.firstRecurring) {
    for (const kind of ['monthly', 'yearly'] as const) {
      const total = totals[kind].total;
      lines.push({ kind, amount: roundToStep(BigInt(total), 1n, step, total), of: total, basisPoints: null });
    }
  }
  const kept = lines.filter((line) => line.amount > 0);
  return { currency, lines: kept, total: kept.reduce((sum, line) => sum + line.amount, 0) };
}

/**
 * One line of a quote in words: what Checkout, the client's page and the owner's page call it, in
 * `i18n`'s language, its amounts written for `locale` as the document's prices are.
 */
export function paymentLineLabel(
  i18n: I18n,
  line: TPaymentLine,
  currency: string,
  locale = moneyLocale(i18n.locale),
): string {
  switch (line.kind) {
    case 'deposit':
      return line.basisPoints !== null
        ? i18n._('Deposit: {percent} of the one-off total ({total})', {
            percent: formatPercent(line.basisPoints, locale),
            total: formatMoney(line.of, currency, locale),
          })
        : i18n._('Deposit on the one-off total ({total})', { total: formatMoney(line.of, currency, locale) });
    case 'one_off':
      return i18n._('The one-off total');
    case 'monthly':
      return i18n._('The first monthly payment');
    case 'yearly':
      return i18n._('The first yearly payment');
  }
}

/**
 * The terms in a line ("A 30 % deposit on the one-off amount, after signing"), for the send dialog
 * and the proposal's page, in `i18n`'s language (each combination a whole sentence), its amounts
 * written for `locale`.
 */
export function describePaymentTerms(
  i18n: I18n,
  terms: TPaymentTerms,
  currency: string,
  locale = moneyLocale(i18n.locale),
): string {
  const { oneOff } = terms;
  const recurring = terms.firstRecurring;
  switch (oneOff.kind) {
    case 'full':
      return recurring
        ? i18n._('The full one-off amount and the first recurring payment, after signing')
        : i18n._('The full one-off amount, after signing');
    case 'deposit_percent': {
      const percent = formatPercent(oneOff.basisPoints, locale);
      return recurring
        ? i18n._('A {percent} deposit on the one-off amount and the first recurring payment, after signing', {
            percent,
          })
        : i18n._('A {percent} deposit on the one-off amount, after signing', { percent });
    }
    case 'deposit_fixed': {
      const amount = formatMoney(oneOff.amount, currency, locale);
      return recurring
        ? i18n._('A deposit of {amount} and the first recurring payment, after signing', { amount })
        : i18n._('A deposit of {amount}, after signing', { amount });
    }
    case 'none':
      return recurring ? i18n._('The first recurring payment, after signing') : i18n._('No payment');
  }
}

// -----------------------------------------------------------------------------------------------
// What the API answers

/** How the owner's own Stripe account is connected: Stripe Connect (OAuth), or a restricted key. */
export type TPaymentAccountMode = 'connect' | 'key';

/** Profile → Payments: the owner's Stripe account as the app shows it; never a key. */
export type TPaymentAccount = {
  mode: TPaymentAccountMode;
  /** acct_…; null for a restricted key (Stripe does not tell a restricted key its account). */
  accountId: string | null;
  /** The account's business name, when Stripe says it. */
  displayName: string | null;
  /** The last 4 characters of the restricted key; null with Connect. */
  keyLast4: string | null;
  livemode: boolean;
  /** `needs_attention`: Stripe refused the key or the connection since (see `problem`). */
  status: 'active' | 'needs_attention';
  problem: string | null;
  /**
   * How Stripe tells this server about payments: the platform's Connect endpoint, an endpoint made
   * on the owner's account, or none (Stripe could not reach this server's address): then a payment
   * is confirmed when the client comes back from Checkout, or with *Check with Stripe*.
   */
  webhook: 'connect' | 'endpoint' | 'none';
  connectedAt: string;
};

/** GET /api/payments */
export type TPaymentSettings = {
  /** The operator configured Stripe Connect (STRIPE_CONNECT_CLIENT_ID): *Connect with Stripe* works. */
  connectAvailable: boolean;
  account: TPaymentAccount | null;
};

/** POST /api/payments/connect: where to send the browser (Stripe's page to connect an account). */
export type TConnectStart = { url: string };

/** Where the Connect flow comes back to, with `stripe=connected|denied|failed`. */
export const PAYMENTS_RETURN_PATH = '/profile?tab=payments';

/** GET /api/proposals/:id/payment: the proposal's payment, as its owner sees it. */
export type TProposalPayment = {
  terms: TPaymentTerms;
  /** `none` when no payment is asked for. */
  status: TPaymentStatus | 'none';
  currency: string;
  /**
   * What is charged: fixed at acceptance from the accepted choices; before that, what the
   * proposal's own defaults come to (the client's choices may change it).
   */
  quote: TPaymentQuote | null;
  amountPaid: number | null;
  paidAt: string | null;
  paidVia: 'stripe' | 'manual' | null;
  /** Who marked it paid by hand, and their note. */
  markedBy: { name: string; at: string; note: string } | null;
  paymentIntentId: string | null;
  receiptUrl: string | null;
  refundedAmount: number;
  /** The last failed attempt (a declined card, a bank debit that bounced). */
  failure: { message: string; at: string } | null;
  /** The owner can mark it paid by hand now (accepted, not paid yet). */
  canMarkPaid: boolean;
};

/** On the client's page (`payment` of GET /api/share/:token, and GET /api/share/:token/payment). */
export type TSharedPayment = {
  terms: TPaymentTerms;
  status: TPaymentStatus;
  currency: string;
  /** After acceptance, what is due; before, what the sender's defaults come to. */
  quote: TPaymentQuote | null;
  amountPaid: number | null;
  paidAt: string | null;
  paidVia: 'stripe' | 'manual' | null;
  receiptUrl: string | null;
  refundedAmount: number;
  /** The last attempt failed: say so and offer to try again. */
  failure: { message: string; at: string } | null;
  /** Pay can be pressed: accepted, due, and the sender's Stripe account takes payments now. */
  canPay: boolean;
  /** Why Pay cannot be pressed while something is due (the sender's Stripe account needs attention). */
  unavailable: string | null;
};

/** POST /api/share/:token/pay: Stripe Checkout's page for this payment (a new one, or the one still open). */
export type TPayStart = { url: string };

/** The message a client sees when the sender cannot take payments online right now. */
export const PAYMENTS_UNAVAILABLE_MESSAGE =
  'Online payment is not available for this proposal right now. The sender has been told; you can also contact them to pay another way.';
