import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TSession } from '@draftwell/shared';
import { api, unwrap } from '@/lib/api-client';
import { useHydrated } from '@/lib/use-hydrated';

export const sessionQueryKey = ['session'] as const;

export async function fetchSession(): Promise<TSession | null> {
  const body = await unwrap<{ session: TSession | null }>(api.session.$get());
  return body.session;
}

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
