import { DEFAULT_LOCALE } from '@draftwell/shared/document/locale';
import { formatDate } from '@draftwell/shared/i18n/format';

function firstDay(month: string): Date {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, m - 1, 1));
}

/** "Mar" for 2026-03 (in en-US): the chart's axis. */
export function formatShortMonth(month: string, locale: string = DEFAULT_LOCALE): string {
  return formatDate(firstDay(month), locale, { month: 'short', timeZone: 'UTC' });
}

/** "March 2026" for 2026-03 (in en-US). */
export function formatLongMonth(month: string, locale: string = DEFAULT_LOCALE): string {
  return formatDate(firstDay(month), locale, { month: 'long', year: 'numeric', timeZone: 'UTC' });
}

/** The year of a yyyy-mm month. */
export function yearOf(month: string): string {
  return month.slice(0, 4);
}
