import { z } from 'zod';
import { hasLoneSurrogate } from '@draftwell/shared/text';
import { AppError } from './app-error';

/**
 * Keyset pagination: a cursor is the sort key of the last row seen, opaque to clients
 * (base64url JSON). A tampered cursor is a 400, never a query error.
 */
// Every list sorts on a text key (a name, or a timestamp written out): PostgreSQL cannot take
// NUL or half of a surrogate pair in it.
const ZCursor = z.strictObject({
  k: z
    .string()
    .max(500)
    .refine((k) => !k.includes('\0') && !hasLoneSurrogate(k)),
  id: z.uuid(),
});
export type TCursor = z.infer<typeof ZCursor>;

const invalid = () =>
  new AppError('invalid', 'That page cursor is not valid. Start again from the first page.', {
    fields: { cursor: 'Not a cursor this server gave out.' },
  });

export function encodeCursor(cursor: TCursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

export function decodeCursor(raw: string | undefined): TCursor | undefined {
  if (raw === undefined || raw === '') return undefined;
  try {
    return ZCursor.parse(JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')));
  } catch {
    throw invalid();
  }
}

/** A timestamp as the lists write their keys: UTC, to the microsecond (`to_char(… 'US')`). */
const CURSOR_TIME = /^(\d{4})-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

/**
 * A cursor whose key is a timestamp: one that exists (no 30 February, no hour 24) in a year
 * PostgreSQL's timestamptz reads as written, 0001 to 9999 (it has no year 0000).
 */
export function decodeTimeCursor(raw: string | undefined): TCursor | undefined {
  const cursor = decodeCursor(raw);
  if (!cursor) return undefined;
  const year = Number(CURSOR_TIME.exec(cursor.k)?.[1] ?? 0);
  const millis = `${cursor.k.slice(0, 23)}Z`;
  const exists =
    !Number.isNaN(Date.parse(millis)) && new Date(millis).toISOString().slice(0, 23) === cursor.k.slice(0, 23);
  if (year < 1 || !exists) throw invalid();
  return cursor;
}

/** The one shape of every list answer. */
export type TPage<T> = { items: T[]; nextCursor: string | null };
