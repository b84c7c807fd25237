import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchSession } from './session-fetch';

export { ENTRY_CHECK_MS, fetchSession } from './session-fetch';

export const sessionQueryKey = ['session'] as const;

export const sessionQueryOptions = () => queryOptions({ queryKey: sessionQueryKey, queryFn: fetchSession });

/** The current session (or null) as cached; protected routes re-check it on entry. */
export function useSession() {
  return useQuery(sessionQueryOptions());
}
