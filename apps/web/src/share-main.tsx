import { SHARE_SEED_ELEMENT_ID, type TSharePageSeed } from '@draftwell/shared/share/share-page';
import './styles.css';

/**
 * The client's page as its own entry (share.html), which the server answers /p/:token with: only
 * React, the data layer and the page itself, none of the app shell (router, session, realtime,
 * toasts, menus) that the client, who has no account, never uses. This keeps the page within its
 * initial JavaScript budget (QUALITY P8). Nor zod (share-page.test.tsx fails if the page loads it),
 * so not lib/zod-jitless either, which would bring zod's core for nothing.
 *
 * The server sends the page rendered, with what it read beside it as inert JSON (the seed,
 * decision 0020). This first script is small: it reads the seed, lets the browser paint the
 * server's page, and only then loads the page's code (share-boot.tsx), which hydrates it. Loaded
 * with the HTML, that code would share a phone's bandwidth with the stylesheet the first paint
 * waits for. Without a seed (the dev server, a build without the server render, a failure the
 * server left to the browser) there is nothing to paint: the code loads at once, draws the page
 * and asks the API.
 */
function serverSeed(container: HTMLElement): TSharePageSeed | null {
  const text = container.firstChild ? document.getElementById(SHARE_SEED_ELEMENT_ID)?.textContent : null;
  if (!text) return null;
  try {
    return JSON.parse(text) as TSharePageSeed;
  } catch {
    return null;
  }
}

/**
 * Calls `then` once the browser has painted the page's content: at once in a hidden tab (which
 * paints nothing), and after a second at the latest.
 */
function afterFirstContentfulPaint(then: () => void) {
  let called = false;
  const once = () => {
    if (called) return;
    called = true;
    then();
  };
  if (document.visibilityState !== 'visible') return once();
  setTimeout(once, 1000);
  if (typeof PerformanceObserver === 'undefined' || !PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    // Two frames on, the first has been painted.
    requestAnimationFrame(() => requestAnimationFrame(once));
    return;
  }
  const observer = new PerformanceObserver((entries) => {
    if (entries.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    setTimeout(once, 0);
  });
  observer.observe({ type: 'paint', buffered: true });
}

const container = document.getElementById('root')!;
const seed = serverSeed(container);
const start = () => {
  // The words of the page's language (their own chunk, which the server names) load beside its
  // code, not after it; the page's code then imports the module already loaded.
  if (seed?.catalogScript) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = seed.catalogScript;
    document.head.append(link);
  }
  void import('./share-boot').then(({ startSharePage }) => startSharePage(container, seed));
};
if (seed) afterFirstContentfulPaint(start);
else start();
