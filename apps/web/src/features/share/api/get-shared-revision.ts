import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TRevision } from '@draftwell/shared/share/revision';
import { retryShareRead } from './get-shared-proposal';
import { shareKeys } from './keys';
import { shareGet, shareUrl, type TShareAnswer, type TShareRoutes } from './share-request';

export function fetchSharedRevision(token: string, number: number, signal?: AbortSignal): Promise<TRevision> {
  return shareGet<TShareAnswer<TShareRoutes['revisions'][':number']['$get']>>(
    shareUrl(token, `/revisions/${number}`),
    signal,
  );
}

export const sharedRevisionQueryOptions = (token: string, number: number) =>
  queryOptions({
    queryKey: shareKeys.revision(token, number),
    queryFn: ({ signal }) => fetchSharedRevision(token, number, signal),
    retry: retryShareRead,
    // A sent revision never changes.
    staleTime: Infinity,
  });

/** One sent revision of the proposal, for "what changed"; `number` null waits. */
export function useSharedRevision(token: string, number: number | null) {
  return useQuery({ ...sharedRevisionQueryOptions(token, number ?? 0), enabled: number !== null });
}
