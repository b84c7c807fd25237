import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TBusinessProfile } from '@draftwell/shared/workspace/profile';
import { api, unwrap } from '@/lib/api-client';
import { uploadLogo } from '@/lib/upload-file';
import { profileKeys } from '@/lib/api/business-profile';

export function removeLogo(): Promise<TBusinessProfile> {
  return unwrap(api.profile.logo.$delete());
}

/** Uploads (or replaces) the logo; the answer is the whole profile, cached for the form. */
export function useUploadLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadLogo,
    onSuccess: (profile) => queryClient.setQueryData(profileKeys.business(), profile),
  });
}

export function useRemoveLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeLogo,
    onSuccess: (profile) => queryClient.setQueryData(profileKeys.business(), profile),
  });
}
