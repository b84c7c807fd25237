import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { TCheckoutResponse, TInvoiceList, TPortalResponse } from '@draftwell/shared/billing';
import type { TBillingInterval, TBillingState, TPlanId } from '@draftwell/shared/plans';
import { api, unwrap } from '@/lib/api-client';

export const billingKeys = {
  all: ['billing'] as const,
  state: () => [...billingKeys.all, 'state'] as const,
  invoices: () => [...billingKeys.all, 'invoices'] as const,
};

export const billingQueryOptions = () =>
  queryOptions({
    queryKey: billingKeys.state(),
    queryFn: ({ signal }) => unwrap<TBillingState>(api.billing.$get({}, { init: { signal } })),
    // Every send, template and draft moves a meter: the Plan tab asks again each time it opens.
    staleTime: 0,
  });

/** The plan, the subscription behind it and this period's usage (Profile → Plan). */
export function useBilling() {
  return useQuery(billingQueryOptions());
}

/** Stripe's hosted pages are left for and come back from: the browser goes to the URL the server made. */
function go(url: string) {
  window.location.assign(url);
}

/** Opens Stripe Checkout for a plan and interval; the server picks the price (A17). */
export function useCheckout() {
  return useMutation({
    mutationFn: (input: { plan: Exclude<TPlanId, 'free'>; interval: TBillingInterval }) =>
      unwrap<TCheckoutResponse>(api.billing.checkout.$post({ json: input })),
    onSuccess: ({ url }) => go(url),
  });
}

/** Opens the Stripe Customer Portal (card, invoices, plan changes, cancel). */
export function usePortal() {
  return useMutation({
    mutationFn: () => unwrap<TPortalResponse>(api.billing.portal.$post()),
    onSuccess: ({ url }) => go(url),
  });
}

export const invoicesQueryOptions = () =>
  queryOptions({
    queryKey: billingKeys.invoices(),
    queryFn: async ({ signal }) =>
      (await unwrap<TInvoiceList>(api.billing.invoices.$get({}, { init: { signal } }))).items,
  });
