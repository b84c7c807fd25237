import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunction, Params } from 'react-router';
import { browserTimeZone, overviewQueryOptions } from '@/features/overview/api/get-overview';
import { proposalListQueryOptions } from '@/features/proposals/api/list-proposals';
import { isProposalId } from '@/features/proposals/utils/is-proposal-id';
import { proposalQueryOptions } from '@/lib/api/proposal';
import { ENTRY_CHECK_MS, sessionQueryOptions } from '@/lib/api/session';

/**
 * Opening a protected screen without a waterfall (QUALITY P12). Without this the steps ran one
 * after another: the session, then (the gate passed) the screen's code, then (the screen
 * rendered) its data. A route's loader now starts all of it as soon as the router matches the
 * URL: the screen's code and the session at once, and the screen's first data as soon as the
 * session says someone is signed in (never for a visitor, who is sent away). The screen then
 * finds its code loading and its data in the query cache. Nothing here waits: the loader answers
 * at once, and a failure is the screen's to show, as before.
 */
export type TScreenData = (qc: QueryClient, params: Params) => Promise<unknown>[];

/** The first page of the proposal list, as the sidebar asks for it before any search. */
const proposalList: TScreenData = (qc) => [qc.prefetchInfiniteQuery(proposalListQueryOptions({ q: '', status: null }))];

/** The proposal named by the URL, when its id can exist at all. */
const proposal: TScreenData = (qc, { id = '' }) =>
  isProposalId(id) ? [qc.prefetchQuery(proposalQueryOptions(id))] : [];

export const SCREEN_DATA = {
  dashboard: (qc, params) => [...proposalList(qc, params), qc.prefetchQuery(overviewQueryOptions(browserTimeZone()))],
  editDraft: (qc, params) => [...proposalList(qc, params), ...proposal(qc, params)],
  proposal,
} satisfies Record<string, TScreenData>;

export function preloadScreen(
  qc: QueryClient,
  load: () => Promise<unknown>,
  data: TScreenData | undefined,
): LoaderFunction {
  return ({ params }) => {
    // The lazy component asks for the same module: the browser fetches it once.
    load().catch(() => undefined);
    // The entry's session check (S9): asked now, unless the server answered a moment ago.
    qc.fetchQuery({ ...sessionQueryOptions(), staleTime: ENTRY_CHECK_MS })
      .then((session) => (session && data ? Promise.all(data(qc, params)) : null))
      .catch(() => undefined);
    return null;
  };
}
