/**
 * The build's prerender (scripts/build.mjs): each public page rendered to HTML with the public
 * pages' own app (app/public/public-app.tsx), so crawlers and first paints get the page itself;
 * the browser then hydrates it (public-main.tsx). Runs in Node at build time only; never part of
 * the browser bundle.
 */
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { PublicApp } from './app/public/public-app';
import { isPublicPage } from './app/public/public-pages';
import { PrerenderMetaContext, type TPageMeta } from './lib/page-title';

export { PRERENDERED_ROUTES } from '@draftwell/shared/paths';

export type TPrerendered = { html: string; meta: TPageMeta | null };

/**
 * The page's HTML, whole: every lazy screen loaded and every Suspense boundary inline. React
 * would otherwise outline a large boundary (a fallback plus the content swapped in by an inline
 * script, which the CSP blocks), so outlining is turned off and the result checked. A page that
 * fails to render fails the build: a fallback must never be served as the page.
 */
export async function prerender(path: string): Promise<TPrerendered> {
  if (!isPublicPage(path)) throw new Error(`${path} is not a public page: only those are prerendered`);
  const errors: unknown[] = [];
  let meta: TPageMeta | null = null;
  const noteMeta = (next: TPageMeta) => {
    meta = next;
  };
  // Unlike renderToString, this waits for every lazy screen and Suspense boundary.
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <PrerenderMetaContext value={noteMeta}>
        <PublicApp at={{ pathname: path, search: '' }} />
      </PrerenderMetaContext>
    </StrictMode>,
    { onError: (error) => void errors.push(error), progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  if (errors.length > 0) throw new AggregateError(errors, `${path} could not be prerendered`);
  const streamed = /<template id="B:|\$RC/.exec(html);
  if (streamed) {
    const around = html.slice(Math.max(0, streamed.index - 200), streamed.index + 100);
    throw new Error(`${path} was not rendered inline, around: ${around}`);
  }
  return { html, meta };
}
