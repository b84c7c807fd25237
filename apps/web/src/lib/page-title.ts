import { createContext, useContext, useEffect } from 'react';

/** Given by the build's prerender (prerender.tsx): where a page's title goes during it. */
export const PrerenderTitleContext = createContext<((title: string) => void) | null>(null);

/**
 * The document's title for this screen. In the browser it is set once the screen shows; during
 * the build's prerender it is handed to the prerender, and goes into the page's HTML `<title>`.
 */
export function usePageTitle(title: string): void {
  const prerenderSink = useContext(PrerenderTitleContext);
  prerenderSink?.(title);
  useEffect(() => {
    document.title = title;
  }, [title]);
}
