import { z } from 'zod';
import { ZSavedItemInput, type TSavedItem } from '@draftwell/shared/workspace/saved-items';
import { formatMoneyInput, parseMoneyInput } from '@/lib/money-input';
import { formatPercentInput, parsePercentInput } from '@/lib/percent-input';

const shape = ZSavedItemInput.shape;

/**
 * The saved-item form: the shared schema's fields, with the price and tax rate as the text the
 * user typed, turned into minor units and basis points on the way out.
 */
export const ZSavedItemForm = z
  .object({
    description: shape.description,
    unit: shape.unit,
    currency: shape.currency,
    billing: shape.billing,
    unitPrice: z.string(),
    taxRate: z.string(),
  })
  // A refinement, not the transform, reports the problems: it still runs when another field
  // is wrong too, so every field shows its message at once.
  .superRefine((values, ctx) => {
    const price = parseMoneyInput(values.unitPrice, values.currency);
    if (!price.ok) ctx.addIssue({ code: 'custom', path: ['unitPrice'], message: price.message });
    const rate = parsePercentInput(values.taxRate);
    if (!rate.ok) ctx.addIssue({ code: 'custom', path: ['taxRate'], message: rate.message });
  })
  .transform((values) => {
    const price = parseMoneyInput(values.unitPrice, values.currency);
    const rate = parsePercentInput(values.taxRate);
    return {
      description: values.description,
      unit: values.unit,
      currency: values.currency,
      billing: values.billing,
      unitPrice: price.ok ? price.minor : 0,
      taxRate: rate.ok ? rate.basisPoints : 0,
    };
  });

export type TSavedItemFormIn = z.input<typeof ZSavedItemForm>;
export type TSavedItemFormOut = z.output<typeof ZSavedItemForm>;

export function savedItemFormValues(item: TSavedItem | null, defaultCurrency: string): TSavedItemFormIn {
  return {
    description: item?.description ?? '',
    unit: item?.unit ?? '',
    currency: item?.currency ?? defaultCurrency,
    billing: item?.billing ?? 'one_off',
    unitPrice: item ? formatMoneyInput(item.unitPrice, item.currency) : '',
    taxRate: item ? formatPercentInput(item.taxRate) : '',
  };
}
