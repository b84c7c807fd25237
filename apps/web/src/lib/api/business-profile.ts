import { queryOptions, useQuery } from '@tanstack/react-query';
import { documentLocale, type TDocumentLocale } from '@draftwell/shared/document/locale';
import type { TBusinessProfile } from '@draftwell/shared/workspace/profile';
import { api, unwrap } from '@/lib/api-client';

export const profileKeys = {
  all: ['profile'] as const,
  business: () => [...profileKeys.all, 'business'] as const,
};

export function fetchBusinessProfile(signal?: AbortSignal): Promise<TBusinessProfile> {
  return unwrap(api.profile.$get({}, { init: { signal } }));
}

export const businessProfileQueryOptions = () =>
  queryOptions({ queryKey: profileKeys.business(), queryFn: ({ signal }) => fetchBusinessProfile(signal) });

/**
 * The sender's business profile. The editor, the drafting, the templates and the branding read
 * it; the profile feature edits it (save-business-profile.ts).
 */
export function useBusinessProfile() {
  return useQuery(businessProfileQueryOptions());
}

/**
 * The locale the sender's documents write their dates in, as a sent revision will (the profile's):
 * the owner's screens write their dates and numbers in it too (@draftwell/shared/i18n/format).
 */
export function useDocumentLocale(): TDocumentLocale {
  return documentLocale(useBusinessProfile().data?.locale);
}
