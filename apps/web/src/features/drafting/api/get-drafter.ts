import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TDrafterInfo } from '@draftwell/shared/drafting/ai';
import { api, unwrap } from '@/lib/api-client';

export function getDrafter(): Promise<TDrafterInfo> {
  return unwrap(api.drafts.drafter.$get());
}

/** Which drafter serves: fixed for the life of the server, so read once per session. */
export const drafterQueryOptions = () =>
  queryOptions({ queryKey: ['drafts', 'drafter'] as const, queryFn: getDrafter, staleTime: Infinity });

export function useDrafter() {
  return useQuery(drafterQueryOptions());
}
