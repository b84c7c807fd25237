import { DEFAULT_LOCALE } from '@draftwell/shared/document/locale';
import { formatDate, formatRelative } from '@draftwell/shared/i18n/format';
import type { I18n } from '@draftwell/shared/i18n/i18n';
import { appI18n } from './app-language';

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/**
 * "3 minutes ago", "yesterday"…; under a minute reads "just now". Words among the app's words, so
 * in the app's language (English as en-US), not in the document locale: "vor 3 Minuten" beside
 * "just now" would mix.
 */
export function formatRelativeTime(iso: string, now = Date.now(), i18n: I18n = appI18n()): string {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size)
      return formatRelative(Math.trunc(seconds / size), unit, i18n.locale === 'en' ? 'en-US' : i18n.locale);
  }
  return i18n._('just now');
}

/**
 * A proposal's own times read like its dates ("Valid until March 31, 2027"), in the one locale
 * its document is written in (pass `useDocumentLocale()`): "March 4, 2027 at 3:22 PM", in the
 * reader's time zone.
 */
export function formatDateTime(iso: string, locale: string = DEFAULT_LOCALE): string {
  if (Number.isNaN(Date.parse(iso))) return iso;
  return formatDate(new Date(iso), locale, { dateStyle: 'long', timeStyle: 'short' });
}
