import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TBriefInput } from '@draftwell/shared/drafting/brief';
import type { TProposal } from '@draftwell/shared/workspace/proposals';
import { invalidateProposalSummaries, proposalKeys } from '@/features/proposals/api/keys';
import { api, unwrap } from '@/lib/api-client';

export function createDraft(brief: TBriefInput): Promise<TProposal> {
  return unwrap<TProposal>(api.drafts.$post({ json: brief }));
}

/** Drafts a proposal from a brief; the lists are refetched and the draft is cached for its screen. */
export function useCreateDraft() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDraft,
    onSuccess: async (proposal) => {
      queryClient.setQueryData(proposalKeys.detail(proposal.id), proposal);
      await invalidateProposalSummaries(queryClient);
    },
  });
}
