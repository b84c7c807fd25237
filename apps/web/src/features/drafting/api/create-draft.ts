import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TBriefInput } from '@draftwell/shared/drafting/brief';
import type { TProposal } from '@draftwell/shared/workspace/proposals';
import { invalidateProposalSummaries, proposalKeys } from '@/lib/api/query-keys';
import { api, unwrap } from '@/lib/api-client';

/** `builtin` asks for the built-in drafter even where an AI model is configured (the way on when the model fails). */
export function createDraft(args: { brief: TBriefInput; drafter?: 'builtin' }): Promise<TProposal> {
  return unwrap(api.drafts.$post({ json: args.brief, query: args.drafter ? { drafter: args.drafter } : {} }));
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
