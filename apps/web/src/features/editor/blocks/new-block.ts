import type {
  TPageBreakBlock,
  TPricingLine,
  TPricingTable,
  TSignatureBlock,
  TTimelineBlock,
} from '@draftwell/shared/document';
import { appI18n } from '@/lib/app-language';

/** A unique id for a block, line or milestone: `prefix_<uuid without dashes>`, at most 64 characters. */
export function newBlockId(prefix: string): string {
  const safePrefix = prefix.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 24) || 'id';
  return `${safePrefix}_${crypto.randomUUID().replace(/-/g, '')}`;
}

export type TNewPricingLineOptions = Partial<Omit<TPricingLine, 'id'>> & { defaultTaxRate?: number };

export function newPricingLine(opts: TNewPricingLineOptions = {}): TPricingLine {
  const { defaultTaxRate = 0, ...fields } = opts;
  return {
    id: newBlockId('line'),
    description: '',
    quantity: 1000,
    unit: '',
    unitPrice: 0,
    discountPercent: 0,
    taxPercent: defaultTaxRate,
    billing: 'one_off',
    optional: false,
    selected: true,
    ...fields,
  };
}

/** A new block's starting words are the owner's to change, in the language they work in. */
export function newPricingTable(opts: { defaultTaxRate: number }): TPricingTable {
  const i18n = appI18n();
  return {
    id: newBlockId('pricing'),
    type: 'pricing_table',
    title: i18n._('Investment'),
    kind: 'lines',
    lines: [newPricingLine({ defaultTaxRate: opts.defaultTaxRate })],
  };
}

export function newTimeline(): TTimelineBlock {
  const i18n = appI18n();
  return {
    id: newBlockId('timeline'),
    type: 'timeline',
    milestones: [
      { id: newBlockId('milestone'), title: i18n._('Kick-off'), when: { kind: 'duration', value: 1, unit: 'weeks' } },
      { id: newBlockId('milestone'), title: i18n._('Delivery'), when: { kind: 'duration', value: 4, unit: 'weeks' } },
    ],
  };
}

export function newSignature(): TSignatureBlock {
  return {
    id: newBlockId('signature'),
    type: 'signature',
    sender: {},
    client: {},
  };
}

export function newPageBreak(): TPageBreakBlock {
  return { id: newBlockId('pagebreak'), type: 'page_break' };
}
