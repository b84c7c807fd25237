import { describe, expect, it } from 'vitest';
import {
  PricingError,
  documentTotals,
  formatQuantity,
  lineTotal,
  maxDocumentTotals,
  roundHalfAwayFromZero,
  tableTotals,
  type TPricingAmounts,
} from './pricing';
import type { TDocument, TPricingLine, TPricingTable } from './schema';

function line(overrides: Partial<TPricingLine> = {}): TPricingLine {
  return {
    id: 'line',
    description: 'Work',
    quantity: 1000,
    unit: 'h',
    unitPrice: 0,
    discountPercent: 0,
    taxPercent: 0,
    billing: 'one_off',
    optional: false,
    selected: false,
    ...overrides,
  };
}

function table(kind: TPricingTable['kind'], lines: TPricingLine[], id = 'table'): TPricingTable {
  return { id, type: 'pricing_table', title: 'Prices', kind, lines };
}

const amounts = (net: number, discount: number, tax: number, total: number): TPricingAmounts => ({
  net,
  discount,
  tax,
  total,
});
const ZERO = amounts(0, 0, 0, 0);

function pricingError(run: () => unknown): PricingError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(RangeError);
    expect(error).toBeInstanceOf(PricingError);
    return error as PricingError;
  }
  throw new Error('expected a PricingError');
}

describe('roundHalfAwayFromZero', () => {
  it.each([
    [1n, 2n, 1n], //   0.5   -> 1
    [5n, 2n, 3n], //   2.5   -> 3 (banker's rounding would give 2)
    [3n, 2n, 2n], //   1.5   -> 2
    [-1n, 2n, -1n], // -0.5  -> -1
    [-5n, 2n, -3n], // -2.5  -> -3
    [7n, 3n, 2n], //   2.333 -> 2
    [8n, 3n, 3n], //   2.667 -> 3
    [-8n, 3n, -3n], // -2.667 -> -3
    [1n, 3n, 0n], //   0.333 -> 0
    [0n, 7n, 0n],
    [1005n, 10n, 101n], // 100.5 -> 101
    [1004n, 10n, 100n], // 100.4 -> 100
  ])('%i / %i -> %i', (numerator, denominator, expected) => {
    expect(roundHalfAwayFromZero(numerator, denominator)).toBe(expected);
  });

  it('refuses a denominator that is not positive', () => {
    expect(() => roundHalfAwayFromZero(1n, 0n)).toThrow(RangeError);
    expect(() => roundHalfAwayFromZero(1n, -2n)).toThrow(RangeError);
  });
});

