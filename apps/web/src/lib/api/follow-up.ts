import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TFollowUpDefaults,
  TFollowUpDefaultsPut,
  TProposalFollowUp,
  TProposalFollowUpPut,
} from '@draftwell/shared/workspace/follow-up';
import { api, unwrap } from '@/lib/api-client';
import { proposalKeys } from './query-keys';

/**
 * Follow-up automation (issue 16): the owner's defaults (Profile) and one proposal's settings (the
 * send dialog and the proposal's page, two features: hence here).
 */
export const followUpKeys = {
  defaults: ['follow-up', 'defaults'] as const,
};

export const followUpDefaultsQueryOptions = () =>
  queryOptions({
    queryKey: followUpKeys.defaults,
    queryFn: ({ signal }) => unwrap(api['follow-up'].defaults.$get({}, { init: { signal } })),
  });

export function useFollowUpDefaults(opts: { enabled?: boolean } = {}) {
  return useQuery({ ...followUpDefaultsQueryOptions(), enabled: opts.enabled ?? true });
}

export function useSaveFollowUpDefaults() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (put: TFollowUpDefaultsPut): Promise<TFollowUpDefaults> =>
      unwrap(api['follow-up'].defaults.$put({ json: put })),
    onSuccess: (saved) => queryClient.setQueryData(followUpKeys.defaults, saved),
  });
}

export const proposalFollowUpQueryOptions = (id: string) =>
  queryOptions({
    queryKey: proposalKeys.followUp(id),
    queryFn: ({ signal }) => unwrap(api['follow-up'].proposals[':id'].$get({ param: { id } }, { init: { signal } })),
  });

export function useProposalFollowUp(id: string, opts: { enabled?: boolean } = {}) {
  return useQuery({ ...proposalFollowUpQueryOptions(id), enabled: opts.enabled ?? true });
}

export function useSaveProposalFollowUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...put }: TProposalFollowUpPut & { id: string }): Promise<TProposalFollowUp> =>
      unwrap(api['follow-up'].proposals[':id'].$put({ param: { id }, json: put })),
    onSuccess: (saved) => queryClient.setQueryData(proposalKeys.followUp(saved.proposalId), saved),
  });
}
