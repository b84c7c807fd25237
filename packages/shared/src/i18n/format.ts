/**
 * One place for display rules (issue 25, part 6): every date, time, relative time, number,
 * percentage, amount of money, plural category, list and currency name the web app, the emails
 * and the PDF show is written here. Each function takes the locale it writes in, always: nothing
 * falls back to the runtime's (the browser's or the server's) own. The formatters are built once
 * per locale and options and kept, since tables and charts call these in their render loops.
 * A lint rule (eslint.config.js) keeps `Intl.*Format` and `toLocale*String` out of other files.
 * No zod here: the client's page imports this module (QUALITY P8).
 */

type TIntlKind = 'number' | 'date' | 'relative' | 'plural' | 'list' | 'names';

const cache = new Map<string, unknown>();

function cached<T>(kind: TIntlKind, locale: string, options: object | undefined, make: () => T): T {
  const key = `${kind}\u0000${locale}\u0000${options ? JSON.stringify(options) : ''}`;
  let formatter = cache.get(key) as T | undefined;
  if (formatter === undefined) {
    formatter = make();
    cache.set(key, formatter);
  }
  return formatter;
}

/** The cached `Intl.NumberFormat` for a locale and options. */
export function numberFormat(locale: string, options?: Intl.NumberFormatOptions): Intl.NumberFormat {
  return cached('number', locale, options, () => new Intl.NumberFormat(locale, options));
}

/** The cached `Intl.DateTimeFormat` for a locale and options. */
export function dateTimeFormat(locale: string, options?: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return cached('date', locale, options, () => new Intl.DateTimeFormat(locale, options));
}

// ---------------------------------------------------------------- numbers

/** A number as the locale writes it: 12345.6 -> "12,345.6" (en-US), "12.345,6" (de). */
export function formatNumber(value: number, locale: string, options?: Intl.NumberFormatOptions): string {
  return numberFormat(locale, options).format(value);
}

/** A ratio as a percentage: 0.125 -> "12.5%" (en-US), "12,5 %" (de); at most `maximumFractionDigits`. */
export function formatRatioPercent(ratio: number, locale: string, maximumFractionDigits = 2): string {
  return numberFormat(locale, { style: 'percent', maximumFractionDigits }).format(ratio);
}

/** Minor-unit digits of an ISO 4217 currency (JPY 0, USD 2, KWD 3); `fallback` for a code the runtime refuses. */
export function currencyFractionDigits(currency: string, fallback = 2): number {
  try {
    return numberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? fallback;
  } catch {
    return fallback;
  }
}

/** An amount (in major units) of a currency: 1234.5 USD -> "$1,234.50" (en-US). */
export function formatCurrency(
  amount: number,
  currency: string,
  locale: string,
  digits: { minimumFractionDigits?: number; maximumFractionDigits?: number } = {},
): string {
  return numberFormat(locale, { style: 'currency', currency, ...digits }).format(amount);
}

/** A currency's name in a locale ("Euro", "Euro" in de, "ユーロ" in ja), or null where the runtime knows none. */
export function currencyName(code: string, locale: string): string | null {
  try {
    const names = cached(
      'names',
      locale,
      { type: 'currency' },
      () => new Intl.DisplayNames([locale], { type: 'currency' }),
    );
    const name = names.of(code);
    return name && name !== code ? name : null;
  } catch {
    return null;
  }
}

/** The plural category of a count in a locale ("one", "other", "few"…), to pick a word's form. */
export function pluralCategory(count: number, locale: string): Intl.LDMLPluralRule {
  return cached('plural', locale, undefined, () => new Intl.PluralRules(locale)).select(count);
}

/** Items joined as the locale joins a list: "a, b, and c" (en-US), "a, b und c" (de). */
export function formatList(
  items: readonly string[],
  locale: string,
  type: Intl.ListFormatType = 'conjunction',
): string {
  return cached('list', locale, { type }, () => new Intl.ListFormat(locale, { type })).format(items);
}

// ---------------------------------------------------------------- dates and times

/** A date or instant with `Intl.DateTimeFormat` options; `timeZone` undefined is the runtime's own zone. */
export function formatDate(value: Date | number, locale: string, options: Intl.DateTimeFormatOptions): string {
  return dateTimeFormat(locale, options).format(value);
}

/** The parts of a date or instant (for arithmetic on a zone's calendar, not for display). */
export function formatDateToParts(
  value: Date | number,
  locale: string,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormatPart[] {
  return dateTimeFormat(locale, options).formatToParts(value);
}

/** A relative time: (-3, 'minute') -> "3 minutes ago", (-1, 'day') -> "yesterday" (en-US, numeric 'auto'). */
export function formatRelative(
  value: number,
  unit: Intl.RelativeTimeFormatUnit,
  locale: string,
  numeric: 'auto' | 'always' = 'auto',
): string {
  return cached('relative', locale, { numeric }, () => new Intl.RelativeTimeFormat(locale, { numeric })).format(
    value,
    unit,
  );
}

// ---------------------------------------------------------------- time zones

/** The IANA zone the runtime runs in (the browser's, on the web), or 'UTC' where it has none. */
export function runtimeTimeZone(): string {
  try {
    return dateTimeFormat('en-US').resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** A time zone's name as the runtime spells it (`europe/paris` -> `Europe/Paris`); throws for one it does not know. */
export function resolveTimeZone(name: string): string {
  return dateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
}
