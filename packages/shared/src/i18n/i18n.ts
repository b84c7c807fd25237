import type { I18n, Messages } from '@lingui/core';
import { createI18n, type KeyedI18n } from './keyed-i18n';
import { PAGE_CATALOGS, PAGE_LATER_CATALOGS } from './page-catalogs';
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
type TLoad<T> = Promise<T> & { status?: 'pending' | 'fulfilled' | 'rejected'; value?: T };

function cached<T>(cache: Map<TLanguage, TLoad<T>>, language: TLanguage, load: () => Promise<T>): TLoad<T> {
  let loading = cache.get(language);
  if (!loading) {
    const started: TLoad<T> = load().then(
      (value) => {
        started.status = 'fulfilled';
        started.value = value;
        return value;
      },
      (error: unknown) => {
        // A failed chunk (a phone going offline) may be asked for again.
        cache.delete(language);
        throw error;
      },
    );
    started.status = 'pending';
    cache.set(language, started);
    loading = started;
  }
  return loading;
}

/**
 * The server renders every part of the page, so it always has both of the page's catalogs; the
 * browser loads the later one when a part that needs it loads (`wantPageLater`), and from then on
 * with every language the reader switches to.
 */
const onServer = typeof (globalThis as { window?: unknown }).window === 'undefined';
let laterWanted = onServer;
/** The language the client's page shows (the last one it asked for): the later words' language. */
let shownLanguage: TLanguage | null = null;

const firstLoads = new Map<TLanguage, TLoad<KeyedI18n>>();
const laterLoads = new Map<TLanguage, TLoad<KeyedI18n>>();

const firstLoad = (language: TLanguage) =>
  cached(firstLoads, language, async () => {
    if (!onServer) return createI18n(language, (await PAGE_CATALOGS[language]()).messages);
    const [first, later] = await Promise.all([PAGE_CATALOGS[language](), PAGE_LATER_CATALOGS[language]()]);
    return createI18n(language, first.messages, later.messages);
  });

/** The language's I18n with the later catalog's words in it too (once per language and process). */
const wholeLoad = (language: TLanguage) =>
  cached(laterLoads, language, async () => {
    const [i18n, later] = await Promise.all([firstLoad(language), PAGE_LATER_CATALOGS[language]()]);
    if (!onServer) i18n.addMessages(later.messages);
    return i18n;
  });

/**
 * The client's page's I18n for a language: the words of its first load (the page catalog), and
 * the later ones too once a part that needs them has loaded (a page drawn from one, like the
 * stop-reminders page). The instance gains the later catalog's words when they load
 * (`wantPageLater`); the server's has both. A caller that renders with it keeps the promise it got
 * for a language (the answer for the same language changes once the later words are wanted).
 */
export function loadPageI18n(language: TLanguage): Promise<I18n> {
  if (!onServer) shownLanguage = language;
  return laterWanted ? wholeLoad(language) : firstLoad(language);
}

/** Both of the page's catalogs of a language: for the owner's screens, which show every part. */
export function loadWholePageI18n(language: TLanguage): Promise<I18n> {
  return wholeLoad(language);
}

/**
 * A part of the client's page loaded later (its `import()`) waits for this too: the later catalog
 * of the language shown, and from now on of any language the reader switches to.
 */
export function wantPageLater(): Promise<unknown> {
  // The server's instances have both already (and it renders many languages at once).
  if (onServer) return Promise.resolve();
  laterWanted = true;
  return shownLanguage ? wholeLoad(shownLanguage) : Promise.resolve();
}

/**
 * What a switch to another language waits for before showing it: its first words, and its later
 * ones once a part that needs them has loaded.
 */
export function readyToShow(language: TLanguage): Promise<unknown> {
  return laterWanted ? wholeLoad(language) : firstLoad(language);
}

/** `import()` of a part of the client's page, which shows words of the later catalog. */
export function withLaterWords<T>(load: Promise<T>): Promise<T> {
  return Promise.all([load, wantPageLater()]).then(([loaded]) => loaded);
}

/** The page's I18n for a language if its catalog is loaded (loadPageI18n), else null. */
export function pageI18nIfLoaded(language: TLanguage): I18n | null {
  const load = firstLoads.get(language);
  return load?.status === 'fulfilled' ? load.value! : null;
}
