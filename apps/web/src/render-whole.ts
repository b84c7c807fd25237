import type { ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';

/**
 * A tree's HTML, whole, for the browser to hydrate: every lazy part loaded and every Suspense
 * boundary inline. React would otherwise outline a large boundary (a fallback plus the content
 * swapped in by an inline script, which the CSP blocks), so outlining is turned off and the
 * result checked: a render error, or a boundary left to the browser, fails it. Node only: the
 * build's prerender of the public pages and the server's render of the client's page use it.
 */
export async function renderWhole(tree: ReactNode, label: string, signal?: AbortSignal): Promise<string> {
  const errors: unknown[] = [];
  // Unlike renderToString, this waits for every lazy part and Suspense boundary.
  const { prelude } = await prerenderToNodeStream(tree, {
    onError: (error) => void errors.push(error),
    progressiveChunkSize: Number.POSITIVE_INFINITY,
    signal,
  });
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  if (errors.length > 0) throw new AggregateError(errors, `${label} could not be rendered`);
  // An outlined boundary (B:, $RC), or one the render gave up on (<!--$!-->, left to the browser).
  const streamed = /<template id="B:|\$RC|<!--\$!-->/.exec(html);
  if (streamed) {
    const around = html.slice(Math.max(0, streamed.index - 200), streamed.index + 100);
    throw new Error(`${label} was not rendered inline, around: ${around}`);
  }
  return html;
}
