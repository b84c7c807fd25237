import { z } from 'zod';
import { AppError } from './app-error';

/**
 * Keyset pagination: a cursor is the sort key of the last row seen, opaque to clients
 * (base64url JSON). A tampered cursor is a 400, never a query error.
 */
// Every list sorts on a text key (a name, or a timestamp written out); NUL cannot reach PostgreSQL.
const ZCursor = z.strictObject({
  k: z
    .string()
    .max(500)
    .refine((k) => !k.includes('\0')),
  id: z.uuid(),
});
export type TCursor = z.infer<typeof ZCursor>;

export function encodeCursor(cursor: TCursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

export function decodeCursor(raw: string | undefined): TCursor | undefined {
  if (raw === undefined || raw === '') return undefined;
  try {
    return ZCursor.parse(JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')));
  } catch {
    throw new AppError('invalid', 'That page cursor is not valid. Start again from the first page.', {
      fields: { cursor: 'Not a cursor this server gave out.' },
    });
  }
}

/** The one shape of every list answer. */
export type TPage<T> = { items: T[]; nextCursor: string | null };
