import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TShareLink } from '@draftwell/shared/share/share-api';
import { proposalKeys } from '@/lib/api/query-keys';
import { api, ApiError, unwrap } from '@/lib/api-client';

export function fetchShareLink(id: string, signal?: AbortSignal): Promise<TShareLink> {
  return unwrap(api.proposals[':id']['share-link'].$get({ param: { id } }, { init: { signal } }));
}

export const shareLinkQueryOptions = (id: string) =>
  queryOptions({
    queryKey: proposalKeys.shareLink(id),
    queryFn: ({ signal }) => fetchShareLink(id, signal),
    // 404 means "no link yet" (never sent): asking again will not change that.
    retry: (failures, error) => !(error instanceof ApiError && error.status === 404) && failures < 1,
    staleTime: Infinity,
  });

/** The client's link, once the proposal has been sent. */
export function useShareLink(id: string, { enabled }: { enabled: boolean }) {
  return useQuery({ ...shareLinkQueryOptions(id), enabled });
}
