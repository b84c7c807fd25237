const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

const relative = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });
/**
 * A proposal's own times read like its dates ("Valid until March 31, 2027"), in the one locale
 * its document is written in: "March 4, 2027 at 3:22 PM", in the reader's time zone.
 */
const absolute = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short' });

/** "3 minutes ago", "yesterday"…; under a minute reads "just now". */
export function formatRelativeTime(iso: string, now = Date.now()): string {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return relative.format(Math.trunc(seconds / size), unit);
  }
  return 'just now';
}

export function formatDateTime(iso: string): string {
  if (Number.isNaN(Date.parse(iso))) return iso;
  return absolute.format(new Date(iso));
}
