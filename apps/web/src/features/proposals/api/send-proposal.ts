import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TSignatureMarkData, TSignerContact, TSigningSettings } from '@draftwell/shared/share/signing';
import type { TProposal } from '@draftwell/shared/workspace/proposals';
import { api, isConflict, unwrap } from '@/lib/api-client';
import { invalidateProposal, proposalKeys } from '@/lib/api/query-keys';

export type TSendInput = {
  id: string;
  version: number;
  message: string;
  /** Left out: as at the last send, or the proposal's client. */
  signers?: TSignerContact[];
  signing?: Partial<TSigningSettings>;
  /** The owner's own signature, when they sign before sending. */
  ownerSignature?: { name: string; consent: true; mark?: TSignatureMarkData };
};

/**
 * Sends the proposal as it stands at `version`: the server freezes a revision and emails the
 * client. 400 names what is missing in `fields`, 403 asks for a confirmed email, 409 means the
 * proposal changed since (its `current` record rides along), 423 that it was accepted.
 */
export function sendProposal({ id, ...json }: TSendInput): Promise<TProposal> {
  return unwrap(api.proposals[':id'].send.$post({ param: { id }, json }));
}

export function useSendProposal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendProposal,
    onSuccess: async (proposal) => {
      queryClient.setQueryData(proposalKeys.detail(proposal.id), proposal);
      await invalidateProposal(queryClient, proposal.id);
    },
    onError: (error, { id }) => {
      // A stale version: keep the newest record, so the next attempt sends what is really there.
      if (isConflict<TProposal>(error)) queryClient.setQueryData(proposalKeys.detail(id), error.current);
    },
  });
}
