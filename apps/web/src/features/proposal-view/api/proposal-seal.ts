import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TSealStatus } from '@draftwell/shared/share/share-api';
import { proposalKeys } from '@/lib/api/query-keys';
import { api, unwrap } from '@/lib/api-client';

/** How often the view asks again while the sealed PDF is being made (it takes a few seconds). */
const PENDING_POLL_MS = 3000;

export function fetchProposalSeal(id: string, signal?: AbortSignal): Promise<TSealStatus> {
  return unwrap(api.proposals[':id'].seal.$get({ param: { id } }, { init: { signal } }));
}

/** Where the accepted proposal's sealed PDF stands; asked again every few seconds while it is made. */
export function useProposalSeal(id: string, { enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: proposalKeys.seal(id),
    queryFn: ({ signal }) => fetchProposalSeal(id, signal),
    enabled,
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? PENDING_POLL_MS : false),
  });
}

/** Asks for the sealed PDF: again after a failure, or for a proposal accepted before sealing existed. */
export function useRequestProposalSeal(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(api.proposals[':id'].seal.$post({ param: { id } })),
    onSuccess: (status) => {
      queryClient.setQueryData(proposalKeys.seal(id), status);
      void queryClient.invalidateQueries({ queryKey: proposalKeys.events(id) });
    },
  });
}
