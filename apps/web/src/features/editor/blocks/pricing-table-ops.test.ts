import { ZPricingTable, type TPricingTable } from '@draftwell/shared/document';
import { describe, expect, it } from 'vitest';
import { newPricingLine, newPricingTable } from './new-block';
import {
  addLine,
  choosePackage,
  duplicateLine,
  fixChoiceSelection,
  moveLine,
  removeLine,
  setTableKind,
} from './pricing-table-ops';

function table(descriptions: string[], patch: Partial<TPricingTable> = {}): TPricingTable {
  return {
    ...newPricingTable({ defaultTaxRate: 0 }),
    lines: descriptions.map((description) => newPricingLine({ description })),
    ...patch,
  };
}

const selectedCount = (t: TPricingTable) => t.lines.filter((line) => line.selected).length;
const names = (t: TPricingTable) => t.lines.map((line) => line.description);

describe('pricing table edits', () => {
  it('switching to packages keeps the lines and leaves exactly one chosen', () => {
    const lines = table(['A', 'B', 'C']);
    const choice = setTableKind(lines, 'choice');
    expect(names(choice)).toEqual(['A', 'B', 'C']);
    expect(selectedCount(choice)).toBe(1);
    expect(choice.lines[0]?.selected).toBe(true);
    expect(ZPricingTable.safeParse(choice).success).toBe(true);

    const back = setTableKind(choice, 'lines');
    expect(back.lines.every((line) => line.selected)).toBe(true);
    expect(ZPricingTable.safeParse(back).success).toBe(true);
  });

  it('switching keeps the first line already chosen, else the first line', () => {
    const t = table(['A', 'B', 'C']);
    const none = { ...t, lines: t.lines.map((line) => ({ ...line, selected: false })) };
    expect(setTableKind(none, 'choice').lines.map((l) => l.selected)).toEqual([true, false, false]);
    const second = { ...none, lines: none.lines.map((line, i) => ({ ...line, selected: i === 1 })) };
    expect(setTableKind(second, 'choice').lines.map((l) => l.selected)).toEqual([false, true, false]);
  });

  it('adding, duplicating, choosing and deleting packages keep exactly one chosen', () => {
    let t = setTableKind(table(['A']), 'choice');
    t = addLine(t, newPricingLine({ description: 'B' }));
    expect(selectedCount(t)).toBe(1);
    t = duplicateLine(t, 0);
    expect(names(t)).toEqual(['A', 'A', 'B']);
    expect(selectedCount(t)).toBe(1);
    t = choosePackage(t, 2);
    expect(t.lines.map((l) => l.selected)).toEqual([false, false, true]);
    t = removeLine(t, 2);
    expect(selectedCount(t)).toBe(1);
    expect(t.lines[1]?.selected).toBe(true);
    t = removeLine(removeLine(t, 0), 0);
    expect(t.lines).toEqual([]);
    expect(ZPricingTable.safeParse(t).success).toBe(true);
  });

  it('duplicates get a new id and their own range object', () => {
    const base = table(['A']);
    const withRange = { ...base, lines: [{ ...base.lines[0]!, quantityRange: { min: 0, max: 5000 } }] };
    const t = duplicateLine(withRange, 0);
    expect(t.lines[1]?.id).not.toBe(t.lines[0]?.id);
    expect(t.lines[1]?.quantityRange).toEqual({ min: 0, max: 5000 });
    expect(t.lines[1]?.quantityRange).not.toBe(t.lines[0]?.quantityRange);
  });

  it('moves a line up and down and ignores moves past the ends', () => {
    const t = table(['A', 'B', 'C']);
    expect(names(moveLine(t, 1, 0))).toEqual(['B', 'A', 'C']);
    expect(names(moveLine(t, 1, 2))).toEqual(['A', 'C', 'B']);
    expect(moveLine(t, 0, -1)).toBe(t);
    expect(moveLine(t, 2, 3)).toBe(t);
  });

  it('fixChoiceSelection does nothing to line items', () => {
    const t = table(['A', 'B']);
    expect(fixChoiceSelection(t)).toBe(t);
  });
});
