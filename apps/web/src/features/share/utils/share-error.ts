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
export function shareFailure(error: Error): TShareFailure {
  if (error instanceof ApiError) {
    if (error.status === 404) return { kind: 'not_found' };
    if (error.status === 410) return { kind: 'gone', details: goneDetails(error.details), message: error.message };
    return { kind: 'failed', message: error.message, offline: error.status === 0 };
  }
  return { kind: 'failed', message: 'Something went wrong while loading this proposal.', offline: false };
}
