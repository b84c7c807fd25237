import type { I18n, Messages } from '@lingui/core';
import { createI18n } from './keyed-i18n';
import { PAGE_CATALOGS } from './page-catalogs';
import type { TLanguage } from './languages';

/**
 * Translations (decisions 0026 and 0027). A message is written in the code as
 * `i18n._('English text with {placeholders}', values)`: the English is its id, `lingui extract`
 * finds it (the instance must be called `i18n`, or be `something.i18n`), and the compiled catalogs
 * (./catalogs/<catalog>/<language>.ts, from the PO files beside them) hold each language's text.
 *
 * An instance serves one language and never changes it, so concurrent renders in different
 * languages on the server share nothing mutable: ask for the language's instance, do not
 * `activate` another.
 */
export type { I18n, Messages };
export type { TCatalogModule } from './page-catalogs';
export { createI18n } from './keyed-i18n';

/**
 * A language's loading, kept per language so every caller gets the same promise. Once settled it
 * carries React's thenable fields (`status`, `value`), so `use()` reads a loaded language without
 * suspending, on every render alike.
 */
type TPageLoad = Promise<I18n> & { status?: 'pending' | 'fulfilled' | 'rejected'; value?: I18n };

const pageLoads = new Map<TLanguage, TPageLoad>();

/** The page's I18n for a language, its catalog loaded first (once per language and process). */
export function loadPageI18n(language: TLanguage): Promise<I18n> {
  let load = pageLoads.get(language);
  if (!load) {
    const loading: TPageLoad = PAGE_CATALOGS[language]().then(
      ({ messages }) => {
        const i18n = createI18n(language, messages);
        loading.status = 'fulfilled';
        loading.value = i18n;
        return i18n;
      },
      (error: unknown) => {
        // A failed chunk (a phone going offline) may be asked for again.
        pageLoads.delete(language);
        throw error;
      },
    );
    loading.status = 'pending';
    pageLoads.set(language, loading);
    load = loading;
  }
  return load;
}

/** The page's I18n for a language if its catalog is loaded (loadPageI18n), else null. */
export function pageI18nIfLoaded(language: TLanguage): I18n | null {
  const load = pageLoads.get(language);
  return load?.status === 'fulfilled' ? load.value! : null;
}
