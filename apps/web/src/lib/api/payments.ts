import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import { proposalKeys } from './query-keys';

/*
 * Payment at acceptance (decision 0018): what more than one feature reads. Profile → Payments
 * changes the owner's Stripe account; the send dialog asks whether one is connected; the send
 * dialog and the proposal's page read a proposal's payment.
 */

export const paymentKeys = {
  all: ['payments'] as const,
  settings: () => [...paymentKeys.all, 'settings'] as const,
};

export const paymentSettingsQueryOptions = () =>
  queryOptions({
    queryKey: paymentKeys.settings(),
    queryFn: ({ signal }) => unwrap(api.payments.$get({}, { init: { signal } })),
  });

/** The owner's own Stripe account as Profile → Payments shows it (never a key). */
export function usePaymentSettings({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...paymentSettingsQueryOptions(), enabled });
}

export const proposalPaymentQueryOptions = (id: string) =>
  queryOptions({
    queryKey: proposalKeys.payment(id),
    queryFn: ({ signal }) => unwrap(api.proposals[':id'].payment.$get({ param: { id } }, { init: { signal } })),
  });

/** A proposal's payment: the terms it asks for and where the payment stands. */
export function useProposalPayment(id: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...proposalPaymentQueryOptions(id), enabled });
}
