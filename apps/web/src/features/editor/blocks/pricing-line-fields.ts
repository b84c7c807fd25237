import type { I18n } from '@draftwell/shared/i18n/i18n';
import {
  MAX_QUANTITY,
  ZPricingLine,
  ZPricingTable,
  formatQuantity,
  lineTotal,
  type TPricingLine,
  type TPricingTable,
} from '@draftwell/shared/document';
import { priceWithBilling } from '@draftwell/shared/document/display';
import { formatMoney } from '@draftwell/shared/money';
import { appI18n } from '@/lib/app-language';
import { formatMoneyInput, parseMoneyInput } from '@/lib/money-input';
import { formatPercentInput, parsePercentInput } from '@/lib/percent-input';
import { parseDecimal } from './decimal-input';
import type { TParse } from './parsed-input';

/** "1.5" -> 1500 thousandths, exactly; more than three decimals is refused. */
export function parseQuantityInput(text: string): TParse<number> {
  const result = parseDecimal(text, 3, MAX_QUANTITY);
  if (result.ok) return result;
  const i18n = appI18n();
  switch (result.code) {
    case 'empty':
      return { ok: false, message: i18n._('Enter a quantity, like 1 or 2.5.') };
    case 'too_many_decimals':
      return { ok: false, message: i18n._('Use at most 3 decimals for a quantity, like 2.125.') };
    case 'negative':
      return { ok: false, message: i18n._("A quantity can't be negative.") };
    case 'too_large':
      return { ok: false, message: i18n._('Use a quantity of at most {max}.', { max: formatQuantity(MAX_QUANTITY) }) };
    default:
      return { ok: false, message: i18n._('Enter a quantity, like 1 or 2.5.') };
  }
}

export const formatQuantityInput = formatQuantity;

export function parsePriceInput(text: string, currency: string): TParse<number> {
  const result = parseMoneyInput(text, currency);
  return result.ok ? { ok: true, value: result.minor } : result;
}

export { formatMoneyInput };

export function parseRateInput(text: string): TParse<number> {
  const result = parsePercentInput(text);
  return result.ok ? { ok: true, value: result.basisPoints } : result;
}

export { formatPercentInput };

type TLineField = keyof TPricingLine | 'quantityRange.min' | 'quantityRange.max';

/** The schema's message for `line`, the one about `field` first; null when the line is valid. */
export function lineError(line: TPricingLine, field?: TLineField): string | null {
  const result = ZPricingLine.safeParse(line);
  if (result.success) return null;
  const issues = result.error.issues;
  const forField = field ? issues.find((issue) => issue.path.join('.') === field) : undefined;
  const i18n = appI18n();
  return (forField ?? issues[0])?.message ?? i18n._('This line is not valid.');
}

/** The schema's first message for the whole table, or null. */
export function tableError(table: TPricingTable): string | null {
  const result = ZPricingTable.safeParse(table);
  if (result.success) return null;
  const i18n = appI18n();
  return result.error.issues[0]?.message ?? i18n._('This table is not valid.');
}

/** A line's total with its billing suffix (" / month"), or "Too large" when it cannot be worked out. */
export function lineTotalText(i18n: I18n, line: TPricingLine, currency: string): string {
  try {
    return priceWithBilling(i18n, formatMoney(lineTotal(line).total, currency), line.billing);
  } catch {
    return i18n._('Too large');
  }
}
