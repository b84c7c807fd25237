import { unitLabel } from '@draftwell/shared/document/display';
import { formatQuantity } from '@draftwell/shared/document/pricing';
import type { TDocument, TPricingSelection, TPricingTable } from '@draftwell/shared/document/schema';
import type { I18n } from '@draftwell/shared/i18n/i18n';

const tablesOf = (document: TDocument) =>
  document.blocks.filter((block): block is TPricingTable => block.type === 'pricing_table');

const choiceOf = (selection: TPricingSelection, lineId: string) =>
  Object.hasOwn(selection, lineId) ? selection[lineId] : undefined;

/**
 * The client's choice for every line they could choose, spelled out (ticked in or out, the
 * quantity taken): what the acceptance records, so the record does not depend on the defaults.
 */
export function completeSelection(document: TDocument, selection: TPricingSelection): TPricingSelection {
  const out: TPricingSelection = {};
  for (const table of tablesOf(document)) {
    for (const line of table.lines) {
      const choice = choiceOf(selection, line.id);
      const selectable = table.kind === 'choice' || line.optional;
      const ranged = line.quantityRange !== undefined && line.quantityRange.min !== line.quantityRange.max;
      if (!selectable && !ranged) continue;
      out[line.id] = {
        ...(selectable ? { selected: choice?.selected ?? line.selected } : {}),
        ...(ranged ? { quantity: choice?.quantity ?? line.quantity } : {}),
      };
    }
  }
  return out;
}

export type TChosenLine = { id: string; description: string; kind: 'option' | 'package'; quantity: string | null };

/**
 * What the client chose, in words: every optional line and package they take, with the quantity
 * where they could pick it. Lines the client could not change are left out.
 */
export function chosenOptions(i18n: I18n, document: TDocument, selection: TPricingSelection): TChosenLine[] {
  const chosen: TChosenLine[] = [];
  for (const table of tablesOf(document)) {
    for (const line of table.lines) {
      const choice = choiceOf(selection, line.id);
      const selectable = table.kind === 'choice' || line.optional;
      const included = selectable ? (choice?.selected ?? line.selected) : true;
      const ranged = line.quantityRange !== undefined && line.quantityRange.min !== line.quantityRange.max;
      if (!included || (!selectable && !ranged)) continue;
      const amount = choice?.quantity ?? line.quantity;
      const quantity = ranged ? `${formatQuantity(amount)} ${unitLabel(line.unit, amount)}`.trim() : null;
      chosen.push({
        id: line.id,
        description: line.description.trim() || i18n._('Untitled item'),
        kind: table.kind === 'choice' ? 'package' : 'option',
        quantity,
      });
    }
  }
  return chosen;
}
