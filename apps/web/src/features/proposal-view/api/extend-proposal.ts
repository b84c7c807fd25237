import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TProposal } from '@draftwell/shared/workspace/proposals';
import { api, unwrap } from '@/lib/api-client';
import { invalidateProposal, proposalKeys } from '@/lib/api/query-keys';

export type TExtendInput = { id: string; validUntil: string };

/** A new last day to accept; an expired proposal opens again. */
export function extendProposal({ id, validUntil }: TExtendInput): Promise<TProposal> {
  return unwrap(api.proposals[':id'].extend.$post({ param: { id }, json: { validUntil } }));
}

export function useExtendProposal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: extendProposal,
    onSuccess: async (proposal) => {
      queryClient.setQueryData(proposalKeys.detail(proposal.id), proposal);
      await invalidateProposal(queryClient, proposal.id);
    },
  });
}
