import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TProposal, TProposalCreate } from '@draftwell/shared/workspace/proposals';
import { api, unwrap } from '@/lib/api-client';
import { invalidateProposalSummaries, proposalKeys } from '@/lib/api/query-keys';

export function createProposal(input: TProposalCreate = {}): Promise<TProposal> {
  return unwrap(api.proposals.$post({ json: input }));
}

/** Creates a blank draft; the list is refetched and the new draft is cached for its screen. */
export function useCreateProposal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProposal,
    onSuccess: async (proposal) => {
      queryClient.setQueryData(proposalKeys.detail(proposal.id), proposal);
      await invalidateProposalSummaries(queryClient);
    },
  });
}
