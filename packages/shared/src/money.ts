import { currencyFractionDigits, currencyName, formatCurrency } from './i18n/format';

const CURRENCY_DIGITS_FALLBACK = 2;

/** Number of minor-unit digits of an ISO 4217 currency (JPY 0, USD 2, KWD 3). */
export function currencyDigits(currency: string): number {
  return currencyFractionDigits(currency, CURRENCY_DIGITS_FALLBACK);
}

/** Display only: money is always stored as integer minor units. */
export function formatMoney(minor: number, currency: string, locale = 'en-US'): string {
  const digits = currencyDigits(currency);
  return formatCurrency(minor / 10 ** digits, currency, locale, {
    minimumFractionDigits: minor % 10 ** digits === 0 ? 0 : digits,
    maximumFractionDigits: digits,
  });
}

/** The currencies offered first in pickers; any other ISO 4217 code is still accepted. */
export const COMMON_CURRENCIES = [
  'USD',
  'EUR',
  'GBP',
  'CAD',
  'AUD',
  'NZD',
  'CHF',
  'SEK',
  'NOK',
  'DKK',
  'PLN',
  'CZK',
  'JPY',
  'CNY',
  'HKD',
  'SGD',
  'INR',
  'AED',
  'SAR',
  'KWD',
  'BHD',
  'ZAR',
  'BRL',
  'MXN',
] as const;

/** The picker's options: the common codes, plus `current` when it is another one. */
export function currencyChoices(current?: string): string[] {
  const list: string[] = [...COMMON_CURRENCIES];
  if (current && !list.includes(current)) list.unshift(current);
  return list;
}

/** "EUR — Euro" where the runtime knows the name. */
export function currencyLabel(code: string, locale = 'en'): string {
  const name = currencyName(code, locale);
  return name ? `${code} — ${name}` : code;
}
