/**
 * A notification that outlives a document load: the app signs someone out and the landing page
 * (the public pages' own entry) says so; a new account lands on the dashboard (the app's entry)
 * and is welcomed there. Kept in this tab's sessionStorage until the next page shows it.
 */
export type TFlash = {
  type: 'success' | 'error' | 'info';
  title: string;
  description?: string;
  /** A link the notification offers ("Sign in again"). */
  action?: { label: string; to: string };
};

const KEY = 'draftwell-flash';

function read(): TFlash[] {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isFlash) : [];
  } catch {
    return [];
  }
}

const isFlash = (value: unknown): value is TFlash =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as TFlash).title === 'string' &&
  ['success', 'error', 'info'].includes((value as TFlash).type);

/** Keeps `flash` for the next page this tab shows. */
export function flash(message: TFlash): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify([...read(), message]));
  } catch {
    // No storage (a private window's quota): the message is lost, the navigation still happens.
  }
}

/** The notifications left for this page, each given once. */
export function takeFlashes(): TFlash[] {
  const messages = read();
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing was stored either.
  }
  return messages;
}
