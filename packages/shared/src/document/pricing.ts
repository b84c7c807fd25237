import type { TDocument, TPricingLine, TPricingSelection, TPricingTable } from './schema';

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

type TBigAmounts = { net: bigint; discount: bigint; tax: bigint; total: bigint };

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

function add(a: TBigAmounts, b: TBigAmounts): TBigAmounts {
  return { net: a.net + b.net, discount: a.discount + b.discount, tax: a.tax + b.tax, total: a.total + b.total };
}

export type TLineAmountsInput = Pick<TPricingLine, 'quantity' | 'unitPrice' | 'discountPercent' | 'taxPercent'>;

function lineAmounts(line: TLineAmountsInput): TBigAmounts {
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

type TLineChoice = NonNullable<TPricingSelection[string]>;

function choiceFor(selection: TPricingSelection | undefined, lineId: string): TLineChoice | undefined {
  // hasOwn: a line id such as "constructor" must not pick up Object.prototype members.
  return selection && Object.hasOwn(selection, lineId) ? selection[lineId] : undefined;
}

function lineLabel(line: TPricingLine): string {
  return line.description.trim() ? `"${line.description.trim()}"` : `line ${line.id}`;
}

function chosenQuantity(line: TPricingLine, override: number | undefined): number {
  if (override === undefined || override === line.quantity) return line.quantity;
  if (!Number.isSafeInteger(override) || override < 0) {
    throw new PricingError(
      'quantity_out_of_range',
      `The quantity for ${lineLabel(line)} must be a whole number of thousandths, 0 or more.`,
    );
  }
  const range = line.quantityRange;
  if (!range) {
    throw new PricingError(
      'quantity_fixed',
      `The quantity of ${lineLabel(line)} is fixed at ${formatQuantity(line.quantity)}.`,
    );
  }
  if (override < range.min || override > range.max) {
    throw new PricingError(
      'quantity_out_of_range',
      `Choose a quantity from ${formatQuantity(range.min)} to ${formatQuantity(range.max)} for ${lineLabel(line)}; got ${formatQuantity(override)}.`,
    );
  }
  return override;
}

/** The lines the client pays for, with the quantity they pay for (a PricingError when the choice breaks a rule). */
export function includedLines(
  table: TPricingTable,
  selection: TPricingSelection | undefined,
): { line: TPricingLine; quantity: number }[] {
  const picks = table.lines.map((line) => {
    const choice = choiceFor(selection, line.id);
    const quantity = chosenQuantity(line, choice?.quantity);
    if (table.kind === 'choice') return { line, quantity, included: choice?.selected ?? line.selected };
    if (!line.optional) {
      if (choice?.selected === false) {
        throw new PricingError('line_not_optional', `${lineLabel(line)} is not optional and cannot be left out.`);
      }
      return { line, quantity, included: true };
    }
    return { line, quantity, included: choice?.selected ?? line.selected };
  });
  const included = picks.filter((p) => p.included);
  if (table.kind === 'choice' && table.lines.length > 0 && included.length !== 1) {
    const title = table.title.trim() ? `"${table.title.trim()}"` : 'this choice group';
    throw new PricingError(
      'choice_not_single',
      `Pick exactly one package in ${title}; ${included.length} are selected.`,
    );
  }
  return included.map(({ line, quantity }) => ({ line, quantity }));
}

function emptyBigTotals(): Record<TBillingKind, TBigAmounts> {
  return { one_off: ZERO_AMOUNTS, monthly: ZERO_AMOUNTS, yearly: ZERO_AMOUNTS };
}

function tableAmounts(
  table: TPricingTable,
  selection: TPricingSelection | undefined,
): Record<TBillingKind, TBigAmounts> {
  const sums = emptyBigTotals();
  for (const { line, quantity } of includedLines(table, selection)) {
    sums[line.billing] = add(sums[line.billing], lineAmounts({ ...line, quantity }));
  }
  return sums;
}

function totalsToNumbers(sums: Record<TBillingKind, TBigAmounts>): TPricingTotals {
  return { one_off: toNumbers(sums.one_off), monthly: toNumbers(sums.monthly), yearly: toNumbers(sums.yearly) };
}

/**
 * Totals per billing kind of the lines the client takes: every required line, optional lines that
 * are ticked (the client's `selection` first, else the line's own `selected`), and in a choice
 * group the one chosen package. Totals are sums of rounded lines, never rounded again.
 * Entries of `selection` for lines of other tables are ignored, so one selection serves a document.
 */
export function tableTotals(table: TPricingTable, selection?: TPricingSelection): TPricingTotals {
  return totalsToNumbers(tableAmounts(table, selection));
}

/** Totals per billing kind over every pricing table of the document. */
export function documentTotals(doc: TDocument, selection?: TPricingSelection): TPricingTotals {
  const tables = doc.blocks.filter((block): block is TPricingTable => block.type === 'pricing_table');
  if (selection) {
    const lineIds = new Set(tables.flatMap((table) => table.lines.map((line) => line.id)));
    const unknown = Object.keys(selection).find((id) => !lineIds.has(id));
    if (unknown !== undefined) {
      throw new PricingError(
        'unknown_line',
        `The proposal has no pricing line "${unknown}"; reload it and choose again.`,
      );
    }
  }
  const sums = emptyBigTotals();
  for (const table of tables) {
    const amounts = tableAmounts(table, selection);
    for (const kind of BILLING_KINDS) sums[kind] = add(sums[kind], amounts[kind]);
  }
  return totalsToNumbers(sums);
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

/**
 * The largest totals any choice the client may make could reach: every optional line in, every
 * quantity at the top of its range, the dearest package of each choice group. The document schema
 * refuses a document when these would not be exact numbers, so pricing a stored document never
 * fails on size, whatever the client picks.
 */
export function maxDocumentTotals(doc: TDocument): TPricingTotals {
  const sums = emptyBigTotals();
  for (const table of doc.blocks) {
    if (table.type !== 'pricing_table') continue;
    const tableMax = emptyBigTotals();
    for (const line of table.lines) {
      const quantity = Math.max(line.quantity, line.quantityRange?.max ?? 0);
      const amounts = lineAmounts({ ...line, quantity });
      tableMax[line.billing] =
        table.kind === 'choice' ? maxAmounts(tableMax[line.billing], amounts) : add(tableMax[line.billing], amounts);
    }
    for (const kind of BILLING_KINDS) sums[kind] = add(sums[kind], tableMax[kind]);
  }
  return totalsToNumbers(sums);
}
