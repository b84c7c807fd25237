import { messages as app } from './catalogs/app/en';
import { messages as page } from './catalogs/page/en';
import { createI18n, type I18n } from './i18n';

/**
 * English for the owner's screens and the public pages: the page catalog's English and the app
 * catalog's, loaded with the code that imports this module (English leaves out every message whose
 * text is its id, so both are small), and the tests'. The client's page never imports it: it loads
 * only the language it shows (loadPageI18n).
 */
export const englishI18n: I18n = createI18n('en', page, app);
