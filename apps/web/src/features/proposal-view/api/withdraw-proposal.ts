import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TProposal } from '@draftwell/shared/workspace/proposals';
import { api, unwrap } from '@/lib/api-client';
import { invalidateProposal, proposalKeys } from '@/lib/api/query-keys';

/** Back to draft: the client's link answers "withdrawn" until the proposal is sent again. */
export function withdrawProposal(id: string): Promise<TProposal> {
  return unwrap(api.proposals[':id'].withdraw.$post({ param: { id } }));
}

export function useWithdrawProposal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withdrawProposal,
    onSuccess: async (proposal) => {
      queryClient.setQueryData(proposalKeys.detail(proposal.id), proposal);
      await invalidateProposal(queryClient, proposal.id);
    },
  });
}
