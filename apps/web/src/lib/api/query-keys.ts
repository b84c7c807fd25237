import type { QueryClient } from '@tanstack/react-query';
import type { TProposalStatus } from '@draftwell/shared/workspace/proposals';

/*
 * The query keys more than one feature reads or invalidates, and what a change to a proposal
 * makes stale. They live here, below the features, so a feature that changes proposals (drafting,
 * templates, notifications) need not import the feature that lists them.
 */

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
  signers: (id: string) => [...proposalKeys.detail(id), 'signers'] as const,
  seal: (id: string) => [...proposalKeys.detail(id), 'seal'] as const,
  /** The characters of its text no PDF font can draw (changes with every edit). */
  pdfCheck: (id: string) => [...proposalKeys.detail(id), 'pdf-check'] as const,
  /** Its automatic follow-up: settings and where each signer stands (changes with sends and answers). */
  followUp: (id: string) => [...proposalKeys.detail(id), 'follow-up'] as const,
  /** The payment asked for at acceptance (decision 0018). */
  payment: (id: string) => [...proposalKeys.detail(id), 'payment'] as const,
};

/**
 * Every overview query key. The overview is derived from the user's proposals: whatever
 * creates, changes, sends, deletes or decides a proposal should invalidate `overviewKeys.all`.
 */
export const overviewKeys = {
  all: ['overview'] as const,
  detail: (timeZone: string) => [...overviewKeys.all, timeZone] as const,
};

/** Every template query key, so invalidation hits exactly what it means to. */
export const templateKeys = {
  all: ['templates'] as const,
  lists: () => [...templateKeys.all, 'list'] as const,
  list: (q: string) => [...templateKeys.lists(), { q }] as const,
  details: () => [...templateKeys.all, 'detail'] as const,
  detail: (id: string) => [...templateKeys.details(), id] as const,
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
 * What a client's action (opened, commented, signed, accepted, declined, paid) or an expiry makes
 * stale: the proposal, its timeline, comments, signers, acceptance and payment, and the summaries;
 * not its revisions.
 */
export function invalidateProposalActivity(queryClient: QueryClient, id: string): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: proposalKeys.detail(id), exact: true }),
    queryClient.invalidateQueries({ queryKey: proposalKeys.events(id) }),
    queryClient.invalidateQueries({ queryKey: proposalKeys.comments(id) }),
    queryClient.invalidateQueries({ queryKey: proposalKeys.acceptance(id) }),
    queryClient.invalidateQueries({ queryKey: proposalKeys.signers(id) }),
    queryClient.invalidateQueries({ queryKey: proposalKeys.payment(id) }),
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
