import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TSharedProposal } from '@draftwell/shared/share/share-api';
import { api, ApiError, unwrap } from '@/lib/api-client';
import { shareKeys } from './keys';

export function fetchSharedProposal(token: string, signal?: AbortSignal): Promise<TSharedProposal> {
  return unwrap(api.share[':token'].$get({ param: { token } }, { init: { signal } }));
}

/**
 * Only a failure that may pass is retried (offline, 5xx): a link that does not exist counts
 * against the visitor's guesses (QUALITY A3), and a withdrawn one stays withdrawn.
 */
export function retryShareRead(failureCount: number, error: Error): boolean {
  const passing = !(error instanceof ApiError) || error.status === 0 || error.status >= 500;
  return passing && failureCount < 1;
}

export const sharedProposalQueryOptions = (token: string) =>
  queryOptions({
    queryKey: shareKeys.proposal(token),
    queryFn: ({ signal }) => fetchSharedProposal(token, signal),
    retry: retryShareRead,
  });

/** The proposal a share link opens: its newest revision, status, comments and acceptance. */
export function useSharedProposal(token: string) {
  return useQuery(sharedProposalQueryOptions(token));
}
