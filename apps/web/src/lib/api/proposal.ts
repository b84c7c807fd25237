import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TProposal } from '@draftwell/shared/workspace/proposals';
import { api, ApiError, unwrap } from '@/lib/api-client';
import { proposalKeys } from './query-keys';

export function fetchProposal(id: string, signal?: AbortSignal): Promise<TProposal> {
  return unwrap<TProposal>(api.proposals[':id'].$get({ param: { id } }, { init: { signal } }));
}

export const proposalQueryOptions = (id: string) =>
  queryOptions({
    queryKey: proposalKeys.detail(id),
    queryFn: ({ signal }) => fetchProposal(id, signal),
    // A missing proposal stays missing; asking again only delays the answer.
    retry: (failures, error) => !(error instanceof ApiError && error.status === 404) && failures < 1,
  });

export function useProposal(id: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...proposalQueryOptions(id), enabled });
}
