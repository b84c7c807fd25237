import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TProposalPayment } from '@draftwell/shared/payments';
import { api, unwrap } from '@/lib/api-client';
import { proposalPaymentQueryOptions } from '@/lib/api/payments';
import { proposalKeys } from '@/lib/api/query-keys';

/** How often the page asks again while a bank is confirming a payment. */
const PROCESSING_POLL_MS = 15_000;

/** The proposal's payment (decision 0018); asked again now and then while a payment is on its way. */
export function useProposalPaymentState(id: string) {
  return useQuery({
    ...proposalPaymentQueryOptions(id),
    refetchInterval: (query) => (query.state.data?.status === 'processing' ? PROCESSING_POLL_MS : false),
  });
}

function useSetPayment(id: string) {
  const queryClient = useQueryClient();
  return (payment: TProposalPayment) => {
    queryClient.setQueryData(proposalKeys.payment(id), payment);
    void queryClient.invalidateQueries({ queryKey: proposalKeys.events(id) });
  };
}

/** *Mark as paid*: the client paid another way; recorded with who, when and the note. */
export function useMarkPaid(id: string) {
  const setPayment = useSetPayment(id);
  return useMutation({
    mutationFn: (note: string) =>
      unwrap(api.proposals[':id'].payment['mark-paid'].$post({ param: { id }, json: { note } })),
    onSuccess: setPayment,
  });
}

/** *Check with Stripe*: the payment read from Stripe now. */
export function useRefreshPayment(id: string) {
  const setPayment = useSetPayment(id);
  return useMutation({
    mutationFn: () => unwrap(api.proposals[':id'].payment.refresh.$post({ param: { id } })),
    onSuccess: setPayment,
  });
}
