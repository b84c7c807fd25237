import type { Messages } from '@lingui/core';
import type { TLanguage } from './languages';

export type TCatalogModule = { messages: Messages };

/**
 * The client page's catalog of each language, each its own chunk in the browser: the page loads
 * only the one it shows (QUALITY P8). Written out (not a template) so every bundler sees them.
 */
export const PAGE_CATALOGS: Record<TLanguage, () => Promise<TCatalogModule>> = {
  en: () => import('./catalogs/page/en'),
  de: () => import('./catalogs/page/de'),
  fr: () => import('./catalogs/page/fr'),
  es: () => import('./catalogs/page/es'),
  it: () => import('./catalogs/page/it'),
  'pt-BR': () => import('./catalogs/page/pt-BR'),
  nl: () => import('./catalogs/page/nl'),
  pl: () => import('./catalogs/page/pl'),
  sv: () => import('./catalogs/page/sv'),
  tr: () => import('./catalogs/page/tr'),
  ja: () => import('./catalogs/page/ja'),
  'zh-CN': () => import('./catalogs/page/zh-CN'),
  ko: () => import('./catalogs/page/ko'),
  ar: () => import('./catalogs/page/ar'),
  he: () => import('./catalogs/page/he'),
  hi: () => import('./catalogs/page/hi'),
};

/**
 * Starts loading a language's page catalog without Lingui's code: the client page's first script
 * asks for it while the page's code loads (share-main.tsx), so the two arrive together.
 */
export function prefetchPageCatalog(language: TLanguage): void {
  void PAGE_CATALOGS[language]().catch(() => undefined);
}
