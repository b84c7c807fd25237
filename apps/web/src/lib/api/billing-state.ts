import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';

export const billingKeys = {
  all: ['billing'] as const,
  state: () => [...billingKeys.all, 'state'] as const,
  invoices: () => [...billingKeys.all, 'invoices'] as const,
};

export const billingQueryOptions = () =>
  queryOptions({
    queryKey: billingKeys.state(),
    queryFn: ({ signal }) => unwrap(api.billing.$get({}, { init: { signal } })),
    // Every send, template and draft moves a meter: the Plan tab asks again each time it opens.
    staleTime: 0,
  });

/**
 * The plan, the subscription behind it and this period's usage (Profile → Plan). Here rather
 * than in the billing feature: what a plan shows (branding, analytics, reminders) is read across
 * the app.
 */
export function useBilling() {
  return useQuery(billingQueryOptions());
}
