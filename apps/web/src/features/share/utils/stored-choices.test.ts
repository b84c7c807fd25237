import type { TDocument, TPricingLine, TPricingTable } from '@draftwell/shared/document/schema';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { choicesKey, clearChoices, fitChoices, loadChoices, saveChoices } from './stored-choices';

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
    line('build'),
    line('seo', { optional: true, selected: false }),
    line('pages', { quantity: 6000, quantityRange: { min: 4000, max: 12_000 } }),
    line('fixed', { quantity: 2000, quantityRange: { min: 2000, max: 2000 } }),
  ],
};
const packages: TPricingTable = {
  id: 't2',
  type: 'pricing_table',
  title: 'Hosting',
  kind: 'choice',
  lines: [line('basic'), line('pro', { selected: false }), line('max', { selected: false })],
};
const doc: TDocument = { version: 1, blocks: [lines, packages] };

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('fitChoices', () => {
  it('keeps every choice the client could make on these lines', () => {
    const choices = {
      seo: { selected: true },
      pages: { quantity: 12_000 },
      basic: { selected: false },
      pro: { selected: true },
      max: { selected: false },
    };
    expect(fitChoices(doc, choices)).toEqual(choices);
  });

  it.each([null, 'seo', 42, true, [], [{ selected: true }]])('keeps nothing of %j', (raw) => {
    expect(fitChoices(doc, raw)).toEqual({});
  });

  it('drops lines this revision does not have, and keys from the prototype', () => {
    const raw = JSON.parse('{"gone":{"selected":true},"__proto__":{"selected":true},"constructor":{"selected":true}}');
    expect(fitChoices(doc, raw)).toEqual({});
  });

  it.each([
    ['a tick on a line that is not optional', { build: { selected: false } }],
    ['a tick that is not a boolean', { seo: { selected: 'yes' } }],
    ['a quantity below the range', { pages: { quantity: 3999 } }],
    ['a quantity above the range', { pages: { quantity: 12_001 } }],
    ['a quantity that is not whole thousandths', { pages: { quantity: 4000.5 } }],
    ['a quantity given as text', { pages: { quantity: '6000' } }],
    ['a quantity past exact arithmetic', { pages: { quantity: 2 ** 60 } }],
    ['a quantity on a line without a range', { build: { quantity: 3000 } }],
    ['a quantity on a line whose range is one number', { fixed: { quantity: 2000 } }],
    ['a choice that is not an object', { seo: true }],
  ])('drops %s', (_label, raw) => {
    expect(fitChoices(doc, raw)).toEqual({});
  });

  it('keeps the valid half of a line’s choice', () => {
    expect(
      fitChoices(doc, { seo: { selected: true, quantity: 5000 }, pages: { selected: false, quantity: 5000 } }),
    ).toEqual({ seo: { selected: true }, pages: { quantity: 5000 } });
  });

  it.each([
    ['two packages', { pro: { selected: true } }],
    ['no package', { basic: { selected: false } }],
  ])('drops the package picks that would leave %s chosen', (_label, raw) => {
    expect(fitChoices(doc, { ...raw, seo: { selected: true } })).toEqual({ seo: { selected: true } });
  });
});

describe('kept choices', () => {
  it('are read back per proposal and revision, fitted to the revision’s lines', () => {
    saveChoices('p1', 'hash-1', { seo: { selected: true }, pages: { quantity: 20_000 } });
    expect(loadChoices('p1', 'hash-1', doc)).toEqual({ seo: { selected: true } });
    expect(loadChoices('p1', 'hash-2', doc)).toEqual({});
    expect(loadChoices('p2', 'hash-1', doc)).toEqual({});
  });

  it('read nothing from a corrupt entry', () => {
    localStorage.setItem(choicesKey('p1', 'hash-1'), '{"seo":{"selected":tru');
    expect(loadChoices('p1', 'hash-1', doc)).toEqual({});
  });

  it('are removed when there are none to keep', () => {
    saveChoices('p1', 'hash-1', { seo: { selected: true } });
    saveChoices('p1', 'hash-1', {});
    expect(localStorage.getItem(choicesKey('p1', 'hash-1'))).toBeNull();
  });

  it('of other revisions, or all of them, are forgotten; other proposals keep theirs', () => {
    saveChoices('p1', 'hash-1', { seo: { selected: true } });
    saveChoices('p1', 'hash-2', { seo: { selected: true } });
    saveChoices('p10', 'hash-1', { seo: { selected: true } });
    localStorage.setItem('theme', 'dark');
    clearChoices('p1', 'hash-2');
    expect(localStorage.getItem(choicesKey('p1', 'hash-1'))).toBeNull();
    expect(localStorage.getItem(choicesKey('p1', 'hash-2'))).not.toBeNull();
    clearChoices('p1');
    expect(localStorage.getItem(choicesKey('p1', 'hash-2'))).toBeNull();
    expect(localStorage.getItem(choicesKey('p10', 'hash-1'))).not.toBeNull();
    expect(localStorage.getItem('theme')).toBe('dark');
  });

  it('stay in memory only when the browser refuses or fills its storage', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(() => saveChoices('p1', 'hash-1', { seo: { selected: true } })).not.toThrow();
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(loadChoices('p1', 'hash-1', doc)).toEqual({});
    vi.spyOn(window, 'localStorage', 'get').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(() => saveChoices('p1', 'hash-1', { seo: { selected: true } })).not.toThrow();
    expect(() => clearChoices('p1')).not.toThrow();
    expect(loadChoices('p1', 'hash-1', doc)).toEqual({});
  });
});
