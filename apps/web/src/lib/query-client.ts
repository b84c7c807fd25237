import { QueryClient } from '@tanstack/react-query';

/** The seed's cache defaults (S11), set once for every query in the app. */
export const QUERY_DEFAULTS = {
  refetchOnWindowFocus: false,
  retry: 1,
  staleTime: 5 * 60 * 1000,
} as const;

export function createQueryClient() {
  return new QueryClient({ defaultOptions: { queries: { ...QUERY_DEFAULTS } } });
}