describe('lineTotal', () => {
  // quantity in thousandths, unitPrice in minor units, percentages in basis points.
  // gross = round(q x p / 1000); discount = round(gross x d / 10000); net = gross - discount;
  // tax = round(net x t / 10000); total = net + tax. Every round is half away from zero.
  it.each<[string, Partial<TPricingLine>, TPricingAmounts]>([
    // 1 x 100.00
    ['one unit', { quantity: 1000, unitPrice: 10000 }, amounts(10000, 0, 0, 10000)],
    // 3 x 25.00 = 75.00
    ['three units', { quantity: 3000, unitPrice: 2500 }, amounts(7500, 0, 0, 7500)],
    // 1.5 x 120.00 = 180.00
    ['quantity 1.5', { quantity: 1500, unitPrice: 12000 }, amounts(18000, 0, 0, 18000)],
    // 1.5 x 3.33 = 4.995 -> 5.00
    ['quantity 1.5 rounds the gross', { quantity: 1500, unitPrice: 333 }, amounts(500, 0, 0, 500)],
    // 12.5 % of 33.33 = 4.16625 -> 4.17 off; net 33.33 - 4.17 = 29.16
    ['12.5 % discount on 33.33', { unitPrice: 3333, discountPercent: 1250 }, amounts(2916, 417, 0, 2916)],
    // 20 % of 100.00 = 20.00
    ['20 % tax', { unitPrice: 10000, taxPercent: 2000 }, amounts(10000, 0, 2000, 12000)],
    // 7.5 % of 9.99 = 0.74925 -> 0.75
    ['7.5 % tax', { unitPrice: 999, taxPercent: 750 }, amounts(999, 0, 75, 1074)],
    // 19 % of 19.99 = 3.7981 -> 3.80
    ['19 % tax', { unitPrice: 1999, taxPercent: 1900 }, amounts(1999, 0, 380, 2379)],
    // gross 2 x 49.99 = 99.98; 10 % off = 9.998 -> 10.00; net 89.98; 20 % tax = 17.996 -> 18.00
    [
      'discount then tax',
      { quantity: 2000, unitPrice: 4999, discountPercent: 1000, taxPercent: 2000 },
      amounts(8998, 1000, 1800, 10798),
    ],
    // 0.5 x 0.01 = 0.005 -> 0.01
    ['half a cent rounds up: 0.5 -> 1', { quantity: 500, unitPrice: 1 }, amounts(1, 0, 0, 1)],
    // 0.5 x 0.05 = 0.025 -> 0.03 (banker's rounding would give 0.02)
    ['2.5 -> 3, not to even', { quantity: 500, unitPrice: 5 }, amounts(3, 0, 0, 3)],
    // 1.005 x 1.00 = 1.005 -> 1.01; in floats 1.005 * 100 = 100.49999999999999 and rounds to 1.00
    ['the 1.005 case', { quantity: 1005, unitPrice: 100 }, amounts(101, 0, 0, 101)],
    // 50 % of 0.01 = 0.005 -> 0.01 off; net 0
    ['half-cent discount', { unitPrice: 1, discountPercent: 5000 }, amounts(0, 1, 0, 0)],
    // 12.5 % of 0.04 = 0.005 -> 0.01 tax
    ['half-cent tax', { unitPrice: 4, taxPercent: 1250 }, amounts(4, 0, 1, 5)],
    ['zero price', { quantity: 5000, unitPrice: 0, discountPercent: 1000, taxPercent: 2000 }, ZERO],
    ['zero quantity', { quantity: 0, unitPrice: 9999, taxPercent: 2000 }, ZERO],
    // 100 % off 123.45: net 0, so no tax
    ['100 % discount', { unitPrice: 12345, discountPercent: 10000, taxPercent: 2000 }, amounts(0, 12345, 0, 0)],
    // KWD has three decimals, the minor unit is the fil: 2.5 x 12.345 KWD = 30.8625 -> 30.863 KWD;
    // 5 % VAT = 1.54315 -> 1.543; total 32.406 KWD
    [
      'three-decimal currency (KWD, fils)',
      { quantity: 2500, unitPrice: 12345, taxPercent: 500 },
      amounts(30863, 0, 1543, 32406),
    ],
    // JPY has no decimals: 3.333 x ¥1,500 = ¥4,999.5 -> ¥5,000
    ['zero-decimal currency (JPY)', { quantity: 3333, unitPrice: 1500 }, amounts(5000, 0, 0, 5000)],
    // 10^13 minor units x 1 = 10^13, exactly
    ['10^13 x 1', { quantity: 1000, unitPrice: 1e13 }, amounts(1e13, 0, 0, 1e13)],
    // 10^13 x 900 = 9 x 10^15, exactly
    ['10^13 x 900', { quantity: 900_000, unitPrice: 1e13 }, amounts(9e15, 0, 0, 9e15)],
    // 10^13 x 900.719 = 9,007,190,000,000,000: just under Number.MAX_SAFE_INTEGER (9,007,199,254,740,991)
    [
      'just under the safe limit',
      { quantity: 900_719, unitPrice: 1e13 },
      amounts(9_007_190_000_000_000, 0, 0, 9_007_190_000_000_000),
    ],
    // 9,999,999,999,990 x 900,045 = 8,999,999,999,991,000,000 + 9,999,999,999,990 x 45 (449,999,999,999,550)
    // = 9,000,449,999,990,999,550; / 1000 = 9,000,449,999,990,999.55 -> 9,000,449,999,991,000.
    // Float math gives 9,000,449,999,990,999 here: the product is far past 2^53.
    [
      'past 2^53 before dividing, still exact',
      { quantity: 900_045, unitPrice: 9_999_999_999_990 },
      amounts(9_000_449_999_991_000, 0, 0, 9_000_449_999_991_000),
    ],
  ])('%s', (_name, overrides, expected) => {
    expect(lineTotal(line(overrides))).toEqual(expected);
  });

  it('is exact where floats are not', () => {
    expect(Math.round((9_999_999_999_990 * 900_045) / 1000)).not.toBe(9_000_449_999_991_000);
    expect(Math.round(1.005 * 100)).toBe(100);
  });

  it.each<[string, Partial<TPricingLine>]>([
    // 10^13 x 10^6 units = 10^19
    ['10^13 x 1,000,000', { quantity: 1e9, unitPrice: 1e13 }],
    // 10^13 x 900.72 = 9,007,200,000,000,000 > 9,007,199,254,740,991
    ['just over the safe limit', { quantity: 900_720, unitPrice: 1e13 }],
    // net 9 x 10^15 is safe, 20 % tax takes the total to 1.08 x 10^16
    ['tax takes the total over', { quantity: 900_000, unitPrice: 1e13, taxPercent: 2000 }],
  ])('refuses amounts beyond the safe range: %s', (_name, overrides) => {
    const error = pricingError(() => lineTotal(line(overrides)));
    expect(error.code).toBe('amount_too_large');
    expect(error.message).toMatch(/too large to compute exactly/);
  });

  it.each<[string, Partial<TPricingLine>]>([
    ['a fractional quantity', { quantity: 1.5 }],
    ['a negative price', { unitPrice: -1 }],
    ['a fractional price', { unitPrice: 0.5 }],
    ['a discount over 100 %', { discountPercent: 10001 }],
    ['a negative tax', { taxPercent: -1 }],
  ])('refuses %s', (_name, overrides) => {
    expect(pricingError(() => lineTotal(line(overrides))).code).toBe('invalid_amount');
  });
});

