import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TRevision } from '@draftwell/shared/share/revision';
import { api, unwrap } from '@/lib/api-client';
import { retryShareRead } from './get-shared-proposal';
import { shareKeys } from './keys';

export function fetchSharedRevision(token: string, number: number, signal?: AbortSignal): Promise<TRevision> {
  return unwrap(
    api.share[':token'].revisions[':number'].$get({ param: { token, number: String(number) } }, { init: { signal } }),
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
