import { StrictMode } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { PublicApp } from './app/public/public-app';
import { isPublicPage, publicPage } from './app/public/public-pages';
import { PUBLIC_ROUTES } from './config/paths';
import { setPublicPaths } from './lib/navigation';
import './styles.css';

/**
 * The public pages' entry (public.html): the landing page, pricing, about, contact, privacy, 404,
 * sign-in and /verify, without the app's router, query cache or toasts (P8: at most 100 kB of
 * JavaScript). A link to a protected screen loads the app's own document (index.html).
 */
setPublicPaths(isPublicPage);
// Any other address shows the 404 page under its own name, as the app did.
if (!isPublicPage(window.location.pathname)) window.history.replaceState(null, '', PUBLIC_ROUTES.notFound);

const at = { pathname: window.location.pathname, search: window.location.search };
const container = document.getElementById('root')!;
const app = (
  <StrictMode>
    <PublicApp at={at} />
  </StrictMode>
);
// A prerendered page is hydrated once its code is here, so that nothing is drawn twice.
const prerendered = container.hasChildNodes();
let root: Root | null = null;
void publicPage(at.pathname)
  .load()
  .catch(() => undefined)
  .then(() => {
    if (prerendered) root = hydrateRoot(container, app);
    else (root = createRoot(container)).render(app);
  });

// The app is torn down with the page: unmounting closes the realtime connection (S10).
window.addEventListener('pagehide', (e) => {
  if (!e.persisted) root?.unmount();
});
