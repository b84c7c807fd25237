import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TBusinessProfile, TBusinessProfilePut } from '@draftwell/shared/workspace/profile';
import { profileKeys } from '@/lib/api/business-profile';
import { api, ApiError, unwrap } from '@/lib/api-client';

/** A 409: the profile was saved elsewhere; `current` is how it is now. */
export class ProfileConflictError extends ApiError {
  constructor(
    error: ApiError,
    override readonly current: TBusinessProfile,
  ) {
    super(error.status, error.message, error.code, error.fields, error.retryAfter, current);
  }
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
