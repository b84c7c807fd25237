/**
 * Pricing math for pricing tables. Money is integer minor units of the proposal's currency
 * (cents, fils, yen: the math does not care how many digits the currency has), quantities are
 * integer thousandths and percentages are basis points, so no float ever touches an amount.
 */

export const BILLING_KINDS = ['one_off', 'monthly', 'yearly'] as const;
export type TBillingKind = (typeof BILLING_KINDS)[number];

/** Quantities are thousandths: 1500 is 1.5. */
export const QUANTITY_SCALE = 1000;
/** Percentages are basis points: 1250 is 12.5 %, 10000 is 100 %. */
export const BASIS_POINTS_SCALE = 10_000;
/** 10^13 minor units: a hundred billion in a two-decimal currency. */
export const MAX_UNIT_PRICE = 10 ** 13;
/** One million units, in thousandths. */
export const MAX_QUANTITY = 10 ** 9;

export type TPricingAmounts = { net: number; discount: number; tax: number; total: number };
export type TPricingTotals = Record<TBillingKind, TPricingAmounts>;

export type TPricingErrorCode =
  | 'invalid_amount'
  | 'amount_too_large'
  | 'quantity_out_of_range'
  | 'quantity_fixed'
  | 'line_not_optional'
  | 'choice_not_single'
  | 'unknown_line';

/**
 * A RangeError, so callers that only know "the numbers are out of range" can catch it, with a
 * code the server maps to a 400 and a message a person can act on.
 */
export class PricingError extends RangeError {
  readonly code: TPricingErrorCode;

  constructor(code: TPricingErrorCode, message: string) {
    super(message);
    this.name = 'PricingError';
    this.code = code;
  }
}

/** numerator / denominator rounded to an integer, halves away from zero (2.5 -> 3, -2.5 -> -3). */
export function roundHalfAwayFromZero(numerator: bigint, denominator: bigint): bigint {
  if (denominator <= 0n) throw new RangeError('The denominator must be positive.');
  const quotient = numerator / denominator;
  const remainder = numerator % denominator;
  const twiceRemainder = (remainder < 0n ? -remainder : remainder) * 2n;
  if (twiceRemainder < denominator) return quotient;
  return numerator < 0n ? quotient - 1n : quotient + 1n;
}

/** Amounts in exact bigint minor units, before they are checked to fit a JavaScript number. */
export type TBigAmounts = { net: bigint; discount: bigint; tax: bigint; total: bigint };

const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);
const ZERO_AMOUNTS: TBigAmounts = { net: 0n, discount: 0n, tax: 0n, total: 0n };

/** Renders thousandths the way a person typed them: 1500 -> "1.5". */
export function formatQuantity(thousandths: number): string {
  const whole = Math.trunc(thousandths / QUANTITY_SCALE);
  const fraction = String(Math.abs(thousandths % QUANTITY_SCALE))
    .padStart(3, '0')
    .replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : String(whole);
}

function assertInteger(value: number, min: number, max: number, what: string): void {
  if (!Number.isSafeInteger(value) || value < min || value > max) {
    throw new PricingError('invalid_amount', `${what} must be a whole number from ${min} to ${max}; got ${value}.`);
  }
}

function toSafeNumber(value: bigint): number {
  if (value > MAX_SAFE || value < -MAX_SAFE) {
    throw new PricingError(
      'amount_too_large',
      `An amount of ${value} minor units is too large to compute exactly; the limit is ${Number.MAX_SAFE_INTEGER}.`,
    );
  }
  return Number(value);
}

function toNumbers(amounts: TBigAmounts): TPricingAmounts {
  return {
    net: toSafeNumber(amounts.net),
    discount: toSafeNumber(amounts.discount),
    tax: toSafeNumber(amounts.tax),
    total: toSafeNumber(amounts.total),
  };
}

/** Sums two sets of amounts exactly (for pricing.ts, which totals tables in bigints too). */
export function addAmounts(a: TBigAmounts, b: TBigAmounts): TBigAmounts {
  return { net: a.net + b.net, discount: a.discount + b.discount, tax: a.tax + b.tax, total: a.total + b.total };
}

/** The fields of a pricing line its amounts are computed from (a TPricingLine has them all). */
export type TLineAmountsInput = { quantity: number; unitPrice: number; discountPercent: number; taxPercent: number };

