import type { TPricingSelection, TPricingTable } from '@draftwell/shared/document/schema';

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
