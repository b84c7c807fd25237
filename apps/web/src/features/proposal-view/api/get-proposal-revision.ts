import { queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import type { TRevision } from '@draftwell/shared/share/revision';
import { proposalKeys } from '@/lib/api/query-keys';
import { api, unwrap } from '@/lib/api-client';

export function fetchProposalRevision(id: string, number: number, signal?: AbortSignal): Promise<TRevision> {
  return unwrap(
    api.proposals[':id'].revisions[':number'].$get({ param: { id, number: String(number) } }, { init: { signal } }),
  );
}

export const proposalRevisionQueryOptions = (id: string, number: number) =>
  queryOptions({
    queryKey: proposalKeys.revision(id, number),
    queryFn: ({ signal }) => fetchProposalRevision(id, number, signal),
    // A revision never changes once sent.
    staleTime: Infinity,
  });

/** One sent revision with its frozen snapshot; `null` waits. */
export function useProposalRevision(id: string, number: number | null) {
  return useQuery({ ...proposalRevisionQueryOptions(id, number ?? 0), enabled: number !== null });
}

/** Several revisions at once (the two sides of a comparison). */
export function useProposalRevisionPair(id: string, numbers: [number, number] | null) {
  return useQueries({
    queries: (numbers ?? []).map((n) => proposalRevisionQueryOptions(id, n)),
  });
}
