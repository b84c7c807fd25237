import { useMemo } from 'react';
import { useSession } from '@/lib/api/session';
import { useBusinessProfile } from '@/lib/api/business-profile';

/** Who sends, as a document's sender variables show it: the business profile's name, else the account's. */
export function useSender(): { name: string; company: string } {
  const { data: session } = useSession();
  const profile = useBusinessProfile();
  const name = profile.data?.displayName || session?.user.name || '';
  const company = profile.data?.company ?? '';
  return useMemo(() => ({ name, company }), [name, company]);
}

export { useDocumentLocale } from '@/lib/api/business-profile';
