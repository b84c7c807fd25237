import { supportedLanguage } from '@draftwell/shared/i18n/languages';
import { publicPageLanguages } from '@draftwell/shared/paths';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { PublicApp } from './app/public/public-app';
import { isPublicPage, publicPage } from './app/public/public-pages';
import { PUBLIC_ROUTES } from './config/paths';
import { setPublicPaths } from './lib/navigation';
import { loadPublicI18n } from './lib/public-language';
import './styles.css';

/**
 * The public pages' entry (public.html): the landing page, pricing, about, contact, privacy, 404,
 * sign-in and /verify, without the app's router, query cache or toasts (P8: at most 100 kB of
 * JavaScript). A link to a protected screen loads the app's own document (index.html).
 */
// The language the server chose and rendered the page in (the cookie, else Accept-Language).
const language = supportedLanguage(document.documentElement.lang) ?? 'en';
// A link to a public page that does not come in this language (the pricing page, from /verify in
// Korean) loads its document, which the server renders in the closest one it has.
setPublicPaths((pathname) => isPublicPage(pathname) && publicPageLanguages(pathname).includes(language));
// Any other address shows the 404 page under its own name, as the app did.
if (!isPublicPage(window.location.pathname)) window.history.replaceState(null, '', PUBLIC_ROUTES.notFound);

const at = { pathname: window.location.pathname, search: window.location.search };
const container = document.getElementById('root')!;
// A prerendered page is hydrated once its code and words are here, so that nothing is drawn twice.
// Words that do not load (offline a moment) leave the page drawn anew in English, never hydrated
// over the other language's HTML.
const prerendered = container.hasChildNodes();
let root: Root | null = null;
void Promise.all([
  publicPage(at.pathname)
    .load()
    .catch(() => undefined),
  loadPublicI18n(language).catch(() => null),
]).then(async ([, i18n]) => {
  const app = (
    <StrictMode>
      <PublicApp at={at} i18n={i18n ?? (await loadPublicI18n('en'))} />
    </StrictMode>
  );
  if (prerendered && i18n) root = hydrateRoot(container, app);
  else (root = createRoot(container)).render(app);
});

// The app is torn down with the page: unmounting closes the realtime connection (S10).
window.addEventListener('pagehide', (e) => {
  if (!e.persisted) root?.unmount();
});
