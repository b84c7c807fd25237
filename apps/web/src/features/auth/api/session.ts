import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TSession } from '@draftwell/shared';
import { api, unwrap } from '@/lib/api-client';

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
