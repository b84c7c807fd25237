import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TPaymentSettings } from '@draftwell/shared/payments';
import { api, unwrap } from '@/lib/api-client';
import { paymentKeys } from '@/lib/api/payments';

/** Profile → Payments' actions (decision 0018): connect with Stripe, save a restricted key, disconnect. */

/** *Connect with Stripe*: Stripe's page, which sends the browser back to Profile → Payments. */
export function useConnectStripe() {
  return useMutation({
    mutationFn: () => unwrap(api.payments.connect.$post()),
    onSuccess: ({ url }) => window.location.assign(url),
  });
}

/** Saves a restricted key after the server checked it with Stripe; the answer never holds the key. */
export function useSaveStripeKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (key: string) => unwrap(api.payments.key.$put({ json: { key } })),
    onSuccess: (settings: TPaymentSettings) => queryClient.setQueryData(paymentKeys.settings(), settings),
  });
}

export function useDisconnectStripe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(api.payments.$delete()),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentKeys.all }),
  });
}
