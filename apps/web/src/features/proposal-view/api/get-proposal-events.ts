import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TProposalEvent } from '@draftwell/shared/share/share-api';
import { proposalKeys } from '@/lib/api/query-keys';
import { api, unwrap } from '@/lib/api-client';

export async function fetchProposalEvents(id: string, signal?: AbortSignal): Promise<TProposalEvent[]> {
  const body = await unwrap(api.proposals[':id'].events.$get({ param: { id } }, { init: { signal } }));
  return body.items;
}

export const proposalEventsQueryOptions = (id: string) =>
  queryOptions({ queryKey: proposalKeys.events(id), queryFn: ({ signal }) => fetchProposalEvents(id, signal) });

/** The proposal's activity timeline, oldest first. */
export function useProposalEvents(id: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...proposalEventsQueryOptions(id), enabled });
}
