import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TBusinessProfile, TBusinessProfilePut } from '@draftwell/shared/workspace/profile';
import { profileKeys } from '@/lib/api/business-profile';
import { api, unwrap } from '@/lib/api-client';

export function saveBusinessProfile(put: TBusinessProfilePut): Promise<TBusinessProfile> {
  return unwrap(api.profile.$put({ json: put }));
}

/**
 * Saves the whole profile against the version last seen; a stale one rejects with a conflict
 * (`isConflict<TBusinessProfile>`) carrying the profile as it is now.
 */
export function useSaveBusinessProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveBusinessProfile,
    onSuccess: (profile) => queryClient.setQueryData(profileKeys.business(), profile),
  });
}
