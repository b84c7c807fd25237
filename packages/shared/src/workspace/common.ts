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

/** The version of a record the client last saw; a write against any other answers 409. */
export const ZVersion = z.number('Send the version you last saw.').int('Send the version you last saw.').min(1);

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

/** A write against a stale version: 409 with the record as it is now, to show or merge. */
export type TConflict<T> = {
  error: { code: 'conflict'; message: string; current: T; requestId?: string };
};
