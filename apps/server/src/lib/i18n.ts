import { messages as page_en } from '@draftwell/shared/i18n/catalogs/page/en';
import { messages as later_en } from '@draftwell/shared/i18n/catalogs/page-later/en';
import { messages as later_de } from '@draftwell/shared/i18n/catalogs/page-later/de';
import { messages as later_fr } from '@draftwell/shared/i18n/catalogs/page-later/fr';
import { messages as later_es } from '@draftwell/shared/i18n/catalogs/page-later/es';
import { messages as later_it } from '@draftwell/shared/i18n/catalogs/page-later/it';
import { messages as later_ptBR } from '@draftwell/shared/i18n/catalogs/page-later/pt-BR';
import { messages as later_nl } from '@draftwell/shared/i18n/catalogs/page-later/nl';
import { messages as later_pl } from '@draftwell/shared/i18n/catalogs/page-later/pl';
import { messages as later_sv } from '@draftwell/shared/i18n/catalogs/page-later/sv';
import { messages as later_tr } from '@draftwell/shared/i18n/catalogs/page-later/tr';
import { messages as later_ja } from '@draftwell/shared/i18n/catalogs/page-later/ja';
import { messages as later_zhCN } from '@draftwell/shared/i18n/catalogs/page-later/zh-CN';
import { messages as later_ko } from '@draftwell/shared/i18n/catalogs/page-later/ko';
import { messages as later_ar } from '@draftwell/shared/i18n/catalogs/page-later/ar';
import { messages as later_he } from '@draftwell/shared/i18n/catalogs/page-later/he';
import { messages as later_hi } from '@draftwell/shared/i18n/catalogs/page-later/hi';
import { messages as server_en } from '@draftwell/shared/i18n/catalogs/server/en';
import { messages as page_de } from '@draftwell/shared/i18n/catalogs/page/de';
import { messages as server_de } from '@draftwell/shared/i18n/catalogs/server/de';
import { messages as page_fr } from '@draftwell/shared/i18n/catalogs/page/fr';
import { messages as server_fr } from '@draftwell/shared/i18n/catalogs/server/fr';
import { messages as page_es } from '@draftwell/shared/i18n/catalogs/page/es';
import { messages as server_es } from '@draftwell/shared/i18n/catalogs/server/es';
import { messages as page_it } from '@draftwell/shared/i18n/catalogs/page/it';
import { messages as server_it } from '@draftwell/shared/i18n/catalogs/server/it';
import { messages as page_ptBR } from '@draftwell/shared/i18n/catalogs/page/pt-BR';
import { messages as server_ptBR } from '@draftwell/shared/i18n/catalogs/server/pt-BR';
import { messages as page_nl } from '@draftwell/shared/i18n/catalogs/page/nl';
import { messages as server_nl } from '@draftwell/shared/i18n/catalogs/server/nl';
import { messages as page_pl } from '@draftwell/shared/i18n/catalogs/page/pl';
import { messages as server_pl } from '@draftwell/shared/i18n/catalogs/server/pl';
import { messages as page_sv } from '@draftwell/shared/i18n/catalogs/page/sv';
import { messages as server_sv } from '@draftwell/shared/i18n/catalogs/server/sv';
import { messages as page_tr } from '@draftwell/shared/i18n/catalogs/page/tr';
import { messages as server_tr } from '@draftwell/shared/i18n/catalogs/server/tr';
import { messages as page_ja } from '@draftwell/shared/i18n/catalogs/page/ja';
import { messages as server_ja } from '@draftwell/shared/i18n/catalogs/server/ja';
import { messages as page_zhCN } from '@draftwell/shared/i18n/catalogs/page/zh-CN';
import { messages as server_zhCN } from '@draftwell/shared/i18n/catalogs/server/zh-CN';
import { messages as page_ko } from '@draftwell/shared/i18n/catalogs/page/ko';
import { messages as server_ko } from '@draftwell/shared/i18n/catalogs/server/ko';
import { messages as page_ar } from '@draftwell/shared/i18n/catalogs/page/ar';
import { messages as server_ar } from '@draftwell/shared/i18n/catalogs/server/ar';
import { messages as page_he } from '@draftwell/shared/i18n/catalogs/page/he';
import { messages as server_he } from '@draftwell/shared/i18n/catalogs/server/he';
import { messages as page_hi } from '@draftwell/shared/i18n/catalogs/page/hi';
import { messages as server_hi } from '@draftwell/shared/i18n/catalogs/server/hi';
import { messages as content_en } from '@draftwell/shared/i18n/catalogs/content/en';
import { messages as content_de } from '@draftwell/shared/i18n/catalogs/content/de';
import { messages as content_fr } from '@draftwell/shared/i18n/catalogs/content/fr';
import { messages as content_es } from '@draftwell/shared/i18n/catalogs/content/es';
import { messages as content_ptBR } from '@draftwell/shared/i18n/catalogs/content/pt-BR';
import { messages as content_ja } from '@draftwell/shared/i18n/catalogs/content/ja';
import { createI18n, type I18n, type Messages } from '@draftwell/shared/i18n/i18n';
import { languageOf, supportedAppLanguage, type TAppLanguage, type TLanguage } from '@draftwell/shared/i18n/languages';

