import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TPricingSelection } from '@draftwell/shared/document/schema';
import type { TAcceptanceCertificate } from '@draftwell/shared/share/revision';
import type { TSignaturePending } from '@draftwell/shared/share/signing';
import type { TSharedProposal } from '@draftwell/shared/share/share-api';
import { api, ApiError, unwrap } from '@/lib/api-client';
import { shareKeys } from './keys';

export type TAcceptInput = {
  name: string;
  email: string;
  consent: true;
  /** The revision the client read: a newer one answers 409. */
  revisionHash: string;
  selection: TPricingSelection;
  /** The email code, when the proposal asks for one. */
  code?: string;
};

/** The certificate when this signature completed the acceptance; else who is still to sign. */
export function acceptProposal(
  token: string,
  input: TAcceptInput,
): Promise<TAcceptanceCertificate | TSignaturePending> {
  return unwrap(api.share[':token'].accept.$post({ param: { token }, json: input }));
}

/**
 * Accepts the revision the client read. On success the page shows the certificate; on a 409 (a
 * newer revision was sent, or someone answered first) the page is reloaded so it shows what is
 * true now, and the error is still passed on for the form to explain.
 */
export function useAcceptProposal(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TAcceptInput) => acceptProposal(token, input),
    onSuccess: async (result) => {
      if (!('complete' in result)) {
        queryClient.setQueryData<TSharedProposal>(shareKeys.proposal(token), (page) =>
          page ? { ...page, status: 'accepted', acceptance: result } : page,
        );
      }
      await queryClient.invalidateQueries({ queryKey: shareKeys.proposal(token), exact: true });
    },
    onError: async (error) => {
      if (error instanceof ApiError && error.status === 409) {
        await queryClient.invalidateQueries({ queryKey: shareKeys.proposal(token), exact: true });
      }
    },
  });
}
