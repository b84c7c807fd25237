import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/http';
import { shareKeys } from './keys';
import { sharePost, shareUrl, type TShareBody, type TShareRoutes } from './share-request';

export async function declineProposal(token: string, reason: string): Promise<void> {
  const body: TShareBody<TShareRoutes['decline']['$post']> = { reason };
  await sharePost(shareUrl(token, '/decline'), body);
}

/** Declines the proposal with an optional reason; the page then shows it declined. */
export function useDeclineProposal(token: string) {
  const queryClient = useQueryClient();
  const reload = () => queryClient.invalidateQueries({ queryKey: shareKeys.proposal(token), exact: true });
  return useMutation({
    mutationFn: (reason: string) => declineProposal(token, reason),
    onSuccess: reload,
    onError: async (error) => {
      if (error instanceof ApiError && error.status === 409) await reload();
    },
  });
}
