import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TComment } from '@draftwell/shared/share/share-api';
import { proposalKeys } from '@/lib/api/query-keys';
import { api, unwrap } from '@/lib/api-client';

export async function fetchProposalComments(id: string, signal?: AbortSignal): Promise<TComment[]> {
  const body = await unwrap(api.proposals[':id'].comments.$get({ param: { id } }, { init: { signal } }));
  return body.items;
}

export const proposalCommentsQueryOptions = (id: string) =>
  queryOptions({ queryKey: proposalKeys.comments(id), queryFn: ({ signal }) => fetchProposalComments(id, signal) });

/** The conversation with the client, oldest first. */
export function useProposalComments(id: string) {
  return useQuery(proposalCommentsQueryOptions(id));
}
