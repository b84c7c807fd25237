import { messages } from './catalogs/english';
import { createI18n } from './keyed-i18n';
import type { I18n } from './i18n';

/**
 * English for the owner's screens: every catalog's English but the server's in one module
 * (catalogs/english.ts, written by scripts/catalogs.mjs), loaded with the code that imports this
 * one (English leaves out every message whose text is its id, so it is small), and the tests'.
 * The public pages have their own (english-public.ts). The client's page never imports it: it loads only the language it shows
 * (loadPageI18n), English too.
 */
export const englishI18n: I18n = createI18n('en', messages);