/** One line's amounts as exact bigints; lineTotal below is the checked, number form. */
export function lineAmounts(line: TLineAmountsInput): TBigAmounts {
  assertInteger(line.quantity, 0, Number.MAX_SAFE_INTEGER, 'Quantity (in thousandths)');
  assertInteger(line.unitPrice, 0, Number.MAX_SAFE_INTEGER, 'Unit price (in minor units)');
  assertInteger(line.discountPercent, 0, BASIS_POINTS_SCALE, 'Discount (in basis points)');
  assertInteger(line.taxPercent, 0, BASIS_POINTS_SCALE, 'Tax (in basis points)');
  // BigInt because price x quantity alone can pass 2^53 well before the rounded result does.
  const gross = roundHalfAwayFromZero(BigInt(line.quantity) * BigInt(line.unitPrice), BigInt(QUANTITY_SCALE));
  const discount = roundHalfAwayFromZero(gross * BigInt(line.discountPercent), BigInt(BASIS_POINTS_SCALE));
  const net = gross - discount;
  const tax = roundHalfAwayFromZero(net * BigInt(line.taxPercent), BigInt(BASIS_POINTS_SCALE));
  return { net, discount, tax, total: net + tax };
}

/**
 * One line's amounts, each step rounded to the minor unit: gross = quantity x unit price,
 * discount = gross x discount %, net = gross - discount, tax = net x tax %, total = net + tax.
 * Throws a PricingError (a RangeError) when an amount would not be an exact JavaScript number.
 */
export function lineTotal(line: TLineAmountsInput): TPricingAmounts {
  return toNumbers(lineAmounts(line));
}

/** Zero totals for every billing kind, to sum lines into. */
export function emptyBigTotals(): Record<TBillingKind, TBigAmounts> {
  return { one_off: ZERO_AMOUNTS, monthly: ZERO_AMOUNTS, yearly: ZERO_AMOUNTS };
}

/** Totals as exact JavaScript numbers; a PricingError when one would not fit. */
export function totalsToNumbers(sums: Record<TBillingKind, TBigAmounts>): TPricingTotals {
  return { one_off: toNumbers(sums.one_off), monthly: toNumbers(sums.monthly), yearly: toNumbers(sums.yearly) };
}

function maxAmounts(a: TBigAmounts, b: TBigAmounts): TBigAmounts {
  const max = (x: bigint, y: bigint) => (x > y ? x : y);
  return {
    net: max(a.net, b.net),
    discount: max(a.discount, b.discount),
    tax: max(a.tax, b.tax),
    total: max(a.total, b.total),
  };
}

/** The fields of a pricing line maxDocumentTotals reads (a TPricingLine has them all). */
export type TMaxTotalsLine = TLineAmountsInput & {
  billing: TBillingKind;
  quantityRange?: { readonly max: number } | undefined;
};

/** The fields of a pricing table maxDocumentTotals reads (a TPricingTable has them all). */
export type TMaxTotalsTable = {
  readonly type: 'pricing_table';
  readonly kind: 'lines' | 'choice';
  readonly lines: readonly TMaxTotalsLine[];
};

/** A document as maxDocumentTotals sees it: blocks of any type, of which it reads the pricing tables. */
export type TMaxTotalsDocument = { readonly blocks: readonly (TMaxTotalsTable | { readonly type: string })[] };

function isPricingTable(block: TMaxTotalsTable | { readonly type: string }): block is TMaxTotalsTable {
  return block.type === 'pricing_table';
}

/**
 * The largest totals any choice the client may make could reach: every optional line in, every
 * quantity at the top of its range, the dearest package of each choice group. The document schema
 * refuses a document when these would not be exact numbers, so pricing a stored document never
 * fails on size, whatever the client picks.
 */
export function maxDocumentTotals(doc: TMaxTotalsDocument): TPricingTotals {
  const sums = emptyBigTotals();
  for (const table of doc.blocks) {
    if (!isPricingTable(table)) continue;
    const tableMax = emptyBigTotals();
    for (const line of table.lines) {
      const quantity = Math.max(line.quantity, line.quantityRange?.max ?? 0);
      const amounts = lineAmounts({ ...line, quantity });
      tableMax[line.billing] =
        table.kind === 'choice'
          ? maxAmounts(tableMax[line.billing], amounts)
          : addAmounts(tableMax[line.billing], amounts);
    }
    for (const kind of BILLING_KINDS) sums[kind] = addAmounts(sums[kind], tableMax[kind]);
  }
  return totalsToNumbers(sums);
}
