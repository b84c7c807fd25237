import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TFollowUpStopView } from '@draftwell/shared/workspace/follow-up';
import { api, unwrap } from '@/lib/api-client';
import { retryShareRead } from './get-shared-proposal';

/** The stop link of an automatic follow-up mail, by its signed token. */
const stopKey = (token: string) => ['follow-up-stop', token] as const;

export function useFollowUpStop(token: string) {
  return useQuery({
    queryKey: stopKey(token),
    queryFn: ({ signal }): Promise<TFollowUpStopView> =>
      unwrap(api['follow-up'].stop[':token'].$get({ param: { token } }, { init: { signal } })),
    retry: retryShareRead,
  });
}

/** Stops the automatic mails; the page then says so. Pressing twice changes nothing. */
export function useStopFollowUps(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (): Promise<TFollowUpStopView> => unwrap(api['follow-up'].stop[':token'].$post({ param: { token } })),
    onSuccess: (view) => queryClient.setQueryData(stopKey(token), view),
  });
}
