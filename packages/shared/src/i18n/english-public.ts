import { messages } from './catalogs/english-public';
import type { I18n } from './i18n';
import { createI18n } from './keyed-i18n';

/**
 * English for the public pages (prerendered in English): the page's catalogs' English and the
 * public catalog's, without the app's words, which the public pages never show (QUALITY P8).
 */
export const englishPublicI18n: I18n = createI18n('en', messages);
