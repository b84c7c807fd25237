import {
  infiniteQueryOptions,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import type { TSavedItem, TSavedItemInput, TSavedItemPatch } from '@draftwell/shared/workspace/saved-items';
import type { TListPage } from '@draftwell/shared/workspace/common';
import { api, ApiError, unwrap } from '@/lib/api-client';

export type TSavedItemPage = TListPage<TSavedItem>;

/** Every saved-item query key, so invalidation hits exactly what it means to. */
export const savedItemKeys = {
  all: ['saved-items'] as const,
  lists: () => [...savedItemKeys.all, 'list'] as const,
  list: (q: string) => [...savedItemKeys.lists(), { q }] as const,
  details: () => [...savedItemKeys.all, 'detail'] as const,
  detail: (id: string) => [...savedItemKeys.details(), id] as const,
};

/** A 409: the item was changed elsewhere; `current` is how it is now. */
export class SavedItemConflictError extends ApiError {
  constructor(
    error: ApiError,
    override readonly current: TSavedItem,
  ) {
    super(error.status, error.message, error.code, error.fields, error.retryAfter, current);
  }
}

export function fetchSavedItemPage(
  q: string,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<TSavedItemPage> {
  const query: { cursor?: string; q?: string } = {};
  if (cursor) query.cursor = cursor;
  if (q.trim()) query.q = q.trim();
  return unwrap<TSavedItemPage>(api['saved-items'].$get({ query }, { init: { signal } }));
}

export const savedItemListQueryOptions = (q: string) =>
  infiniteQueryOptions({
    queryKey: savedItemKeys.list(q.trim()),
    queryFn: ({ pageParam, signal }) => fetchSavedItemPage(q, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/** Ids deleted on screen whose DELETE waits for the Undo window; every list leaves them out meanwhile. */
const pendingDeletes = new Set<string>();

function withoutPendingDeletes(data: InfiniteData<TSavedItemPage>): InfiniteData<TSavedItemPage> {
  if (pendingDeletes.size === 0) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({ ...page, items: page.items.filter((x) => !pendingDeletes.has(x.id)) })),
  };
}

/**
 * Hides the record from every list now and returns `commit` (sends the DELETE) and `undo`
 * (shows it again; nothing was sent). The record keeps its id when undone, so what points at
 * it stays linked.
 */
export function hideSavedItemForDelete(queryClient: QueryClient, id: string) {
  pendingDeletes.add(id);
  queryClient.setQueriesData<InfiniteData<TSavedItemPage>>({ queryKey: savedItemKeys.lists() }, (data) =>
    data ? withoutPendingDeletes(data) : data,
  );
  return {
    commit: async () => {
      try {
        await deleteSavedItem(id);
        queryClient.removeQueries({ queryKey: savedItemKeys.detail(id) });
      } finally {
        pendingDeletes.delete(id);
        await queryClient.invalidateQueries({ queryKey: savedItemKeys.lists() });
      }
    },
    undo: () => {
      pendingDeletes.delete(id);
      // The server still has it: asking again brings it back where it belongs in the order.
      void queryClient.invalidateQueries({ queryKey: savedItemKeys.lists() });
    },
  };
}

/** The user's saved items matching `q`, a page at a time (without those waiting to be deleted). */
export function useSavedItemList(q: string) {
  return useInfiniteQuery({ ...savedItemListQueryOptions(q), select: withoutPendingDeletes });
}

export function createSavedItem(input: TSavedItemInput): Promise<TSavedItem> {
  return unwrap<TSavedItem>(api['saved-items'].$post({ json: input }));
}

export async function updateSavedItem({ id, patch }: { id: string; patch: TSavedItemPatch }): Promise<TSavedItem> {
  try {
    return await unwrap<TSavedItem>(api['saved-items'][':id'].$patch({ param: { id }, json: patch }));
  } catch (error) {
    if (error instanceof ApiError && error.status === 409 && error.current) {
      throw new SavedItemConflictError(error, error.current as TSavedItem);
    }
    throw error;
  }
}

export function deleteSavedItem(id: string): Promise<void> {
  return unwrap<void>(api['saved-items'][':id'].$delete({ param: { id } }));
}

export function useCreateSavedItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSavedItem,
    onSuccess: async (item) => {
      queryClient.setQueryData(savedItemKeys.detail(item.id), item);
      await queryClient.invalidateQueries({ queryKey: savedItemKeys.lists() });
    },
  });
}

/** Sends `{id, patch}` (the patch carries `version`); a stale version rejects with SavedItemConflictError. */
export function useUpdateSavedItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSavedItem,
    onSuccess: async (item) => {
      queryClient.setQueryData(savedItemKeys.detail(item.id), item);
      await queryClient.invalidateQueries({ queryKey: savedItemKeys.lists() });
    },
    onError: async (error) => {
      if (error instanceof SavedItemConflictError)
        await queryClient.invalidateQueries({ queryKey: savedItemKeys.lists() });
    },
  });
}

export function useDeleteSavedItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSavedItem,
    onSuccess: async (_data, id) => {
      queryClient.removeQueries({ queryKey: savedItemKeys.detail(id) });
      await queryClient.invalidateQueries({ queryKey: savedItemKeys.lists() });
    },
  });
}
