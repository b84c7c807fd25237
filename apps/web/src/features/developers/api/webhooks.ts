import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TWebhookEndpoint,
  TWebhookEndpointCreate,
  TWebhookEndpointUpdate,
} from '@draftwell/shared/developers/webhooks';
import { api, unwrap } from '@/lib/api-client';

/** The signed-in owner's webhook endpoints and their delivery logs (Profile → Developers). */
export const webhookKeys = {
  all: ['webhooks'] as const,
  deliveries: (id: string) => ['webhooks', id, 'deliveries'] as const,
};

export function useWebhookEndpoints() {
  return useQuery({
    queryKey: webhookKeys.all,
    queryFn: async ({ signal }) => (await unwrap(api.webhooks.$get({}, { init: { signal } }))).items,
  });
}

/** The newest deliveries first; polled while one is still waiting, so the log shows the outcome. */
export function useWebhookDeliveries(id: string) {
  return useQuery({
    queryKey: webhookKeys.deliveries(id),
    queryFn: async ({ signal }) =>
      unwrap(api.webhooks[':id'].deliveries.$get({ param: { id }, query: { limit: '25' } }, { init: { signal } })),
    refetchInterval: (query) => (query.state.data?.items.some((d) => d.status === 'pending') ? 2000 : false),
  });
}

const replace = (list: TWebhookEndpoint[] | undefined, endpoint: TWebhookEndpoint) =>
  list?.map((e) => (e.id === endpoint.id ? endpoint : e));

export function useCreateWebhookEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TWebhookEndpointCreate) => unwrap(api.webhooks.$post({ json: input })),
    onSuccess: ({ endpoint }) => {
      queryClient.setQueryData<TWebhookEndpoint[]>(webhookKeys.all, (list) => [endpoint, ...(list ?? [])]);
    },
  });
}

export function useUpdateWebhookEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: TWebhookEndpointUpdate }) =>
      unwrap(api.webhooks[':id'].$patch({ param: { id }, json: patch })),
    onSuccess: (endpoint) => {
      queryClient.setQueryData<TWebhookEndpoint[]>(webhookKeys.all, (list) => replace(list, endpoint));
      void queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(endpoint.id) });
    },
  });
}

export function useRollWebhookSecret() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => unwrap(api.webhooks[':id']['roll-secret'].$post({ param: { id } })),
    onSuccess: ({ endpoint }) => {
      queryClient.setQueryData<TWebhookEndpoint[]>(webhookKeys.all, (list) => replace(list, endpoint));
    },
  });
}

export function useDeleteWebhookEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await unwrap(api.webhooks[':id'].$delete({ param: { id } }));
      return id;
    },
    onSuccess: (id) => {
      queryClient.setQueryData<TWebhookEndpoint[]>(webhookKeys.all, (list) => list?.filter((e) => e.id !== id));
      queryClient.removeQueries({ queryKey: webhookKeys.deliveries(id) });
    },
  });
}

export function useSendWebhookTest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => unwrap(api.webhooks[':id'].test.$post({ param: { id } })),
    onSuccess: (delivery) => {
      void queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(delivery.endpointId) });
    },
  });
}

export function useResendWebhookDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, deliveryId }: { id: string; deliveryId: string }) =>
      unwrap(api.webhooks[':id'].deliveries[':deliveryId'].resend.$post({ param: { id, deliveryId } })),
    onSuccess: (delivery) => {
      void queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(delivery.endpointId) });
    },
  });
}
