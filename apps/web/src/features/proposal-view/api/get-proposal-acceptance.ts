import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TAcceptanceCertificate } from '@draftwell/shared/share/revision';
import { proposalKeys } from '@/lib/api/query-keys';
import { api, unwrap } from '@/lib/api-client';

export function fetchProposalAcceptance(id: string, signal?: AbortSignal): Promise<TAcceptanceCertificate> {
  return unwrap(api.proposals[':id'].acceptance.$get({ param: { id } }, { init: { signal } }));
}

export const proposalAcceptanceQueryOptions = (id: string) =>
  queryOptions({
    queryKey: proposalKeys.acceptance(id),
    queryFn: ({ signal }) => fetchProposalAcceptance(id, signal),
  });

/** The certificate of an accepted proposal (the server answers 404 before acceptance). */
export function useProposalAcceptance(id: string, { enabled }: { enabled: boolean }) {
  return useQuery({ ...proposalAcceptanceQueryOptions(id), enabled });
}
