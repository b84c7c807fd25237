/** One proposal, read, saved or duplicated: what the editor, the drafting and the proposal's own view all do. */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TProposal, TProposalPatch } from '@draftwell/shared/workspace/proposals';
import { api, ApiError, unwrap } from '@/lib/api-client';
import { invalidateProposalSummaries, proposalKeys } from './query-keys';

export function fetchProposal(id: string, signal?: AbortSignal): Promise<TProposal> {
  return unwrap(api.proposals[':id'].$get({ param: { id } }, { init: { signal } }));
}

export const proposalQueryOptions = (id: string) =>
  queryOptions({
    queryKey: proposalKeys.detail(id),
    queryFn: ({ signal }) => fetchProposal(id, signal),
    // A missing proposal stays missing; asking again only delays the answer.
    retry: (failures, error) => !(error instanceof ApiError && error.status === 404) && failures < 1,
  });

export function useProposal(id: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...proposalQueryOptions(id), enabled });
}

export function saveProposal(id: string, patch: TProposalPatch, signal?: AbortSignal): Promise<TProposal> {
  return unwrap(api.proposals[':id'].$patch({ param: { id }, json: patch }, { init: { signal } }));
}

export function duplicateProposal(id: string): Promise<TProposal> {
  return unwrap(api.proposals[':id'].duplicate.$post({ param: { id } }));
}

/** A copy of the proposal as a new draft; the copy is cached for the screen it opens in. */
export function useDuplicateProposal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: duplicateProposal,
    onSuccess: async (copy) => {
      queryClient.setQueryData(proposalKeys.detail(copy.id), copy);
      await invalidateProposalSummaries(queryClient);
    },
  });
}
