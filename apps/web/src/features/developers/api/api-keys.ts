import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TApiKey, TApiKeyCreate } from '@draftwell/shared/developers/api-keys';
import { api, unwrap } from '@/lib/api-client';

/** The signed-in owner's API keys (Profile → Developers): only this feature reads them. */
export const apiKeyKeys = { all: ['api-keys'] as const };

export function useApiKeys() {
  return useQuery({
    queryKey: apiKeyKeys.all,
    queryFn: async ({ signal }) => (await unwrap(api['api-keys'].$get({}, { init: { signal } }))).items,
  });
}

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TApiKeyCreate) => unwrap(api['api-keys'].$post({ json: input })),
    onSuccess: ({ apiKey }) => {
      queryClient.setQueryData<TApiKey[]>(apiKeyKeys.all, (keys) => [apiKey, ...(keys ?? [])]);
    },
  });
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => unwrap(api['api-keys'][':id'].revoke.$post({ param: { id } })),
    onSuccess: (revoked) => {
      queryClient.setQueryData<TApiKey[]>(apiKeyKeys.all, (keys) =>
        keys?.map((k) => (k.id === revoked.id ? revoked : k)),
      );
    },
  });
}
