import { z } from 'zod';
import { CURRENCY_CODES } from '../currencies';
import { LANGUAGE_LIST, LANGUAGE_TAGS } from '../i18n/languages';
import { formatNumber } from '../i18n/format';
import { declared as i18n } from '../i18n/declare';

/**
 * Pieces every workspace feature shares: currency codes, list queries and the 409 body.
 */

const CURRENCIES: ReadonlySet<string> = new Set(CURRENCY_CODES);

/**
 * An ISO 4217 code of the fixed list (`CURRENCY_CODES`), which the OpenAPI document lists as its
 * `enum`. A string rather than `z.enum`, which would type every currency in the app as a union of
 * 162 literals.
 */
export const ZCurrency = z
  .string(i18n._('Use a three-letter ISO 4217 currency code in capitals, like USD or EUR.'))
  .refine(
    (code) => CURRENCIES.has(code),
    i18n._('Use a three-letter ISO 4217 currency code in capitals, like USD or EUR.'),
  )
  .meta({ enum: [...CURRENCY_CODES] });

const LANGUAGE_MESSAGE = `Choose one of the supported languages: ${LANGUAGE_LIST}.`;

/**
 * A proposal's or a client's language: one of the supported BCP 47 tags (`LANGUAGES`), written
 * as listed (`pt-BR`, `zh-CN`); anything else is refused with the list.
 */
export const ZLanguage = z.enum(LANGUAGE_TAGS, { error: LANGUAGE_MESSAGE });

/**
 * A calendar date, yyyy-mm-dd, that PostgreSQL's `date` can hold: the day must exist (no 30
 * February), and the year cannot be 0000, which PostgreSQL does not have. Both are patterns, so
 * the OpenAPI document states them.
 */
export const isoDate = (message: string = i18n._('Enter the date as yyyy-mm-dd.')) =>
  z.iso
    .date(message)
    .regex(/^(?!0000)/, i18n._('Enter a real date, from the year 0001 on.'))
    .meta({ format: 'date' });
export const ZIsoDate = isoDate();

/**
 * An email address that may be left empty: trimmed, then either empty or an address, written in
 * the OpenAPI document as exactly that (`""` or `format: email` with zod's pattern).
 */
export const optionalEmail = (max = 254) => {
  const message = i18n._('Enter a valid email address, like name@example.com.');
  const address = z.union(
    [z.literal(''), z.email(message).max(max, `Use at most ${max} characters for the email address.`)],
    message,
  );
  // Typed as taking a string (the forms' input type); anything else reaches the union as it came.
  return z.preprocess<string, typeof address, string>(
    (value) => (typeof value === 'string' ? value.trim() : value),
    address,
  );
};

/** Percentages are basis points: 1250 is 12.5 %. */
export const ZBasisPoints = z
  .number(i18n._('Enter a number.'))
  .int(i18n._('Use whole basis points (1250 is 12.5 %).'))
  .min(0, i18n._('A rate cannot be negative.'))
  .max(10_000, i18n._('A rate cannot be above 100 %.'));

/** Optional free text: trimmed, empty when absent. */
export const optionalText = (max: number) =>
  z
    .string(i18n._('Enter text.'))
    .trim()
    .max(max, `Use at most ${formatNumber(max, 'en-US')} characters.`);

/** The largest PostgreSQL `integer`, the type of every `version` column. */
export const INT4_MAX = 2_147_483_647;

const VERSION_MESSAGE = 'Send the version you last saw.';
/** Versions count up from 1; past the column's range there is no such version (never a query error). */
const versionFrom = (min: 0 | 1) =>
  z
    .int(VERSION_MESSAGE)
    .min(min, VERSION_MESSAGE)
    .max(INT4_MAX, 'That version does not exist. Reload to get the current one.');

/** The version of a record the client last saw; a write against any other answers 409. Every route's. */
export const ZVersion = versionFrom(1);
/** The same for a record that may not exist yet (the business profile): 0 when none was saved. */
export const ZVersionOrNone = versionFrom(0);

export const LIST_LIMIT_DEFAULT = 30;
export const LIST_LIMIT_MAX = 100;

/** The query string of every cursor-paginated, searchable list. */
export const ZListQuery = z.strictObject({
  cursor: z.string().max(1000, 'Not a cursor this server gave out.').optional(),
  limit: z.coerce
    .number('Use a number.')
    .int('Use a whole number.')
    .min(1, 'Ask for at least 1 row.')
    .max(LIST_LIMIT_MAX, `Ask for at most ${LIST_LIMIT_MAX} rows.`)
    .default(LIST_LIMIT_DEFAULT),
  q: z
    .string()
    .trim()
    .max(200, 'Search with at most 200 characters.')
    .refine((s) => !s.includes('\0'), 'Remove the invisible NUL character.')
    .optional(),
});
export type TListQuery = z.infer<typeof ZListQuery>;

/** The one shape of every list answer. */
export type TListPage<T> = { items: T[]; nextCursor: string | null };
