import {
  infiniteQueryOptions,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import type { TListPage } from '@draftwell/shared/workspace/common';
import { isConflict } from './api-client';

/** The four calls a collection of the user's own records answers (clients, saved items). */
export type TCollectionEndpoints<T, TInput, TPatch> = {
  list(query: { cursor?: string; q?: string }, signal?: AbortSignal): Promise<TListPage<T>>;
  create(input: TInput): Promise<T>;
  update(id: string, patch: TPatch): Promise<T>;
  remove(id: string): Promise<void>;
};

/**
 * The data layer of a searchable, paged list of the user's records with create, edit (409 on a
 * stale version, with the record as it now is) and delete with Undo: query keys, the list query,
 * the mutations and the deferred delete, the same for every such collection.
 */
export function ownedCollection<T extends { id: string }, TInput, TPatch>(
  root: string,
  endpoints: TCollectionEndpoints<T, TInput, TPatch>,
) {
  type TPage = TListPage<T>;

  /** Every query key of the collection, so invalidation hits exactly what it means to. */
  const keys = {
    all: [root] as const,
    lists: () => [root, 'list'] as const,
    list: (q: string) => [root, 'list', { q }] as const,
    detail: (id: string) => [root, 'detail', id] as const,
  };

  const fetchPage = (q: string, cursor: string | undefined, signal?: AbortSignal): Promise<TPage> => {
    const query: { cursor?: string; q?: string } = {};
    if (cursor) query.cursor = cursor;
    if (q.trim()) query.q = q.trim();
    return endpoints.list(query, signal);
  };

  const listQueryOptions = (q: string) =>
    infiniteQueryOptions({
      queryKey: keys.list(q.trim()),
      queryFn: ({ pageParam, signal }) => fetchPage(q, pageParam, signal),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (last) => last.nextCursor ?? undefined,
    });

  /** Ids deleted on screen whose DELETE waits for the Undo window; every list leaves them out meanwhile. */
  const pendingDeletes = new Set<string>();

  const withoutPendingDeletes = (data: InfiniteData<TPage>): InfiniteData<TPage> => {
    if (pendingDeletes.size === 0) return data;
    return {
      ...data,
      pages: data.pages.map((page) => ({ ...page, items: page.items.filter((x) => !pendingDeletes.has(x.id)) })),
    };
  };

  /**
   * Hides the record from every list now and returns `commit` (sends the DELETE) and `undo`
   * (shows it again; nothing was sent). The record keeps its id when undone, so what points at
   * it stays linked.
   */
  const hideForDelete = (queryClient: QueryClient, id: string) => {
    pendingDeletes.add(id);
    queryClient.setQueriesData<InfiniteData<TPage>>({ queryKey: keys.lists() }, (data) =>
      data ? withoutPendingDeletes(data) : data,
    );
    return {
      commit: async () => {
        try {
          await endpoints.remove(id);
          queryClient.removeQueries({ queryKey: keys.detail(id) });
        } finally {
          pendingDeletes.delete(id);
          await queryClient.invalidateQueries({ queryKey: keys.lists() });
        }
      },
      undo: () => {
        pendingDeletes.delete(id);
        // The server still has it: asking again brings it back where it belongs in the order.
        void queryClient.invalidateQueries({ queryKey: keys.lists() });
      },
    };
  };

  const update = ({ id, patch }: { id: string; patch: TPatch }): Promise<T> => endpoints.update(id, patch);

  /** The records matching `q`, a page at a time (without those waiting to be deleted). */
  const useList = (q: string) => useInfiniteQuery({ ...listQueryOptions(q), select: withoutPendingDeletes });

  const useCreate = () => {
    const queryClient = useQueryClient();
    return useMutation({
      mutationFn: endpoints.create,
      onSuccess: async (record: T) => {
        queryClient.setQueryData(keys.detail(record.id), record);
        await queryClient.invalidateQueries({ queryKey: keys.lists() });
      },
    });
  };

  /**
   * Sends `{id, patch}` (the patch carries `version`); a stale version rejects with a conflict
   * (`isConflict<T>`) carrying the record as it is now.
   */
  const useUpdate = () => {
    const queryClient = useQueryClient();
    return useMutation({
      mutationFn: update,
      onSuccess: async (record: T) => {
        queryClient.setQueryData(keys.detail(record.id), record);
        await queryClient.invalidateQueries({ queryKey: keys.lists() });
      },
      onError: async (error) => {
        if (isConflict<T>(error)) await queryClient.invalidateQueries({ queryKey: keys.lists() });
      },
    });
  };

  return { keys, listQueryOptions, hideForDelete, useList, useCreate, useUpdate };
}
