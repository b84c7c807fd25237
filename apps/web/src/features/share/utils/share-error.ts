import type { I18n } from '@draftwell/shared/i18n/i18n';
import type { TShareGoneDetails } from '@draftwell/shared/share/share-api';
import { ApiError } from '@/lib/http';

export type TShareFailure =
  | { kind: 'not_found' }
  | { kind: 'gone'; details: TShareGoneDetails | null; message: string }
  | { kind: 'failed'; message: string; offline: boolean };

function goneDetails(details: unknown): TShareGoneDetails | null {
  if (typeof details !== 'object' || details === null) return null;
  const d = details as Partial<TShareGoneDetails>;
  if ((d.reason !== 'withdrawn' && d.reason !== 'expired') || typeof d.senderName !== 'string') return null;
  return { reason: d.reason, senderName: d.senderName, at: typeof d.at === 'string' ? d.at : null };
}

/** Why the page could not be shown: no such link (404), no longer open (410), or a failure to retry. */
export function shareFailure(i18n: I18n, error: Error): TShareFailure {
  if (error instanceof ApiError) {
    if (error.status === 404) return { kind: 'not_found' };
    if (error.status === 410) return { kind: 'gone', details: goneDetails(error.details), message: error.message };
    return { kind: 'failed', message: errorMessage(i18n, error), offline: error.status === 0 };
  }
  return {
    kind: 'failed',
    message: i18n._('Something went wrong while loading this proposal.'),
    offline: false,
  };
}

/**
 * A failed call's message in the page's language. The server writes its own messages in the
 * language the page asks in; those the browser makes up (offline, an answer that is not ours)
 * are lib/http.ts's English, so they are written again here.
 */
export function errorMessage(i18n: I18n, error: Error): string {
  if (!(error instanceof ApiError)) return error.message;
  if (error.code === 'network') return i18n._('You appear to be offline. Check your connection and try again.');
  if (error.code !== String(error.status)) return error.message;
  switch (error.status) {
    case 401:
      return i18n._('Your session has ended. Sign in again.');
    case 403:
      return i18n._('That is not allowed.');
    case 404:
      return i18n._('We could not find that.');
    case 413:
      return i18n._('That is too large.');
    case 429:
      return i18n._('Too many attempts. Wait a moment and try again.');
    case 503:
      return i18n._('The service is briefly unavailable. Try again in a few seconds.');
    default:
      return i18n._('Something went wrong. Try again.');
  }
}
