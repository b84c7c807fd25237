import type { TDocument, TPricingLine, TPricingTable } from '@draftwell/shared/document/schema';
import { englishI18n as i18n } from '@draftwell/shared/i18n/english';
import { describe, expect, it } from 'vitest';
import { chosenOptions, completeSelection } from './selection';

function line(id: string, overrides: Partial<TPricingLine> = {}): TPricingLine {
  return {
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
    ...overrides,
  };
}

const lines: TPricingTable = {
  id: 't1',
  type: 'pricing_table',
  title: 'Fees',
  kind: 'lines',
  lines: [
    line('build', { description: 'Build' }),
    line('seo', { description: 'SEO audit', optional: true, selected: false }),
    line('care', { description: 'Care plan', optional: true, selected: true, billing: 'monthly' }),
    line('pages', { description: 'Pages', unit: 'pages', quantity: 2000, quantityRange: { min: 1000, max: 9000 } }),
  ],
};
const packages: TPricingTable = {
  id: 't2',
  type: 'pricing_table',
  title: 'Hosting',
  kind: 'choice',
  lines: [line('basic', { description: 'Basic' }), line('pro', { description: 'Pro', selected: false })],
};
const doc: TDocument = { version: 1, blocks: [lines, packages] };

describe('completeSelection', () => {
  it('spells out every choice the client could make, defaults included, and nothing else', () => {
    expect(completeSelection(doc, { seo: { selected: true }, pages: { quantity: 4000 } })).toEqual({
      seo: { selected: true },
      care: { selected: true },
      pages: { quantity: 4000 },
      basic: { selected: true },
      pro: { selected: false },
    });
  });

  it('ignores an inherited key such as "constructor"', () => {
    expect(completeSelection({ version: 1, blocks: [] }, JSON.parse('{"constructor":{"selected":true}}'))).toEqual({});
  });
});

describe('chosenOptions', () => {
  it('lists what the client takes among what they could choose, with chosen quantities', () => {
    expect(
      chosenOptions(i18n, doc, { care: { selected: false }, pro: { selected: true }, basic: { selected: false } }),
    ).toEqual([
      { id: 'pages', description: 'Pages', kind: 'option', quantity: '2 pages' },
      { id: 'pro', description: 'Pro', kind: 'package', quantity: null },
    ]);
  });

  it('names the unit in the singular for one and in the plural for more', () => {
    const one = chosenOptions(i18n, doc, { pages: { quantity: 1000 } }).find((line) => line.id === 'pages');
    expect(one?.quantity).toBe('1 page');
    const many = chosenOptions(i18n, doc, { pages: { quantity: 2500 } }).find((line) => line.id === 'pages');
    expect(many?.quantity).toBe('2.5 pages');
  });
});
