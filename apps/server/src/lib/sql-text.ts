/** Helpers for text that reaches SQL as a parameter (never as SQL). */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids in URLs are checked before any query: a malformed one is simply not found (404). */
export const isUuid = (id: string): boolean => UUID.test(id);

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/** A LIKE pattern matching `text` literally anywhere (backslash is PostgreSQL's default escape). */
export function containsPattern(text: string): string {
  return `%${escapeLike(text)}%`;
}

/** A LIKE pattern matching text that starts with `text`, literally. */
export function startsWithPattern(text: string): string {
  return `${escapeLike(text)}%`;
}
