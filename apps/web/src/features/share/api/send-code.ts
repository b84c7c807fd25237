import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/http';
import { shareKeys } from './keys';
import { sharePost, shareUrl, type TShareAnswer, type TShareRoutes } from './share-request';

/** Mails the link's signer a 6-digit code to sign with: where it went (masked) and until when it works. */
export function sendSigningCode(token: string): Promise<{ sentTo: string; expiresAt: string }> {
  return sharePost<TShareAnswer<TShareRoutes['code']['$post']>>(shareUrl(token, '/code'));
}

/**
 * Asks for a code. A 409 (no code needed any more, or already signed) reloads the page so it
 * shows where the round stands; the error is still passed on for the form to explain.
 */
export function useSendSigningCode(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => sendSigningCode(token),
    onError: async (error) => {
      if (error instanceof ApiError && error.status === 409) {
        await queryClient.invalidateQueries({ queryKey: shareKeys.proposal(token), exact: true });
      }
    },
  });
}
