import type { TSession } from '@draftwell/shared';
import { API_BASE, unwrap } from '@/lib/http';

/**
 * A plain GET with no headers of its own: a protected screen's HTML preloads this very request
 * (`<link rel="preload" as="fetch">`, P12), and the browser hands its answer over only to a
 * request made the same way (the typed client adds a content-type header, which would not match),
 * so the answer's type is named here. Apart from the query cache (session.ts): the public pages ask with it too, without one.
 */
export async function fetchSession(): Promise<TSession | null> {
  const body = await unwrap<{ session: TSession | null }>(fetch(`${API_BASE}/session`, { credentials: 'same-origin' }));
  return body.session;
}

/**
 * Entering a protected screen checks the session with the server (S9), unless the server
 * answered less than this long ago: the screen's loader asks as the URL is matched, and the
 * session gate that mounts a moment later takes that answer as its check.
 */
export const ENTRY_CHECK_MS = 2_000;
