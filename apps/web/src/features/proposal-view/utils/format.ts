/** Time on a page: "42 s", "3 min 5 s", "1 h 4 min"; whole seconds. */
export function formatDuration(totalSeconds: number): string {
  const s = Math.max(0, Math.round(totalSeconds));
  if (s < 60) return `${s} s`;
  const minutes = Math.floor(s / 60);
  if (minutes < 60) return s % 60 === 0 ? `${minutes} min` : `${minutes} min ${s % 60} s`;
  const hours = Math.floor(minutes / 60);
  return minutes % 60 === 0 ? `${hours} h` : `${hours} h ${minutes % 60} min`;
}

/** The first and last characters of a long hash, for lists: "3f0c8a5e2b7d…a91c". */
export function shortHash(hash: string): string {
  return hash.length > 16 ? `${hash.slice(0, 12)}…${hash.slice(-4)}` : hash;
}

const today = () => new Date().toISOString().slice(0, 10);

/** yyyy-mm-dd, `days` after today (UTC, the server's clock for validity). */
export function isoDateInDays(days: number, from = today()): string {
  const date = new Date(`${from}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

export { today as todayUtc };
