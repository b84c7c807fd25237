import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TTemplate } from '@draftwell/shared/workspace/templates';
import { api, unwrap } from '@/lib/api-client';
import { templateKeys } from '@/lib/api/query-keys';

export function fetchTemplate(id: string, signal?: AbortSignal): Promise<TTemplate> {
  return unwrap(api.templates[':id'].$get({ param: { id } }, { init: { signal } }));
}

export const templateQueryOptions = (id: string) =>
  queryOptions({ queryKey: templateKeys.detail(id), queryFn: ({ signal }) => fetchTemplate(id, signal) });

/** One template with its document (a starter or one of the user's own). */
export function useTemplate(id: string | null) {
  return useQuery({ ...templateQueryOptions(id ?? ''), enabled: id !== null });
}
