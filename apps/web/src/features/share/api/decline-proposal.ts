import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ApiError, unwrap } from '@/lib/api-client';
import { shareKeys } from './keys';

export async function declineProposal(token: string, reason: string): Promise<void> {
  await unwrap(api.share[':token'].decline.$post({ param: { token }, json: { reason } }));
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
