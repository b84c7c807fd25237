import type { QueryClient } from '@tanstack/react-query';
import { overviewKeys } from '@/features/overview/api/keys';
import type { TProposalStatus } from '@draftwell/shared/workspace/proposals';

/** What narrows the proposal list; part of the list's query key. */
export type TProposalListFilters = { q: string; status: TProposalStatus | null };

/** Every proposal query key, so invalidation hits exactly what it means to. */
export const proposalKeys = {
  all: ['proposals'] as const,
  lists: () => [...proposalKeys.all, 'list'] as const,
  list: (filters: TProposalListFilters) => [...proposalKeys.lists(), filters] as const,
  details: () => [...proposalKeys.all, 'detail'] as const,
  detail: (id: string) => [...proposalKeys.details(), id] as const,
};

/**
 * What a change to any proposal makes stale: the lists, and the overview counted from them.
 * Every create, save, duplicate, delete (and later send or decision) calls this.
 */
export function invalidateProposalSummaries(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: proposalKeys.lists() }),
    queryClient.invalidateQueries({ queryKey: overviewKeys.all }),
  ]);
}
