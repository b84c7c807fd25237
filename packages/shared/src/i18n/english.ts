import { messages as page } from './catalogs/page/en';
import { createI18n, type I18n } from './i18n';

/**
 * The page catalog's English, loaded with the code that imports this module: for the owner's
 * screens (which speak English until issue 25 part 7) and tests. The client's page never imports
 * it: it loads only the language it shows (loadPageI18n).
 */
export const englishPageI18n: I18n = createI18n('en', page);
