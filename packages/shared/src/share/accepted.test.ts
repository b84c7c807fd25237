import { describe, expect, it } from 'vitest';
import { documentTotals } from '../document/pricing';
import type { TDocument, TPricingLine } from '../document/schema';
import { acceptedLines, acceptedValue } from './accepted';

const line = (id: string, more: Partial<TPricingLine>): TPricingLine => ({
  id,
  description: id,
  quantity: 1000,
  unit: '',
  unitPrice: 10_000,
  discountPercent: 0,
  taxPercent: 0,
  billing: 'one_off',
  optional: false,
  selected: true,
  ...more,
});

const DOC: TDocument = {
  version: 1,
  blocks: [
    { id: 'intro', type: 'page_break' },
    {
      id: 'fees',
      type: 'pricing_table',
      title: 'Fees',
      kind: 'lines',
      lines: [
        line('build', { unitPrice: 150_000 }),
        line('seo', { optional: true, selected: false, unitPrice: 40_000 }),
        line('care', { optional: true, selected: true, billing: 'monthly', unitPrice: 20_000 }),
      ],
    },
    {
      id: 'plans',
      type: 'pricing_table',
      title: 'Plans',
      kind: 'choice',
      lines: [
        line('small', { billing: 'yearly', unitPrice: 100_000 }),
        line('large', {
          billing: 'yearly',
          selected: false,
          unitPrice: 180_000,
          taxPercent: 2000,
          quantityRange: { min: 1000, max: 5000 },
        }),
      ],
    },
  ],
};

describe('what was accepted', () => {
  it('lists every pricing line with the client’s choice: options in and out, the package, the quantity', () => {
    const selection = {
      seo: { selected: true },
      care: { selected: false },
      small: { selected: false },
      large: { selected: true, quantity: 2000 },
    };
    const lines = acceptedLines(DOC, selection);
    expect(lines.map((l) => [l.tableId, l.lineId, l.kind, l.included, l.quantity, l.amounts.total])).toEqual([
      ['fees', 'build', 'required', true, 1000, 150_000],
      ['fees', 'seo', 'optional', true, 1000, 40_000],
      ['fees', 'care', 'optional', false, 1000, 0],
      ['plans', 'small', 'package', false, 1000, 0],
      ['plans', 'large', 'package', true, 2000, 432_000],
    ]);
    // The lines add up to the totals the acceptance records.
    const totals = documentTotals(DOC, selection);
    expect(acceptedValue(totals, 'EUR')).toEqual({ oneOff: 190_000, monthly: 0, yearly: 432_000, currency: 'EUR' });
    for (const kind of ['one_off', 'monthly', 'yearly'] as const) {
      const sum = lines.filter((l) => l.billing === kind).reduce((s, l) => s + l.amounts.total, 0);
      expect(sum, kind).toBe(totals[kind].total);
    }
  });

  it('takes the document’s own choices where the client made none', () => {
    const lines = acceptedLines(DOC, {});
    expect(lines.filter((l) => l.included).map((l) => l.lineId)).toEqual(['build', 'care', 'small']);
    expect(acceptedValue(documentTotals(DOC, {}), 'USD')).toEqual({
      oneOff: 150_000,
      monthly: 20_000,
      yearly: 100_000,
      currency: 'USD',
    });
  });
});
