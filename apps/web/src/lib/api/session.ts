import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TSession } from '@draftwell/shared';
import { API_BASE, unwrap } from '@/lib/api-client';
import { useHydrated } from '@/lib/use-hydrated';

export const sessionQueryKey = ['session'] as const;

/**
 * A plain GET with no headers of its own: a protected screen's HTML preloads this very request
 * (`<link rel="preload" as="fetch">`, P12), and the browser hands its answer over only to a
 * request made the same way (the typed client adds a content-type header, which would not match),
 * so the answer's type is named here.
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

export const sessionQueryOptions = () => queryOptions({ queryKey: sessionQueryKey, queryFn: fetchSession });

/** The current session (or null) as cached; protected routes re-check it on entry. */
export function useSession() {
  return useQuery(sessionQueryOptions());
}

/**
 * The session for a prerendered public page: none while React hydrates it, as when it was
 * rendered at build time, then the session as cached. A part of the page hydrated later (its
 * screen's code arrives after the session) would otherwise not match its HTML.
 */
export function usePublicPageSession(): TSession | null | undefined {
  const { data } = useSession();
  return useHydrated() ? data : undefined;
}
