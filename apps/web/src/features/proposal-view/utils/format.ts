import type { I18n } from '@draftwell/shared/i18n/i18n';
import { appI18n } from '@/lib/app-language';

/** Time on a page: "42 s", "3 min 5 s", "1 h 4 min"; whole seconds. */
export function formatDuration(totalSeconds: number, i18n: I18n = appI18n()): string {
  const s = Math.max(0, Math.round(totalSeconds));
  if (s < 60) return i18n._('{seconds} s', { seconds: s });
  const minutes = Math.floor(s / 60);
  if (minutes < 60) {
    return s % 60 === 0
      ? i18n._('{minutes} min', { minutes })
      : i18n._('{minutes} min {seconds} s', { minutes, seconds: s % 60 });
  }
  const hours = Math.floor(minutes / 60);
  return minutes % 60 === 0
    ? i18n._('{hours} h', { hours })
    : i18n._('{hours} h {minutes} min', { hours, minutes: minutes % 60 });
}

/** The first and last characters of a long hash, for lists: "3f0c8a5e2b7d…a91c". */
export function shortHash(hash: string): string {
  return hash.length > 16 ? `${hash.slice(0, 12)}…${hash.slice(-4)}` : hash;
}

const today = () => new Date().toISOString().slice(0, 10);

/** yyyy-mm-dd, `days` after today (UTC, the server's clock for validity). */
export function isoDateInDays(days: number, from = today()): string {
  const [year = 0, month = 1, day = 1] = from.split('-').map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

export { today as todayUtc };
