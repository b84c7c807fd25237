import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { TTemplateList } from '@draftwell/shared/workspace/templates';
import { api, unwrap } from '@/lib/api-client';
import { templateKeys } from './query-keys';

export function fetchTemplatePage(q: string, cursor: string | undefined, signal?: AbortSignal): Promise<TTemplateList> {
  const query: { cursor?: string; q?: string } = {};
  if (cursor) query.cursor = cursor;
  if (q) query.q = q;
  return unwrap(api.templates.$get({ query }, { init: { signal } }));
}

export const templateListQueryOptions = (q: string) =>
  infiniteQueryOptions({
    queryKey: templateKeys.list(q),
    queryFn: ({ pageParam, signal }) => fetchTemplatePage(q, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/** Every starter and the user's own templates matching `q`, own ones a page at a time. */
export function useTemplateList(q: string) {
  return useInfiniteQuery(templateListQueryOptions(q));
}
