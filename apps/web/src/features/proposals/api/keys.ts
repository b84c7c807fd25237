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
  /** The proposal and, under it, everything about it: invalidating this refreshes all of them. */
  detail: (id: string) => [...proposalKeys.details(), id] as const,
  events: (id: string) => [...proposalKeys.detail(id), 'events'] as const,
  comments: (id: string) => [...proposalKeys.detail(id), 'comments'] as const,
  revisions: (id: string) => [...proposalKeys.detail(id), 'revisions'] as const,
  revision: (id: string, number: number) => [...proposalKeys.revisions(id), number] as const,
  acceptance: (id: string) => [...proposalKeys.detail(id), 'acceptance'] as const,
  shareLink: (id: string) => [...proposalKeys.detail(id), 'share-link'] as const,
};

/**
 * What a change to one proposal's status or activity makes stale: the proposal with its timeline,
 * comments, revisions and acceptance, and the lists and overview that count it.
 */
export function invalidateProposal(queryClient: QueryClient, id: string): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: proposalKeys.detail(id) }),
    invalidateProposalSummaries(queryClient),
  ]);
}

/**
 * What a client's action (opened, commented, accepted, declined) or an expiry makes stale: the
 * proposal, its timeline, comments and acceptance, and the summaries; not its revisions or link.
 */
export function invalidateProposalActivity(queryClient: QueryClient, id: string): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: proposalKeys.detail(id), exact: true }),
    queryClient.invalidateQueries({ queryKey: proposalKeys.events(id) }),
    queryClient.invalidateQueries({ queryKey: proposalKeys.comments(id) }),
    queryClient.invalidateQueries({ queryKey: proposalKeys.acceptance(id) }),
    invalidateProposalSummaries(queryClient),
  ]);
}

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
