import {
  BILLING_KINDS,
  PricingError,
  addAmounts,
  emptyBigTotals,
  formatQuantity,
  lineAmounts,
  totalsToNumbers,
  type TBigAmounts,
  type TBillingKind,
  type TPricingTotals,
} from './pricing-core';
import type { TDocument, TPricingLine, TPricingSelection, TPricingTable } from './schema';

/**
 * Document-level pricing: which lines the client takes and the totals of a table or a whole
 * document. The math on amounts lives in pricing-core, which the document schema uses too.
 */

export * from './pricing-core';

type TLineChoice = NonNullable<TPricingSelection[string]>;

function choiceFor(selection: TPricingSelection | undefined, lineId: string): TLineChoice | undefined {
  // hasOwn: a line id such as "constructor" must not pick up Object.prototype members.
  return selection && Object.hasOwn(selection, lineId) ? selection[lineId] : undefined;
}

function lineLabel(line: TPricingLine): string {
  return line.description.trim() ? `"${line.description.trim()}"` : `line ${line.id}`;
}

function chosenQuantity(line: TPricingLine, override: number | undefined): number {
  if (override === undefined || override === line.quantity) return line.quantity;
  if (!Number.isSafeInteger(override) || override < 0) {
    throw new PricingError(
      'quantity_out_of_range',
      `The quantity for ${lineLabel(line)} must be a whole number of thousandths, 0 or more.`,
    );
  }
  const range = line.quantityRange;
  if (!range) {
    throw new PricingError(
      'quantity_fixed',
      `The quantity of ${lineLabel(line)} is fixed at ${formatQuantity(line.quantity)}.`,
    );
  }
  if (override < range.min || override > range.max) {
    throw new PricingError(
      'quantity_out_of_range',
      `Choose a quantity from ${formatQuantity(range.min)} to ${formatQuantity(range.max)} for ${lineLabel(line)}; got ${formatQuantity(override)}.`,
    );
  }
  return override;
}

/** The lines the client pays for, with the quantity they pay for (a PricingError when the choice breaks a rule). */
export function includedLines(
  table: TPricingTable,
  selection: TPricingSelection | undefined,
): { line: TPricingLine; quantity: number }[] {
  const picks = table.lines.map((line) => {
    const choice = choiceFor(selection, line.id);
    const quantity = chosenQuantity(line, choice?.quantity);
    if (table.kind === 'choice') return { line, quantity, included: choice?.selected ?? line.selected };
    if (!line.optional) {
      if (choice?.selected === false) {
        throw new PricingError('line_not_optional', `${lineLabel(line)} is not optional and cannot be left out.`);
      }
      return { line, quantity, included: true };
    }
    return { line, quantity, included: choice?.selected ?? line.selected };
  });
  const included = picks.filter((p) => p.included);
  if (table.kind === 'choice' && table.lines.length > 0 && included.length !== 1) {
    const title = table.title.trim() ? `"${table.title.trim()}"` : 'this choice group';
    throw new PricingError(
      'choice_not_single',
      `Pick exactly one package in ${title}; ${included.length} are selected.`,
    );
  }
  return included.map(({ line, quantity }) => ({ line, quantity }));
}

function tableAmounts(
  table: TPricingTable,
  selection: TPricingSelection | undefined,
): Record<TBillingKind, TBigAmounts> {
  const sums = emptyBigTotals();
  for (const { line, quantity } of includedLines(table, selection)) {
    sums[line.billing] = addAmounts(sums[line.billing], lineAmounts({ ...line, quantity }));
  }
  return sums;
}

/**
 * Totals per billing kind of the lines the client takes: every required line, optional lines that
 * are ticked (the client's `selection` first, else the line's own `selected`), and in a choice
 * group the one chosen package. Totals are sums of rounded lines, never rounded again.
 * Entries of `selection` for lines of other tables are ignored, so one selection serves a document.
 */
export function tableTotals(table: TPricingTable, selection?: TPricingSelection): TPricingTotals {
  return totalsToNumbers(tableAmounts(table, selection));
}

/** Totals per billing kind over every pricing table of the document. */
export function documentTotals(doc: TDocument, selection?: TPricingSelection): TPricingTotals {
  const tables = doc.blocks.filter((block): block is TPricingTable => block.type === 'pricing_table');
  if (selection) {
    const lineIds = new Set(tables.flatMap((table) => table.lines.map((line) => line.id)));
    const unknown = Object.keys(selection).find((id) => !lineIds.has(id));
    if (unknown !== undefined) {
      throw new PricingError(
        'unknown_line',
        `The proposal has no pricing line "${unknown}"; reload it and choose again.`,
      );
    }
  }
  const sums = emptyBigTotals();
  for (const table of tables) {
    const amounts = tableAmounts(table, selection);
    for (const kind of BILLING_KINDS) sums[kind] = addAmounts(sums[kind], amounts[kind]);
  }
  return totalsToNumbers(sums);
}
