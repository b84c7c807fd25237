import { runtimeTimeZone } from '@draftwell/shared/i18n/format';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TOverview } from '@draftwell/shared/workspace/overview';
import { api, ApiError, unwrap } from '@/lib/api-client';
import { overviewKeys } from '@/lib/api/query-keys';

export function fetchOverview(timeZone: string, signal?: AbortSignal): Promise<TOverview> {
  return unwrap(api.overview.$get({ query: { tz: timeZone } }, { init: { signal } }));
}

/**
 * The overview in the browser's time zone; in UTC when the server does not know that zone
 * (its answer says which zone the months were cut in).
 */
async function fetchOverviewOrUtc(timeZone: string, signal?: AbortSignal): Promise<TOverview> {
  try {
    return await fetchOverview(timeZone, signal);
  } catch (error) {
    if (timeZone !== 'UTC' && error instanceof ApiError && error.status === 400 && error.fields.tz) {
      return fetchOverview('UTC', signal);
    }
    throw error;
  }
}

export const overviewQueryOptions = (timeZone: string) =>
  queryOptions({
    queryKey: overviewKeys.detail(timeZone),
    queryFn: ({ signal }) => fetchOverviewOrUtc(timeZone, signal),
  });

/** The zone the browser runs in, for "this month" and the chart's months. */
export function browserTimeZone(): string {
  return runtimeTimeZone();
}

/** The dashboard's summary; `invalidateProposalSummaries` makes it stale whenever a proposal changes. */
export function useOverview(timeZone: string) {
  return useQuery(overviewQueryOptions(timeZone));
}