describe('tableTotals', () => {
  // one-off: 1 x 1,500.00 + 20 % tax = 300.00 -> 1,800.00
  const setup = line({ id: 'setup', unitPrice: 150_000, taxPercent: 2000 });
  // monthly: 49.99 + 20 % tax (9.998 -> 10.00) = 59.99
  const hosting = line({ id: 'hosting', unitPrice: 4999, taxPercent: 2000, billing: 'monthly' });
  // monthly: 1.5 x 33.33 = 49.995 -> 50.00; 12.5 % off = 6.25; net 43.75; 20 % tax = 8.75 -> 52.50
  const support = line({
    id: 'support',
    quantity: 1500,
    unitPrice: 3333,
    discountPercent: 1250,
    taxPercent: 2000,
    billing: 'monthly',
  });
  // yearly: 1,200.00 less 10 % (120.00) = 1,080.00, no tax
  const licence = line({ id: 'licence', unitPrice: 120_000, discountPercent: 1000, billing: 'yearly' });
  // optional one-off: 500.00 + 20 % tax (100.00) = 600.00, not ticked
  const training = line({ id: 'training', unitPrice: 50_000, taxPercent: 2000, optional: true, selected: false });
  const mixed = table('lines', [setup, hosting, support, licence, training]);

  it('totals each billing kind of a mixed table', () => {
    expect(tableTotals(mixed)).toEqual({
      one_off: amounts(150_000, 0, 30_000, 180_000),
      // net 4999 + 4375 = 9374; discount 0 + 625; tax 1000 + 875 = 1875; total 5999 + 5250 = 11249
      monthly: amounts(9374, 625, 1875, 11_249),
      yearly: amounts(108_000, 12_000, 0, 108_000),
    });
  });

  it('adds rounded lines and never rounds the sum again', () => {
    // Each line: 0.05 + 10 % tax (0.005 -> 0.01) = 0.06; two lines 0.12.
    // Taxing the sum instead would give 0.10 + 0.01 = 0.11.
    const t = table('lines', [
      line({ id: 'a', unitPrice: 5, taxPercent: 1000 }),
      line({ id: 'b', unitPrice: 5, taxPercent: 1000 }),
    ]);
    expect(tableTotals(t).one_off).toEqual(amounts(10, 0, 2, 12));
  });

  it('counts an optional line only when it is selected', () => {
    expect(tableTotals(mixed).one_off.total).toBe(180_000);
    // ticked in by the client: 1,800.00 + 600.00
    expect(tableTotals(mixed, { training: { selected: true } }).one_off).toEqual(amounts(200_000, 0, 40_000, 240_000));
    const preselected = table('lines', [setup, { ...training, selected: true }]);
    expect(tableTotals(preselected).one_off.total).toBe(240_000);
    expect(tableTotals(preselected, { training: { selected: false } }).one_off.total).toBe(180_000);
  });

  it('refuses to leave out a line that is not optional', () => {
    const error = pricingError(() => tableTotals(mixed, { setup: { selected: false } }));
    expect(error.code).toBe('line_not_optional');
    expect(tableTotals(mixed, { setup: { selected: true } }).one_off.total).toBe(180_000);
  });

  describe('a quantity range', () => {
    // 5 seats at 12.00 a month, the client may pick from 1 to 20
    const seats = line({
      id: 'seats',
      description: 'Seats',
      quantity: 5000,
      unitPrice: 1200,
      billing: 'monthly',
      quantityRange: { min: 1000, max: 20_000 },
    });
    const t = table('lines', [seats]);

    it('uses the quantity the client chose inside the range', () => {
      expect(tableTotals(t).monthly.total).toBe(6000); //          5 x 12.00
      expect(tableTotals(t, { seats: { quantity: 12_500 } }).monthly.total).toBe(15_000); // 12.5 x 12.00
      expect(tableTotals(t, { seats: { quantity: 1000 } }).monthly.total).toBe(1200); //  the bottom
      expect(tableTotals(t, { seats: { quantity: 20_000 } }).monthly.total).toBe(24_000); // the top
    });

    it.each([[25_000], [999], [-1000], [1.5]])('refuses quantity %s outside the range', (quantity) => {
      const error = pricingError(() => tableTotals(t, { seats: { quantity } }));
      expect(error.code).toBe('quantity_out_of_range');
    });

    it('says which range in the message', () => {
      expect(pricingError(() => tableTotals(t, { seats: { quantity: 25_000 } })).message).toBe(
        'Choose a quantity from 1 to 20 for "Seats"; got 25.',
      );
    });

    it('refuses a different quantity on a line without a range', () => {
      expect(pricingError(() => tableTotals(mixed, { setup: { quantity: 2000 } })).code).toBe('quantity_fixed');
      expect(tableTotals(mixed, { setup: { quantity: 1000 } }).one_off.total).toBe(180_000);
    });
  });

  describe('a choice group', () => {
    const packages = table('choice', [
      line({ id: 'basic', unitPrice: 100_000, selected: true }),
      line({ id: 'standard', unitPrice: 200_000 }),
      // 350.00 a month + 19 % tax = 66.50 -> 416.50
      line({ id: 'premium', unitPrice: 35_000, taxPercent: 1900, billing: 'monthly' }),
    ]);

    it('counts exactly the selected package', () => {
      expect(tableTotals(packages)).toEqual({ one_off: amounts(100_000, 0, 0, 100_000), monthly: ZERO, yearly: ZERO });
      expect(tableTotals(packages, { basic: { selected: false }, premium: { selected: true } })).toEqual({
        one_off: ZERO,
        monthly: amounts(35_000, 0, 6650, 41_650),
        yearly: ZERO,
      });
    });

    it('refuses none selected', () => {
      const error = pricingError(() => tableTotals(packages, { basic: { selected: false } }));
      expect(error.code).toBe('choice_not_single');
      expect(error.message).toBe('Pick exactly one package in "Prices"; 0 are selected.');
    });

    it('refuses two selected', () => {
      expect(pricingError(() => tableTotals(packages, { standard: { selected: true } })).message).toMatch(
        /2 are selected/,
      );
    });

    it('totals to zero while it has no packages', () => {
      expect(tableTotals(table('choice', []))).toEqual({ one_off: ZERO, monthly: ZERO, yearly: ZERO });
    });
  });
});

