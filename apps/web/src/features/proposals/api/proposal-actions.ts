import { useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { TProposal } from '@draftwell/shared/workspace/proposals';
import { api, unwrap } from '@/lib/api-client';
import { proposalKeys } from '@/lib/api/query-keys';
import type { TProposalPage } from './list-proposals';

/** `keepalive`: a tab closed right after Delete still gets the delete to the server. */
export async function deleteProposal(id: string): Promise<void> {
  await unwrap(api.proposals[':id'].$delete({ param: { id } }, { init: { keepalive: true } }));
}

/** Undo of a delete: the server keeps a deleted proposal restorable for a minute. */
export function restoreProposal(id: string): Promise<TProposal> {
  return unwrap(api.proposals[':id'].restore.$post({ param: { id } }));
}

/** Hides a proposal from every cached list at once, before the server has answered its delete. */
export function hideFromLists(queryClient: ReturnType<typeof useQueryClient>, id: string): () => void {
  const snapshots = queryClient.getQueriesData<InfiniteData<TProposalPage>>({ queryKey: proposalKeys.lists() });
  for (const [key, data] of snapshots) {
    if (!data) continue;
    queryClient.setQueryData<InfiniteData<TProposalPage>>(key, {
      ...data,
      pages: data.pages.map((page) => ({ ...page, items: page.items.filter((p) => p.id !== id) })),
    });
  }
  return () => {
    for (const [key, data] of snapshots) queryClient.setQueryData(key, data);
  };
}
