import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TBusinessProfile, TBusinessProfilePut } from '@draftwell/shared/workspace/profile';
import { api, ApiError, unwrap } from '@/lib/api-client';

export const profileKeys = {
  all: ['profile'] as const,
  business: () => [...profileKeys.all, 'business'] as const,
};

/** A 409: the profile was saved elsewhere; `current` is how it is now. */
export class ProfileConflictError extends ApiError {
  constructor(
    error: ApiError,
    override readonly current: TBusinessProfile,
  ) {
    super(error.status, error.message, error.code, error.fields, error.retryAfter, current);
  }
}

export function fetchBusinessProfile(signal?: AbortSignal): Promise<TBusinessProfile> {
  return unwrap<TBusinessProfile>(api.profile.$get({}, { init: { signal } }));
}

export const businessProfileQueryOptions = () =>
  queryOptions({ queryKey: profileKeys.business(), queryFn: ({ signal }) => fetchBusinessProfile(signal) });

export function useBusinessProfile() {
  return useQuery(businessProfileQueryOptions());
}

export async function saveBusinessProfile(put: TBusinessProfilePut): Promise<TBusinessProfile> {
  try {
    return await unwrap<TBusinessProfile>(api.profile.$put({ json: put }));
  } catch (error) {
    if (error instanceof ApiError && error.status === 409 && error.current) {
      throw new ProfileConflictError(error, error.current as TBusinessProfile);
    }
    throw error;
  }
}

/** Saves the whole profile against the version last seen; a stale one rejects with ProfileConflictError. */
export function useSaveBusinessProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveBusinessProfile,
    onSuccess: (profile) => queryClient.setQueryData(profileKeys.business(), profile),
  });
}
