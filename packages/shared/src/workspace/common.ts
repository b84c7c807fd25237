import { z } from 'zod';

/**
 * Pieces every workspace feature shares: currency codes, list queries and the 409 body.
 */

const supportedCurrencies: ReadonlySet<string> | null =
  typeof Intl.supportedValuesOf === 'function' ? new Set(Intl.supportedValuesOf('currency')) : null;

/** An ISO 4217 code; checked against the runtime's list where it has one (not every runtime does). */
export const ZCurrency = z
  .string()
  .regex(/^[A-Z]{3}$/, 'Use a three-letter currency code in capitals, like USD or EUR.')
  .refine((code) => supportedCurrencies === null || supportedCurrencies.has(code), {
    message: 'That is not a currency code we know. Use an ISO 4217 code, like USD or EUR.',
  });

/**
 * A calendar date, yyyy-mm-dd, that PostgreSQL's `date` can hold: the day must exist (no 30
 * February), and the year cannot be 0000, which PostgreSQL does not have.
 */
export const isoDate = (message = 'Enter the date as yyyy-mm-dd.') =>
  z.iso.date(message).refine((date) => !date.startsWith('0000'), 'Enter a real date, from the year 0001 on.');
export const ZIsoDate = isoDate();

/** Percentages are basis points: 1250 is 12.5 %. */
export const ZBasisPoints = z
  .number('Enter a number.')
  .int('Use whole basis points (1250 is 12.5 %).')
  .min(0, 'A rate cannot be negative.')
  .max(10_000, 'A rate cannot be above 100 %.');

/** Optional free text: trimmed, empty when absent. */
export const optionalText = (max: number) =>
  z
    .string('Enter text.')
    .trim()
    .max(max, `Use at most ${max.toLocaleString('en-US')} characters.`);

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
