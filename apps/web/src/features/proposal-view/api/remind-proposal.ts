import { useMutation, useQueryClient } from '@tanstack/react-query';
import { proposalKeys } from '@/lib/api/query-keys';
import { api, unwrap } from '@/lib/api-client';

/** Emails the client a reminder (paid plans); the timeline gains a "reminder sent" line. */
export function useRemindProposal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, message }: { id: string; message: string }) =>
      unwrap(api.proposals[':id'].remind.$post({ param: { id }, json: { message } })),
    onSuccess: (_event, { id }) => queryClient.invalidateQueries({ queryKey: proposalKeys.events(id) }),
  });
}
