import { QueryClientProvider } from '@tanstack/react-query';
import { startTransition, StrictMode, Suspense } from 'react';
import { createRoot, hydrateRoot, type RootOptions, type Root } from 'react-dom/client';
import { loadPageI18n, withLaterWords } from '@draftwell/shared/i18n/i18n';
import { shareTokenOf } from '@draftwell/shared/paths';
import type { TSharePageSeed } from '@draftwell/shared/share/share-page';
import { preloadShownParts } from '@/features/share/components/share-page';
import { ShareLanguageProvider } from '@/features/share/language/share-language';
import { ShareApp, shareAppState } from './share-app';

/** The stop link of an automatic follow-up mail (`/p/stop/:token`): its token, or null for any other path. */
function stopTokenOf(pathname: string): string | null {
  const match = /^\/p\/stop\/([^/]+)\/?$/.exec(pathname);
  try {
    return match?.[1] ? decodeURIComponent(match[1]) : null;
  } catch {
    return '';
  }
}

/**
 * The client page's code, which share-main.tsx loads: hydrates the page the server rendered from
 * its seed (decision 0020), or, without one, draws the page at this address and asks the API.
 * Resolves to the React root; `options` are React's (a test listens to what React reports).
 */
export async function startSharePage(
  container: HTMLElement,
  seed: TSharePageSeed | null,
  options: RootOptions = {},
): Promise<Root> {
  if (!seed) {
    // Drawn here: the stop link of a follow-up mail (its own chunk, which the client's page never
    // loads; never rendered on the server), or the client's page where the server did not render it.
    const state = shareAppState(null);
    const stopToken = stopTokenOf(window.location.pathname);
    const stop =
      stopToken === null ? null : await withLaterWords(import('@/features/share/components/stop-follow-ups-page'));
    const root = createRoot(container, options);
    root.render(
      <StrictMode>
        {stop === null || stopToken === null ? (
          <ShareApp token={shareTokenOf(window.location.pathname)} state={state} />
        ) : (
          <QueryClientProvider client={state.queryClient}>
            {/* In the language chosen on this device, else the browser's (no proposal is read here). */}
            <Suspense fallback={null}>
              <ShareLanguageProvider token={stopToken}>
                <stop.StopFollowUpsPage token={stopToken} />
              </ShareLanguageProvider>
            </Suspense>
          </QueryClientProvider>
        )}
      </StrictMode>,
    );
    return root;
  }
  const state = shareAppState(seed);
  // The lazy parts the HTML shows come first: hydration must find them, not wait for them. A
  // part that did not load is drawn when it does (its boundary shows its fallback meanwhile).
  // And the words of the language it was rendered in, so the first render speaks it too: asked for
  // first, so that the parts' later words are asked for in that language.
  const words = loadPageI18n(seed.language ?? 'en').catch(() => undefined);
  await Promise.all([words, preloadShownParts(seed).catch(() => undefined)]);
  // The page is on screen already: hydrating it as a transition does it in slices that leave the
  // main thread free between them, rather than in one long task.
  let root: Root | null = null;
  startTransition(() => {
    root = hydrateRoot(
      container,
      <StrictMode>
        <ShareApp token={seed.token} state={state} />
      </StrictMode>,
      options,
    );
  });
  return root!;
}
