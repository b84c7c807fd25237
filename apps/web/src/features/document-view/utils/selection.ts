import type { TPricingLine, TPricingSelection, TPricingTable } from '@draftwell/shared/document/schema';

/** What the client takes of one line: the selection first, else the line's own defaults. */
export function lineChoice(
  table: TPricingTable,
  line: TPricingLine,
  selection: TPricingSelection | undefined,
): { included: boolean; quantity: number } {
  // hasOwn: a line id such as "constructor" must not pick up Object.prototype members.
  const choice = selection && Object.hasOwn(selection, line.id) ? selection[line.id] : undefined;
  const selectable = table.kind === 'choice' || line.optional;
  return {
    included: selectable ? (choice?.selected ?? line.selected) : true,
    quantity: line.quantityRange && choice?.quantity !== undefined ? choice.quantity : line.quantity,
  };
}

/** Ticks an optional line in or out. */
export function withLineSelected(
  selection: TPricingSelection | undefined,
  lineId: string,
  selected: boolean,
): TPricingSelection {
  const current = selection && Object.hasOwn(selection, lineId) ? selection[lineId] : undefined;
  return { ...selection, [lineId]: { ...current, selected } };
}

/** Picks one package of a choice group, and sets every other package of that group out. */
export function withPackageChosen(
  selection: TPricingSelection | undefined,
  table: TPricingTable,
  lineId: string,
): TPricingSelection {
  let next: TPricingSelection = { ...selection };
  for (const line of table.lines) next = withLineSelected(next, line.id, line.id === lineId);
  return next;
}

export function withQuantity(
  selection: TPricingSelection | undefined,
  lineId: string,
  quantity: number,
): TPricingSelection {
  const current = selection && Object.hasOwn(selection, lineId) ? selection[lineId] : undefined;
  return { ...selection, [lineId]: { ...current, quantity } };
}
