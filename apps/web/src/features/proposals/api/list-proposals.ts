import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { TProposalListItem, TProposalStatus } from '@draftwell/shared/workspace/proposals';
import { api, unwrap } from '@/lib/api-client';
import { proposalKeys, type TProposalListFilters } from '@/lib/api/query-keys';

export type TProposalPage = { items: TProposalListItem[]; nextCursor: string | null };

export function fetchProposalPage(
  filters: TProposalListFilters,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<TProposalPage> {
  const query: { cursor?: string; q?: string; status?: TProposalStatus } = {};
  if (cursor) query.cursor = cursor;
  if (filters.q) query.q = filters.q;
  if (filters.status) query.status = filters.status;
  return unwrap(api.proposals.$get({ query }, { init: { signal } }));
}

export const proposalListQueryOptions = (filters: TProposalListFilters) =>
  infiniteQueryOptions({
    queryKey: proposalKeys.list(filters),
    queryFn: ({ pageParam, signal }) => fetchProposalPage(filters, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/** The user's proposals, most recently updated first, a page at a time. */
export function useProposalList(filters: TProposalListFilters) {
  return useInfiniteQuery(proposalListQueryOptions(filters));
}
