import type { TAppLanguage, TLanguage } from './languages';
import type { TCatalogModule } from './page-catalogs';

/**
 * The public pages' catalogs (lingui.config.ts), each language its own chunk, loaded by the public
 * pages in the language they are shown in and by the app in its own (it shows their components
 * too). Written out (not a template) so every bundler sees each `import()`.
 */

/** /verify's words and the public pages' frame around it (header, footer, toasts), in all sixteen. */
export const VERIFY_CATALOGS: Record<TLanguage, () => Promise<TCatalogModule>> = {
  en: () => import('./catalogs/verify/en'),
  de: () => import('./catalogs/verify/de'),
  fr: () => import('./catalogs/verify/fr'),
  es: () => import('./catalogs/verify/es'),
  it: () => import('./catalogs/verify/it'),
  'pt-BR': () => import('./catalogs/verify/pt-BR'),
  nl: () => import('./catalogs/verify/nl'),
  pl: () => import('./catalogs/verify/pl'),
  sv: () => import('./catalogs/verify/sv'),
  tr: () => import('./catalogs/verify/tr'),
  ja: () => import('./catalogs/verify/ja'),
  'zh-CN': () => import('./catalogs/verify/zh-CN'),
  ko: () => import('./catalogs/verify/ko'),
  ar: () => import('./catalogs/verify/ar'),
  he: () => import('./catalogs/verify/he'),
  hi: () => import('./catalogs/verify/hi'),
};

/** The other public pages' words (landing, pricing, sign-in…), in the app's languages. */
export const PUBLIC_CATALOGS: Record<TAppLanguage, () => Promise<TCatalogModule>> = {
  en: () => import('./catalogs/public/en'),
  de: () => import('./catalogs/public/de'),
  fr: () => import('./catalogs/public/fr'),
  es: () => import('./catalogs/public/es'),
  'pt-BR': () => import('./catalogs/public/pt-BR'),
  ja: () => import('./catalogs/public/ja'),
};
