import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TPricingSelection } from '@draftwell/shared/document/schema';
import type { TLanguage } from '@draftwell/shared/i18n/languages';
import type { TAcceptanceCertificate } from '@draftwell/shared/share/revision';
import type { TSignatureMarkData, TSignaturePending } from '@draftwell/shared/share/signing';
import type { TSharedProposal } from '@draftwell/shared/share/share-api';
import { ApiError } from '@/lib/http';
import { shareKeys } from './keys';
import { sharePost, shareUrl, type TShareAnswer, type TShareBody, type TShareRoutes } from './share-request';

export type TAcceptInput = {
  name: string;
  email: string;
  consent: true;
  /** The revision the client read: a newer one answers 409. */
  revisionHash: string;
  selection: TPricingSelection;
  /** The signature as given: typed, drawn or uploaded. */
  mark: TSignatureMarkData;
  /** The email code, when the proposal asks for one. */
  code?: string;
  /** The language the signer read the page in: the statement recorded, and their receipt, are in it. */
  language?: TLanguage;
};

/** The certificate when this signature completed the acceptance; else who is still to sign. */
export function acceptProposal(
  token: string,
  input: TAcceptInput,
): Promise<TAcceptanceCertificate | TSignaturePending> {
  const body: TShareBody<TShareRoutes['accept']['$post']> = input;
  return sharePost<TShareAnswer<TShareRoutes['accept']['$post']>>(shareUrl(token, '/accept'), body);
}

/** The page as it stands once this link's signer signed, before the server says more. */
function withSignature(page: TSharedProposal, signedAt: string): TSharedProposal {
  const { signing } = page;
  return {
    ...page,
    signing: {
      ...signing,
      you: { ...signing.you, signedAt },
      signers: signing.signers.map((s) => (s.you ? { ...s, signedAt } : s)),
      yourTurn: false,
    },
  };
}

/**
 * Signs the revision the client read. The last signature accepts the proposal and the page shows
 * the certificate; one that others must still follow (202) shows whom the round waits for. On a
 * 409 (a newer revision was sent, someone answered first, not this signer's turn) the page is
 * reloaded so it shows what is true now, and the error is still passed on for the form to explain.
 */
export function useAcceptProposal(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TAcceptInput) => acceptProposal(token, input),
    onSuccess: async (result) => {
      queryClient.setQueryData<TSharedProposal>(shareKeys.proposal(token), (page) =>
        !page
          ? page
          : 'complete' in result
            ? withSignature(page, result.signature.signedAt)
            : { ...page, status: 'accepted', acceptance: result },
      );
      await queryClient.invalidateQueries({ queryKey: shareKeys.proposal(token), exact: true });
    },
    onError: async (error) => {
      if (error instanceof ApiError && error.status === 409) {
        await queryClient.invalidateQueries({ queryKey: shareKeys.proposal(token), exact: true });
      }
    },
  });
}
