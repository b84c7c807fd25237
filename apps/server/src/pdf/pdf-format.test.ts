import { describe, expect, it } from 'vitest';
import type { TPricingLine, TPricingTable } from '@draftwell/shared/document/schema';
import { formatMilestoneWhen, lineChoice } from '@draftwell/shared/document/display';
import { accentColor, fileIdFromSrc, formatUtcInstant, kindsToTotal, orderedMarker, shortHash } from './pdf-format';

const line = (id: string, patch: Partial<TPricingLine> = {}): TPricingLine => ({
  id,
  description: id,
  quantity: 1000,
  unit: '',
  unitPrice: 100,
  discountPercent: 0,
  taxPercent: 0,
  billing: 'one_off',
  optional: false,
  selected: true,
  ...patch,
});

describe('fileIdFromSrc', () => {
  it('accepts only our own stored files', () => {
    const id = '2b0c5a4e-1f3d-4c2b-9a8e-7d6c5b4a3f21';
    expect(fileIdFromSrc(`/api/files/${id}`)).toBe(id);
    for (const src of [
      `http://127.0.0.1:8080/api/files/${id}`,
      'http://169.254.169.254/latest/meta-data/',
      `//evil.example/api/files/${id}`,
      `/api/files/${id}/../../etc/passwd`,
      `/api/files/${id.toUpperCase()}`,
      'data:image/png;base64,iVBORw0KGgo=',
      'file:///etc/passwd',
      '',
      undefined,
      42,
    ]) {
      expect(fileIdFromSrc(src)).toBeNull();
    }
  });
});

describe('formatting', () => {
  it('writes instants in UTC for people, and short hashes', () => {
    expect(formatUtcInstant('2026-03-04T23:20:30.000Z')).toBe('March 4, 2026 at 23:20:30 UTC');
    expect(formatUtcInstant('not a date')).toBe('not a date');
    expect(shortHash('0123456789abcdef0123')).toBe('0123456789ab');
  });

  it('writes milestones as dates or durations', () => {
    expect(formatMilestoneWhen({ kind: 'date', date: '2027-03-03' })).toBe('March 3, 2027');
    expect(formatMilestoneWhen({ kind: 'duration', value: 1, unit: 'weeks' })).toBe('1 week');
    expect(formatMilestoneWhen({ kind: 'duration', value: 10, unit: 'days' })).toBe('10 days');
  });

  it('numbers ordered lists like HTML types do', () => {
    expect(orderedMarker(3, '1')).toBe('3.');
    expect(orderedMarker(28, 'a')).toBe('ab.');
    expect(orderedMarker(4, 'A')).toBe('D.');
    expect(orderedMarker(14, 'i')).toBe('xiv.');
    expect(orderedMarker(1999, 'I')).toBe('MCMXCIX.');
    expect(orderedMarker(0, 'i')).toBe('0.');
    expect(orderedMarker(5000, 'I')).toBe('5000.');
  });

  it('darkens a light brand colour until text in it is readable on white', () => {
    expect(accentColor('#1d4ed8')).toBe('#1d4ed8');
    expect(accentColor('#ffd60a')).not.toBe('#ffd60a');
    expect(accentColor('nonsense')).toBe('#1f2937');
  });
});

describe('lineChoice and kindsToTotal', () => {
  const table: TPricingTable = {
    id: 't',
    type: 'pricing_table',
    title: '',
    kind: 'lines',
    lines: [
      line('base'),
      line('extra', { optional: true, selected: false, billing: 'monthly' }),
      line('seats', { quantityRange: { min: 1000, max: 9000 } }),
    ],
  };

  it('takes the client’s choice, else the line’s default, and keeps required lines in', () => {
    expect(lineChoice(table, table.lines[1]!, undefined)).toEqual({ included: false, quantity: 1000 });
    expect(lineChoice(table, table.lines[1]!, { extra: { selected: true } })).toEqual({
      included: true,
      quantity: 1000,
    });
    expect(lineChoice(table, table.lines[0]!, { base: { selected: false } }).included).toBe(true);
    expect(lineChoice(table, table.lines[2]!, { seats: { quantity: 4000 } }).quantity).toBe(4000);
    expect(lineChoice(table, table.lines[0]!, { base: { quantity: 4000 } }).quantity).toBe(1000);
  });

  it('totals only the billing kinds the client takes', () => {
    expect(kindsToTotal([table], undefined)).toEqual(['one_off']);
    expect(kindsToTotal([table], { extra: { selected: true } })).toEqual(['one_off', 'monthly']);
  });
});