describe('documentTotals', () => {
  const doc: TDocument = {
    version: 1,
    blocks: [
      { id: 'intro', type: 'page_break' },
      table(
        'lines',
        [
          line({ id: 'design', unitPrice: 250_000, taxPercent: 2000 }), // 2,500.00 + 500.00 tax
          line({ id: 'care', unitPrice: 9900, taxPercent: 2000, billing: 'monthly', optional: true, selected: true }), // 99.00 + 19.80
        ],
        't1',
      ),
      table(
        'choice',
        [
          line({ id: 'small', unitPrice: 50_000, billing: 'yearly', selected: true }),
          line({ id: 'large', unitPrice: 90_000, billing: 'yearly' }),
        ],
        't2',
      ),
    ],
  };

  it('sums every pricing table per billing kind', () => {
    expect(documentTotals(doc)).toEqual({
      one_off: amounts(250_000, 0, 50_000, 300_000),
      monthly: amounts(9900, 0, 1980, 11_880),
      yearly: amounts(50_000, 0, 0, 50_000),
    });
    expect(
      documentTotals(doc, { care: { selected: false }, small: { selected: false }, large: { selected: true } }),
    ).toEqual({
      one_off: amounts(250_000, 0, 50_000, 300_000),
      monthly: ZERO,
      yearly: amounts(90_000, 0, 0, 90_000),
    });
  });

  it('refuses a choice for a line the document does not have', () => {
    expect(pricingError(() => documentTotals(doc, { gone: { selected: true } })).code).toBe('unknown_line');
  });

  it('totals an empty document to zero', () => {
    expect(documentTotals({ version: 1, blocks: [] })).toEqual({ one_off: ZERO, monthly: ZERO, yearly: ZERO });
  });

  it('refuses totals past the safe range even when every line is safe', () => {
    const big = line({ id: 'a', quantity: 900_000, unitPrice: 1e13 }); // 9 x 10^15 each
    const huge: TDocument = { version: 1, blocks: [table('lines', [big, { ...big, id: 'b' }])] };
    expect(pricingError(() => documentTotals(huge)).code).toBe('amount_too_large');
  });
});

describe('maxDocumentTotals', () => {
  it('takes every optional line, the top of each range and the dearest package', () => {
    const doc: TDocument = {
      version: 1,
      blocks: [
        table(
          'lines',
          [
            line({ id: 'a', unitPrice: 1000, quantity: 1000, quantityRange: { min: 1000, max: 5000 } }), // up to 5 x 10.00
            line({ id: 'b', unitPrice: 700, optional: true }), //                                           7.00 if ticked
          ],
          't1',
        ),
        table('choice', [line({ id: 'c', unitPrice: 300, selected: true }), line({ id: 'd', unitPrice: 900 })], 't2'),
      ],
    };
    expect(maxDocumentTotals(doc).one_off.total).toBe(5000 + 700 + 900);
  });
});

describe('formatQuantity', () => {
  it.each([
    [1500, '1.5'],
    [1000, '1'],
    [1005, '1.005'],
    [250, '0.25'],
    [0, '0'],
  ])('%i thousandths -> %s', (thousandths, text) => {
    expect(formatQuantity(thousandths)).toBe(text);
  });
});
