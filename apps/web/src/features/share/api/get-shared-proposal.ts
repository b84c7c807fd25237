import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TSharedProposal } from '@draftwell/shared/share/share-api';
import { ApiError } from '@/lib/http';
import { shareKeys } from './keys';
import { shareGet, shareUrl, type TShareAnswer, type TShareRoutes } from './share-request';

export function fetchSharedProposal(token: string, signal?: AbortSignal): Promise<TSharedProposal> {
  return shareGet<TShareAnswer<TShareRoutes['$get']>>(shareUrl(token), signal);
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

/**
 * The proposal a share link opens: its newest revision, status, comments and acceptance. Not
 * `enabled` when the server met a failure rendering the page: only Retry asks again.
 */
export function useSharedProposal(token: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...sharedProposalQueryOptions(token), enabled });
}
