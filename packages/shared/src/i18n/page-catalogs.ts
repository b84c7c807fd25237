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
 * The page's other catalog of each language: the words of the parts it loads when it shows them
 * (the sign form, payment, the certificate, the stop-reminders page…), loaded with them
 * (i18n.ts's `wantPageLater`).
 */
export const PAGE_LATER_CATALOGS: Record<TLanguage, () => Promise<TCatalogModule>> = {
  en: () => import('./catalogs/page-later/en'),
  de: () => import('./catalogs/page-later/de'),
  fr: () => import('./catalogs/page-later/fr'),
  es: () => import('./catalogs/page-later/es'),
  it: () => import('./catalogs/page-later/it'),
  'pt-BR': () => import('./catalogs/page-later/pt-BR'),
  nl: () => import('./catalogs/page-later/nl'),
  pl: () => import('./catalogs/page-later/pl'),
  sv: () => import('./catalogs/page-later/sv'),
  tr: () => import('./catalogs/page-later/tr'),
  ja: () => import('./catalogs/page-later/ja'),
  'zh-CN': () => import('./catalogs/page-later/zh-CN'),
  ko: () => import('./catalogs/page-later/ko'),
  ar: () => import('./catalogs/page-later/ar'),
  he: () => import('./catalogs/page-later/he'),
  hi: () => import('./catalogs/page-later/hi'),
};
