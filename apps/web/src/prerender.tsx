/**
 * The build's prerender (scripts/build.mjs): each public page rendered to HTML with the public
 * pages' own app (app/public/public-app.tsx), so crawlers and first paints get the page itself;
 * the browser then hydrates it (public-main.tsx). Runs in Node at build time only; never part of
 * the browser bundle.
 */
import type { TLanguage } from '@draftwell/shared/i18n/languages';
import { StrictMode } from 'react';
import { PublicApp } from './app/public/public-app';
import { isPublicPage } from './app/public/public-pages';
import { PrerenderMetaContext, type TPageMeta } from './lib/page-title';
import { loadPublicI18n } from './lib/public-language';
import { renderWhole } from './render-whole';

export { PRERENDERED_ROUTES, publicPageLanguages } from '@draftwell/shared/paths';
export { textDirection } from '@draftwell/shared/i18n/languages';

export type TPrerendered = { html: string; meta: TPageMeta | null };

/**
 * The page's HTML in `language` (one of publicPageLanguages(path)), whole (render-whole.ts). A page
 * that fails to render fails the build: a fallback must never be served as the page.
 */
export async function prerender(path: string, language: TLanguage = 'en'): Promise<TPrerendered> {
  if (!isPublicPage(path)) throw new Error(`${path} is not a public page: only those are prerendered`);
  let meta: TPageMeta | null = null;
  const noteMeta = (next: TPageMeta) => {
    meta = next;
  };
  const i18n = await loadPublicI18n(language);
  // A message the language's catalogs lack would be shown raw (an English plural's `{count, plural…`):
  // Lingui only warns, so the build fails here instead.
  const warn = console.warn;
  const uncompiled: string[] = [];
  console.warn = (...args: unknown[]) => {
    if (typeof args[0] === 'string' && args[0].includes('Uncompiled message detected')) uncompiled.push(args[0]);
    else warn(...args);
  };
  const html = await renderWhole(
    <StrictMode>
      <PrerenderMetaContext value={noteMeta}>
        <PublicApp at={{ pathname: path, search: '' }} i18n={i18n} />
      </PrerenderMetaContext>
    </StrictMode>,
    path,
  ).finally(() => {
    console.warn = warn;
  });
  if (uncompiled.length)
    throw new Error(`${path} in ${language} shows messages its catalogs lack:\n${uncompiled.join('\n')}`);
  return { html, meta };
}
