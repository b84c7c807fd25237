import type { TPricingLine, TPricingTable } from '@draftwell/shared/document';
import { newBlockId } from './new-block';

/**
 * Pure edits of a pricing table. Each returns a new table and keeps the choice-group rule: in a
 * `choice` table with lines, exactly one line is `selected`.
 */

/** In a choice group, keeps exactly one line selected: the first already selected, else `fallback`. */
export function fixChoiceSelection(table: TPricingTable, fallback = 0): TPricingTable {
  if (table.kind !== 'choice' || table.lines.length === 0) return table;
  const first = table.lines.findIndex((line) => line.selected);
  const keep = first >= 0 ? first : Math.min(Math.max(fallback, 0), table.lines.length - 1);
  const lines = table.lines.map((line, i) =>
    line.selected === (i === keep) ? line : { ...line, selected: i === keep },
  );
  return { ...table, lines };
}

export function setTableKind(table: TPricingTable, kind: TPricingTable['kind']): TPricingTable {
  if (table.kind === kind) return table;
  if (kind === 'choice') return fixChoiceSelection({ ...table, kind });
  // Back to line items: every line counts again; optional lines start ticked in.
  return { ...table, kind, lines: table.lines.map((line) => (line.selected ? line : { ...line, selected: true })) };
}

export function addLine(table: TPricingTable, line: TPricingLine): TPricingTable {
  const added = table.kind === 'choice' && table.lines.length > 0 ? { ...line, selected: false } : line;
  return fixChoiceSelection({ ...table, lines: [...table.lines, added] });
}

export function duplicateLine(table: TPricingTable, index: number): TPricingTable {
  const source = table.lines[index];
  if (!source) return table;
  const copy: TPricingLine = {
    ...source,
    id: newBlockId('line'),
    ...(source.quantityRange ? { quantityRange: { ...source.quantityRange } } : {}),
    ...(table.kind === 'choice' ? { selected: false } : {}),
  };
  const lines = [...table.lines.slice(0, index + 1), copy, ...table.lines.slice(index + 1)];
  return { ...table, lines };
}

export function removeLine(table: TPricingTable, index: number): TPricingTable {
  if (!table.lines[index]) return table;
  const lines = table.lines.filter((_, i) => i !== index);
  // The chosen package went away: the one that took its place (or the new last) is chosen.
  return fixChoiceSelection({ ...table, lines }, Math.min(index, lines.length - 1));
}

export function moveLine(table: TPricingTable, from: number, to: number): TPricingTable {
  if (from === to || !table.lines[from] || to < 0 || to >= table.lines.length) return table;
  const lines = [...table.lines];
  const [moved] = lines.splice(from, 1);
  lines.splice(to, 0, moved as TPricingLine);
  return { ...table, lines };
}

export function replaceLine(table: TPricingTable, index: number, line: TPricingLine): TPricingTable {
  if (!table.lines[index]) return table;
  return { ...table, lines: table.lines.map((current, i) => (i === index ? line : current)) };
}

/** Makes line `index` the chosen package of a choice group. */
export function choosePackage(table: TPricingTable, index: number): TPricingTable {
  if (!table.lines[index]) return table;
  return {
    ...table,
    lines: table.lines.map((line, i) => (line.selected === (i === index) ? line : { ...line, selected: i === index })),
  };
}
