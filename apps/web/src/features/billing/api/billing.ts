import { queryOptions, useMutation } from '@tanstack/react-query';
import type { TBillingInterval, TPlanId } from '@draftwell/shared/plans';
import { billingKeys } from '@/lib/api/billing-state';
import { api, unwrap } from '@/lib/api-client';

/** Stripe's hosted pages are left for and come back from: the browser goes to the URL the server made. */
function go(url: string) {
  window.location.assign(url);
}

/** Opens Stripe Checkout for a plan and interval; the server picks the price (A17). */
export function useCheckout() {
  return useMutation({
    mutationFn: (input: { plan: Exclude<TPlanId, 'free'>; interval: TBillingInterval }) =>
      unwrap(api.billing.checkout.$post({ json: input })),
    onSuccess: ({ url }) => go(url),
  });
}

/** Opens the Stripe Customer Portal (card, invoices, plan changes, cancel). */
export function usePortal() {
  return useMutation({
    mutationFn: () => unwrap(api.billing.portal.$post()),
    onSuccess: ({ url }) => go(url),
  });
}

export const invoicesQueryOptions = () =>
  queryOptions({
    queryKey: billingKeys.invoices(),
    queryFn: async ({ signal }) => (await unwrap(api.billing.invoices.$get({}, { init: { signal } }))).items,
  });
