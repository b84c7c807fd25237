import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TSharedPayment } from '@draftwell/shared/payments';
import { api, ApiError, unwrap } from '@/lib/api-client';
import { shareKeys } from './keys';

/*
 * The client's payment after signing (decision 0018): where it stands, and Pay, which opens
 * Stripe Checkout on the sender's own account for the amount the server fixed at acceptance.
 * The browser sends no amount: the server refuses a body that names one (QUALITY A28).
 */

export const sharePaymentKey = (token: string) => [...shareKeys.proposal(token), 'payment'] as const;

/** While the client is back from Checkout, the page asks this often until Stripe's word is in. */
export const RETURN_POLL_MS = 2_000;
/** And gives up after this many asks (the server also learns of the payment by webhook). */
export const RETURN_POLL_TRIES = 15;
/** A bank debit takes days: the page asks now and then while it stays open. */
export const PROCESSING_POLL_MS = 15_000;

/** Leaving for Stripe's page; a seam the component's tests replace (jsdom cannot navigate). */
export const checkoutNavigation = { go: (url: string) => window.location.assign(url) };

export function fetchSharedPayment(token: string, signal?: AbortSignal): Promise<TSharedPayment> {
  return unwrap(api.share[':token'].payment.$get({ param: { token } }, { init: { signal } }));
}

export function startPayment(token: string): Promise<{ url: string }> {
  return unwrap(api.share[':token'].pay.$post({ param: { token } }));
}

/**
 * Where the payment stands, starting from what the page already has. `returned`: the client just
 * came back from Checkout, so the server is asked (it asks Stripe) every few seconds until the
 * payment shows, as a webhook may not have arrived yet (the panel asks once at once, too).
 */
export function useSharedPayment(token: string, initial: TSharedPayment, { returned }: { returned: boolean }) {
  return useQuery({
    queryKey: sharePaymentKey(token),
    queryFn: ({ signal }) => fetchSharedPayment(token, signal),
    initialData: initial,
    staleTime: 60_000,
    retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 1,
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      if (status === 'processing') return PROCESSING_POLL_MS;
      if (returned && status === 'awaiting' && query.state.dataUpdateCount <= RETURN_POLL_TRIES) return RETURN_POLL_MS;
      return false;
    },
  });
}

/** Pay: to Stripe's page. A refusal that means the payment moved on (paid, on its way) refreshes the state. */
export function useStartPayment(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => startPayment(token),
    onSuccess: ({ url }) => checkoutNavigation.go(url),
    onError: async (error) => {
      if (error instanceof ApiError && error.status === 409) {
        await queryClient.invalidateQueries({ queryKey: sharePaymentKey(token) });
      }
    },
  });
}
