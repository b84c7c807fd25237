import {
  infiniteQueryOptions,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import type { TClient, TClientInput, TClientPatch } from '@draftwell/shared/workspace/clients';
import type { TListPage } from '@draftwell/shared/workspace/common';
import { api, ApiError, unwrap } from '@/lib/api-client';

export type TClientPage = TListPage<TClient>;

/** Every saved-client query key, so invalidation hits exactly what it means to. */
export const clientKeys = {
  all: ['clients'] as const,
  lists: () => [...clientKeys.all, 'list'] as const,
  list: (q: string) => [...clientKeys.lists(), { q }] as const,
  details: () => [...clientKeys.all, 'detail'] as const,
  detail: (id: string) => [...clientKeys.details(), id] as const,
};

/** A 409: the client was changed elsewhere; `current` is how it is now. */
export class ClientConflictError extends ApiError {
  constructor(
    error: ApiError,
    override readonly current: TClient,
  ) {
    super(error.status, error.message, error.code, error.fields, error.retryAfter, current);
  }
}

export function fetchClientPage(q: string, cursor: string | undefined, signal?: AbortSignal): Promise<TClientPage> {
  const query: { cursor?: string; q?: string } = {};
  if (cursor) query.cursor = cursor;
  if (q.trim()) query.q = q.trim();
  return unwrap<TClientPage>(api.clients.$get({ query }, { init: { signal } }));
}

export const clientListQueryOptions = (q: string) =>
  infiniteQueryOptions({
    queryKey: clientKeys.list(q.trim()),
    queryFn: ({ pageParam, signal }) => fetchClientPage(q, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/** Ids deleted on screen whose DELETE waits for the Undo window; every list leaves them out meanwhile. */
const pendingDeletes = new Set<string>();

function withoutPendingDeletes(data: InfiniteData<TClientPage>): InfiniteData<TClientPage> {
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
export function hideClientForDelete(queryClient: QueryClient, id: string) {
  pendingDeletes.add(id);
  queryClient.setQueriesData<InfiniteData<TClientPage>>({ queryKey: clientKeys.lists() }, (data) =>
    data ? withoutPendingDeletes(data) : data,
  );
  return {
    commit: async () => {
      try {
        await deleteClient(id);
        queryClient.removeQueries({ queryKey: clientKeys.detail(id) });
      } finally {
        pendingDeletes.delete(id);
        await queryClient.invalidateQueries({ queryKey: clientKeys.lists() });
      }
    },
    undo: () => {
      pendingDeletes.delete(id);
      // The server still has it: asking again brings it back where it belongs in the order.
      void queryClient.invalidateQueries({ queryKey: clientKeys.lists() });
    },
  };
}

/** The user's saved clients matching `q`, a page at a time (without those waiting to be deleted). */
export function useClientList(q: string) {
  return useInfiniteQuery({ ...clientListQueryOptions(q), select: withoutPendingDeletes });
}

export function createClient(input: TClientInput): Promise<TClient> {
  return unwrap<TClient>(api.clients.$post({ json: input }));
}

export async function updateClient({ id, patch }: { id: string; patch: TClientPatch }): Promise<TClient> {
  try {
    return await unwrap<TClient>(api.clients[':id'].$patch({ param: { id }, json: patch }));
  } catch (error) {
    if (error instanceof ApiError && error.status === 409 && error.current) {
      throw new ClientConflictError(error, error.current as TClient);
    }
    throw error;
  }
}

export function deleteClient(id: string): Promise<void> {
  return unwrap<void>(api.clients[':id'].$delete({ param: { id } }));
}

export function useCreateClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createClient,
    onSuccess: async (client) => {
      queryClient.setQueryData(clientKeys.detail(client.id), client);
      await queryClient.invalidateQueries({ queryKey: clientKeys.lists() });
    },
  });
}

/** Sends `{id, patch}` (the patch carries `version`); a stale version rejects with ClientConflictError. */
export function useUpdateClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateClient,
    onSuccess: async (client) => {
      queryClient.setQueryData(clientKeys.detail(client.id), client);
      await queryClient.invalidateQueries({ queryKey: clientKeys.lists() });
    },
    onError: async (error) => {
      if (error instanceof ClientConflictError) await queryClient.invalidateQueries({ queryKey: clientKeys.lists() });
    },
  });
}

export function useDeleteClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteClient,
    onSuccess: async (_data, id) => {
      queryClient.removeQueries({ queryKey: clientKeys.detail(id) });
      await queryClient.invalidateQueries({ queryKey: clientKeys.lists() });
    },
  });
}
