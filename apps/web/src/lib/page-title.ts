import { createContext, useContext, useEffect } from 'react';

/** What a page asks for in its HTML head: its title, and a description for search results. */
export type TPageMeta = { title: string; description: string | null };

/** Given by the build's prerender (prerender.tsx): where a page's title and description go during it. */
export const PrerenderMetaContext = createContext<((meta: TPageMeta) => void) | null>(null);

/**
 * The document's title for this screen. In the browser it is set once the screen shows; during
 * the build's prerender it is handed to the prerender with the description, and both go into
 * the page's HTML head (the description only matters there: it is what search engines read).
 */
export function usePageTitle(title: string, description: string | null = null): void {
  const prerenderSink = useContext(PrerenderMetaContext);
  prerenderSink?.({ title, description });
  useEffect(() => {
    document.title = title;
  }, [title]);
}
