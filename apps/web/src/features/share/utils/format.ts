import { DEFAULT_LOCALE } from '@draftwell/shared/document/locale';

/**
 * Dates and times in the reader's own time zone, written as the document's locale writes them (pass
 * `TDocumentContext.locale`); UTC ones are `@draftwell/shared/document/display`'s.
 */

/** "March 4, 2027 at 3:22 PM" in the reader's own time zone. */
export function formatLocalDateTime(iso: string, locale: string = DEFAULT_LOCALE): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short' }).format(d);
}

/** "March 4, 2027" in the reader's own time zone. */
export function formatLocalDate(iso: string, locale: string = DEFAULT_LOCALE): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long' }).format(d);
}

/**
 * Whole days from today (the reader's calendar) to a yyyy-mm-dd date: 0 on the day itself,
 * negative once it has passed.
 */
export function daysUntil(isoDate: string, today = new Date()): number {
  const [y, m, d] = isoDate.split('-').map(Number);
  const target = Date.UTC(y!, (m ?? 1) - 1, d ?? 1);
  const now = Date.UTC(today.getFullYear(), today.getMonth(), today.getDate());
  return Math.round((target - now) / 86_400_000);
}
