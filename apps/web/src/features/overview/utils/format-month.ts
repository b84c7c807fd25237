const shortMonth = new Intl.DateTimeFormat(undefined, { month: 'short', timeZone: 'UTC' });
const longMonth = new Intl.DateTimeFormat(undefined, { month: 'long', year: 'numeric', timeZone: 'UTC' });

function firstDay(month: string): Date {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, m - 1, 1));
}

/** "Mar" for 2026-03: the chart's axis. */
export function formatShortMonth(month: string): string {
  return shortMonth.format(firstDay(month));
}

/** "March 2026" for 2026-03. */
export function formatLongMonth(month: string): string {
  return longMonth.format(firstDay(month));
}

/** The year of a yyyy-mm month. */
export function yearOf(month: string): string {
  return month.slice(0, 4);
}
