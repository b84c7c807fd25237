import type { TAppLanguage } from './languages';
import type { TCatalogModule } from './page-catalogs';

/**
 * The owner's screens' catalog of each of the app's languages (issue 25 part 7), each its own
 * chunk: the app loads the one it speaks, with the page catalog of the same language (its screens
 * show the document's components too). The client's page never imports this module.
 */
export const APP_CATALOGS: Record<TAppLanguage, () => Promise<TCatalogModule>> = {
  en: () => import('./catalogs/app/en'),
  de: () => import('./catalogs/app/de'),
  fr: () => import('./catalogs/app/fr'),
  es: () => import('./catalogs/app/es'),
  'pt-BR': () => import('./catalogs/app/pt-BR'),
  ja: () => import('./catalogs/app/ja'),
};

/** The public pages' catalog of each of the app's languages: the app shows their components too. */
export const PUBLIC_CATALOGS: Record<TAppLanguage, () => Promise<TCatalogModule>> = {
  en: () => import('./catalogs/public/en'),
  de: () => import('./catalogs/public/de'),
  fr: () => import('./catalogs/public/fr'),
  es: () => import('./catalogs/public/es'),
  'pt-BR': () => import('./catalogs/public/pt-BR'),
  ja: () => import('./catalogs/public/ja'),
};
