import { englishPublicI18n } from '@draftwell/shared/i18n/english-public';
import { createI18n, type I18n } from '@draftwell/shared/i18n/i18n';
import { supportedAppLanguage, type TLanguage } from '@draftwell/shared/i18n/languages';
import { PAGE_CATALOGS, PAGE_LATER_CATALOGS } from '@draftwell/shared/i18n/page-catalogs';
import { PUBLIC_CATALOGS, VERIFY_CATALOGS } from '@draftwell/shared/i18n/site-catalogs';

/**
 * The public pages' words in one language (issue 25): the page's two catalogs (the components the
 * pages share with the client's), /verify's with the frame, and the public pages' own where the
 * language has them (the app's six). English is bundled; another language loads its chunks. The
 * server picks the language (the cookie, else Accept-Language) and prerendered the page in it; the
 * browser reads it from `<html lang>` and hydrates in it.
 */
export function loadPublicI18n(language: TLanguage): Promise<I18n> {
  if (language === 'en') return Promise.resolve(englishPublicI18n);
  const app = supportedAppLanguage(language);
  return Promise.all([
    PAGE_CATALOGS[language](),
    PAGE_LATER_CATALOGS[language](),
    VERIFY_CATALOGS[language](),
    ...(app ? [PUBLIC_CATALOGS[app]()] : []),
  ]).then((catalogs) => createI18n(language, ...catalogs.map((catalog) => catalog.messages)));
}
