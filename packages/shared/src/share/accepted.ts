import type { TDocument, TPricingSelection, TPricingTable } from '../document/schema';
import {
  includedLines,
  lineTotal,
  type TBillingKind,
  type TPricingAmounts,
  type TPricingTotals,
} from '../document/pricing';

/**
 * What a client accepted, in the terms a CRM records a deal in (issue 24): the value per billing
 * kind, one-off and recurring, and each pricing line with the client's choice. Pure, without zod:
 * the public API, its webhooks and the owner's dashboard read the same figures.
 */

/** The accepted value, in minor units of `currency`: the one-off total and each recurring one. */
export type TAcceptedValue = { oneOff: number; monthly: number; yearly: number; currency: string };

/** The totals (tax included) of an acceptance's pricing, per billing kind, in its currency. */
export function acceptedValue(totals: TPricingTotals, currency: string): TAcceptedValue {
  return { oneOff: totals.one_off.total, monthly: totals.monthly.total, yearly: totals.yearly.total, currency };
}

/**
 * How a line came to be in or out: `required` (always in), `optional` (the client ticked it in or
 * left it out), `package` (one of a choice group, of which the client took exactly one).
 */
export const ACCEPTED_LINE_KINDS = ['required', 'optional', 'package'] as const;
export type TAcceptedLineKind = (typeof ACCEPTED_LINE_KINDS)[number];

/** One pricing line of the accepted revision, as the client chose it. */
export type TAcceptedLine = {
  tableId: string;
  tableTitle: string;
  lineId: string;
  description: string;
  unit: string;
  billing: TBillingKind;
  kind: TAcceptedLineKind;
  /** Whether the client takes it (a required line always). */
  included: boolean;
  /** Thousandths of a unit, as chosen (a line without a range: its own quantity). */
  quantity: number;
  /** Minor units. */
  unitPrice: number;
  /** Basis points. */
  discountPercent: number;
  taxPercent: number;
  /** What the line comes to as chosen; zero when it is left out. */
  amounts: TPricingAmounts;
};

const NOTHING: TPricingAmounts = { net: 0, discount: 0, tax: 0, total: 0 };

function tableLines(table: TPricingTable, selection: TPricingSelection): TAcceptedLine[] {
  const chosen = new Map(includedLines(table, selection).map(({ line, quantity }) => [line.id, quantity]));
  return table.lines.map((line) => {
    const quantity = chosen.get(line.id);
    const included = quantity !== undefined;
    return {
      tableId: table.id,
      tableTitle: table.title,
      lineId: line.id,
      description: line.description,
      unit: line.unit,
      billing: line.billing,
      kind: table.kind === 'choice' ? 'package' : line.optional ? 'optional' : 'required',
      included,
      quantity: quantity ?? line.quantity,
      unitPrice: line.unitPrice,
      discountPercent: line.discountPercent,
      taxPercent: line.taxPercent,
      amounts: included ? lineTotal({ ...line, quantity }) : NOTHING,
    };
  });
}

/**
 * Every pricing line of an accepted revision's document with the client's choice: what they took,
 * in what quantity, and what they left out. The selection is the one the acceptance recorded,
 * which the server priced when it was given, so this never throws on a stored acceptance.
 */
export function acceptedLines(document: Pick<TDocument, 'blocks'>, selection: TPricingSelection): TAcceptedLine[] {
  return document.blocks.flatMap((block) => (block.type === 'pricing_table' ? tableLines(block, selection) : []));
}
