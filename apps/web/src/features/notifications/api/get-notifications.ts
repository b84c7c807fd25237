import type { TNotificationFeed } from '@draftwell/shared/share/share-api';
import { api, unwrap } from '@/lib/api-client';

/**
 * The owner's notification feed: without `after`, only where it stands (`lastSeq`); with it,
 * what happened since, oldest first (R10).
 */
export function fetchNotifications(after?: number, signal?: AbortSignal): Promise<TNotificationFeed> {
  const query = after === undefined ? {} : { after: String(after) };
  return unwrap(api.notifications.$get({ query }, { init: { signal } }));
}
