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
