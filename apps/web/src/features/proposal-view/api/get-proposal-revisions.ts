import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TRevisionSummary } from '@draftwell/shared/share/revision';
import { proposalKeys } from '@/lib/api/query-keys';
import { api, unwrap } from '@/lib/api-client';

export async function fetchProposalRevisions(id: string, signal?: AbortSignal): Promise<TRevisionSummary[]> {
  const body = await unwrap(api.proposals[':id'].revisions.$get({ param: { id } }, { init: { signal } }));
  return body.items;
}

export const proposalRevisionsQueryOptions = (id: string) =>
  queryOptions({ queryKey: proposalKeys.revisions(id), queryFn: ({ signal }) => fetchProposalRevisions(id, signal) });

/** Every revision sent so far, oldest first. */
export function useProposalRevisions(id: string) {
  return useQuery(proposalRevisionsQueryOptions(id));
}
