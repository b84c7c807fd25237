const CURRENCY_DIGITS_FALLBACK = 2;

/** Number of minor-unit digits of an ISO 4217 currency (JPY 0, USD 2, KWD 3). */
export function currencyDigits(currency: string): number {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
      .maximumFractionDigits ?? CURRENCY_DIGITS_FALLBACK;
  } catch {
    return CURRENCY_DIGITS_FALLBACK;
  }
}

/** Display only: money is always stored as integer minor units. */
export function formatMoney(minor: number, currency: string, locale = 'en-US'): string {
  const digits = currencyDigits(currency);
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: minor % 10 ** digits === 0 ? 0 : digits,
    maximumFractionDigits: digits,
  }).format(minor / 10 ** digits);
}
