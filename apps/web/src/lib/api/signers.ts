import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TSigningState } from '@draftwell/shared/share/signing';
import type { TSignatureMarkData } from '@draftwell/shared/share/signing';
import { invalidateProposal, proposalKeys } from '@/lib/api/query-keys';
import { api, unwrap } from '@/lib/api-client';

/** Who signs a sent proposal, where each stands on the newest revision, and each client signer's link. */
export const signersQueryOptions = (id: string) =>
  queryOptions({
    queryKey: proposalKeys.signers(id),
    queryFn: ({ signal }): Promise<TSigningState> =>
      unwrap(api.proposals[':id'].signers.$get({ param: { id } }, { init: { signal } })),
  });

export function useProposalSigners(id: string, { enabled }: { enabled: boolean }) {
  return useQuery({ ...signersQueryOptions(id), enabled });
}

export type TSignerChange =
  | { kind: 'correct'; signerId: string; patch: { name?: string; email?: string; role?: string } }
  | { kind: 'revoke' | 'reissue'; signerId: string };

/**
 * Mends one signer without sending again: corrects their details (a new address gets a new link
 * by email), revokes their link, or sends them a new one. The answer is the round as it now stands.
 */
export function useChangeSigner(proposalId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: TSignerChange): Promise<TSigningState> => {
      const param = { id: proposalId, signerId: change.signerId };
      const signer = api.proposals[':id'].signers[':signerId'];
      if (change.kind === 'correct') return unwrap(signer.$patch({ param, json: change.patch }));
      return unwrap(change.kind === 'revoke' ? signer.revoke.$post({ param }) : signer.reissue.$post({ param }));
    },
    onSuccess: async (state) => {
      queryClient.setQueryData(proposalKeys.signers(proposalId), state);
      await invalidateProposal(queryClient, proposalId);
    },
  });
}

export type TCountersignInput = { name: string; revisionHash: string; mark?: TSignatureMarkData };

/** The owner's countersignature, once every client has signed; the last one accepts the proposal. */
export function useCountersign(proposalId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TCountersignInput) =>
      unwrap(
        api.proposals[':id'].countersign.$post({
          param: { id: proposalId },
          json: {
            name: input.name,
            consent: true,
            revisionHash: input.revisionHash,
            ...(input.mark ? { mark: input.mark } : {}),
          },
        }),
      ),
    onSuccess: () => invalidateProposal(queryClient, proposalId),
  });
}
