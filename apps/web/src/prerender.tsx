/**
 * The build's prerender (scripts/build.mjs): each public page rendered to HTML with the app's own
 * providers and routes, so crawlers and first paints get the page itself; the browser then
 * hydrates it (main.tsx). Runs in Node at build time only; never part of the browser bundle.
 */
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppProvider } from './app/provider';
import { createRoutes } from './app/route-table';
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
  const handler = createStaticHandler(createRoutes());
  const context = await handler.query(new Request(new URL(path, 'http://prerender.invalid')));
  if (context instanceof Response)
    throw new Error(`${path} answers ${context.status}: a page to prerender must render`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const errors: unknown[] = [];
  let meta: TPageMeta | null = null;
  const noteMeta = (next: TPageMeta) => {
    meta = next;
  };
  // Unlike renderToString, this waits for every lazy screen and Suspense boundary.
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <PrerenderMetaContext value={noteMeta}>
        <AppProvider>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppProvider>
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
