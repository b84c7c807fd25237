import { DEFAULT_LOCALE } from '@draftwell/shared/document/locale';
import { formatDate } from '@draftwell/shared/i18n/format';

/**
 * Dates and times in the reader's own time zone, written as the document's locale writes them (pass
 * `TDocumentContext.locale`); UTC ones are `@draftwell/shared/document/display`'s. `timeZone` is
 * what `useReaderClock` gives: UTC while a page the server rendered hydrates (the server cannot
 * know the reader's zone), the reader's own (undefined) from then on.
 */

/** "March 4, 2027 at 3:22 PM" in the reader's own time zone (or `timeZone`). */
export function formatLocalDateTime(iso: string, locale: string = DEFAULT_LOCALE, timeZone?: 'UTC'): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return formatDate(d, locale, { dateStyle: 'long', timeStyle: 'short', timeZone });
}

/** "March 4, 2027" in the reader's own time zone (or `timeZone`). */
export function formatLocalDate(iso: string, locale: string = DEFAULT_LOCALE, timeZone?: 'UTC'): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return formatDate(d, locale, { dateStyle: 'long', timeZone });
}

/**
 * Whole days from today (the reader's calendar, or UTC's) to a yyyy-mm-dd date: 0 on the day
 * itself, negative once it has passed.
 */
export function daysUntil(isoDate: string, today = new Date(), timeZone?: 'UTC'): number {
  const [y, m, d] = isoDate.split('-').map(Number);
  const target = Date.UTC(y!, (m ?? 1) - 1, d ?? 1);
  const now =
    timeZone === 'UTC'
      ? Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate())
      : Date.UTC(today.getFullYear(), today.getMonth(), today.getDate());
  return Math.round((target - now) / 86_400_000);
}
