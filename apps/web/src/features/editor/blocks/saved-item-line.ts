import type { TPricingLine } from '@draftwell/shared/document';
import type { TSavedItem } from '@draftwell/shared/workspace/saved-items';
import { newPricingLine } from './new-block';
import { cutText } from '@draftwell/shared/text';
import { appI18n } from '@/lib/app-language';

export type TSavedItemPick = { ok: true; line: TPricingLine } | { ok: false; reason: string };

/** Whether a saved item can be added to a proposal in `currency`, and why not. */
export function savedItemAvailability(item: Pick<TSavedItem, 'currency'>, currency: string): string | null {
  if (item.currency.toUpperCase() === currency.toUpperCase()) return null;
  const i18n = appI18n();
  return i18n._(
    'Priced in {itemCurrency}; this proposal is in {currency}. Prices are never converted: add a {currency} copy in your saved items.',
    { itemCurrency: item.currency, currency },
  );
}

/** The pricing line a saved item becomes: its description, unit, price, tax rate and billing, quantity 1. */
export function savedItemToLine(item: TSavedItem, currency: string): TSavedItemPick {
  const reason = savedItemAvailability(item, currency);
  if (reason) return { ok: false, reason };
  return {
    ok: true,
    line: newPricingLine({
      savedItemId: item.id,
      description: cutText(item.description, 500),
      unit: cutText(item.unit, 20),
      unitPrice: item.unitPrice,
      taxPercent: item.taxRate,
      billing: item.billing,
    }),
  };
}
