/**
 * The server's render of the client's page (decision 0020): scripts/build.mjs builds this for
 * Node into apps/web/dist/ssr/, and the server loads it on the first visit of a client's link,
 * then renders each visit from what GET /api/share/:token would answer (the seed). The browser
 * hydrates the result from the same seed (share-boot.tsx). Never part of the browser bundle.
 */
import { StrictMode } from 'react';
import { loadPageI18n } from '@draftwell/shared/i18n/i18n';
import type { TRenderSharePage } from '@draftwell/shared/share/share-page';
import { preloadShownParts, sharePageTitle } from '@/features/share/components/share-page';
import { renderWhole } from './render-whole';
import { ShareApp, shareAppState } from './share-app';

/** Longer than any page takes (tens of milliseconds): past it the browser draws the page instead. */
const RENDER_TIMEOUT_MS = 10_000;

export const renderSharePage: TRenderSharePage = async (seed) => {
  // Loaded once per process; the page then renders without waiting for them.
  await preloadShownParts(seed);
  // The page's words in the language it is rendered in (the seed's), loaded once per language.
  const i18n = await loadPageI18n(seed.language ?? 'en');
  const html = await renderWhole(
    <StrictMode>
      <ShareApp token={seed.token} state={shareAppState(seed)} />
    </StrictMode>,
    // eslint-disable-next-line lingui/no-unlocalized-strings -- the render's name in its errors (logged)
    'The client’s page',
    AbortSignal.timeout(RENDER_TIMEOUT_MS),
  );
  return { html, title: sharePageTitle(i18n, 'proposal' in seed ? seed : { failed: true }) };
};