/**
 * The server's translations (decisions 0026 and 0027): every language's page catalogs (what the
 * client's page says, first and later, which the certificate and consent statement share) and server catalog (the
 * emails, the PDF's and the certificate's own words), imported at start, so an email or a PDF is
 * written in any language without waiting. One I18n per language, made once and never switched.
 */
const CATALOGS: Record<TLanguage, [Messages, Messages, Messages]> = {
  en: [page_en, later_en, server_en],
  de: [page_de, later_de, server_de],
  fr: [page_fr, later_fr, server_fr],
  es: [page_es, later_es, server_es],
  it: [page_it, later_it, server_it],
  'pt-BR': [page_ptBR, later_ptBR, server_ptBR],
  nl: [page_nl, later_nl, server_nl],
  pl: [page_pl, later_pl, server_pl],
  sv: [page_sv, later_sv, server_sv],
  tr: [page_tr, later_tr, server_tr],
  ja: [page_ja, later_ja, server_ja],
  'zh-CN': [page_zhCN, later_zhCN, server_zhCN],
  ko: [page_ko, later_ko, server_ko],
  ar: [page_ar, later_ar, server_ar],
  he: [page_he, later_he, server_he],
  hi: [page_hi, later_hi, server_hi],
};

/** A language's compiled messages, the page's two catalogs then the server's (tests read the words). */
export function catalogsOf(language: TLanguage): readonly Messages[] {
  return CATALOGS[language];
}

const instances = new Map<TLanguage, I18n>();

/** The I18n of a supported language; anything else (null, an old record's tag) is English. */
export function serverI18n(language: unknown): I18n {
  const tag = languageOf(language);
  let i18n = instances.get(tag);
  if (!i18n) {
    i18n = createI18n(tag, ...CATALOGS[tag]);
    instances.set(tag, i18n);
  }
  return i18n;
}

/**
 * The words a new document starts with (the content catalog: the starter templates, the example
 * sections, the built-in drafter's phrasebooks), in the app's six languages.
 */
const CONTENT: Record<TAppLanguage, Messages> = {
  en: content_en,
  de: content_de,
  fr: content_fr,
  es: content_es,
  'pt-BR': content_ptBR,
  ja: content_ja,
};

const contentInstances = new Map<TAppLanguage, I18n>();

/** The content's I18n for a language: one of the app's six, else (null, Italian, an old tag) English. */
export function contentI18n(language: unknown): I18n {
  const tag = supportedAppLanguage(language) ?? 'en';
  let i18n = contentInstances.get(tag);
  if (!i18n) {
    i18n = createI18n(tag, CONTENT[tag]);
    contentInstances.set(tag, i18n);
  }
  return i18n;
}
