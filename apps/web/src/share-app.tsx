import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Suspense } from 'react';
import type { TLanguage } from '@draftwell/shared/i18n/languages';
import type { TSharePageSeed } from '@draftwell/shared/share/share-page';
import { shareKeys } from '@/features/share/api/keys';
import { SharePage } from '@/features/share/components/share-page';
import { RenderedAtContext } from '@/features/share/hooks/use-reader-clock';
import { ShareLanguageProvider } from '@/features/share/language/share-language';
import { apiErrorOf } from '@/lib/http';
import { createQueryClient } from '@/lib/query-client';

/**
 * The client's page as one tree, the same on the server (share-render.tsx) and in the browser
 * (share-boot.tsx), so that hydration finds what the server rendered (decision 0020).
 */
export type TShareAppState = {
  queryClient: QueryClient;
  /** The failure the server met reading the link, as the API would have answered it. */
  initialError?: Error;
  /** When the server rendered the page; null when it did not. */
  renderedAt: string | null;
  /** The language the server rendered the page in; null when it did not render it. */
  language: TLanguage | null;
};

/** The page's starting state: from the server's seed, or empty (the page then asks the API). */
export function shareAppState(seed: TSharePageSeed | null): TShareAppState {
  const queryClient = createQueryClient();
  if (!seed) return { queryClient, renderedAt: null, language: null };
  if ('proposal' in seed) {
    queryClient.setQueryData(shareKeys.proposal(seed.token), seed.proposal);
    return { queryClient, renderedAt: seed.renderedAt, language: seed.language ?? null };
  }
  const { status, error, retryAfter } = seed.failure;
  return {
    queryClient,
    renderedAt: seed.renderedAt,
    language: seed.language ?? null,
    initialError: apiErrorOf(status, { error }, retryAfter),
  };
}

export function ShareApp({ token, state }: { token: string; state: TShareAppState }) {
  return (
    <QueryClientProvider client={state.queryClient}>
      <RenderedAtContext value={state.renderedAt}>
        {/* Until the page's words in its language have loaded (a chunk of their own), a blank
            page that says it is busy: there are no words yet to say it with. */}
        <Suspense fallback={<div role="status" aria-busy="true" className="min-h-dvh" />}>
          <ShareLanguageProvider token={token} initial={state.language}>
            <SharePage token={token} initialError={state.initialError} />
          </ShareLanguageProvider>
        </Suspense>
      </RenderedAtContext>
    </QueryClientProvider>
  );
}
