import { APP_CATALOGS } from '@draftwell/shared/i18n/app-catalogs';
import { englishI18n } from '@draftwell/shared/i18n/english';
import { createI18n, type I18n } from '@draftwell/shared/i18n/i18n';
import { closestAppLanguage, supportedAppLanguage, type TAppLanguage } from '@draftwell/shared/i18n/languages';
import { PAGE_CATALOGS, PAGE_LATER_CATALOGS } from '@draftwell/shared/i18n/page-catalogs';
import { PUBLIC_CATALOGS, VERIFY_CATALOGS } from '@draftwell/shared/i18n/site-catalogs';
import { useSyncExternalStore } from 'react';

/**
 * The language of the owner's screens (issue 25 part 7): the one chosen in Profile (kept on the
 * account, and on this device so the next visit starts in it), else the browser's closest of the
 * app's languages, else English. One I18n at a time for the whole app, over the page's two
 * catalogs, the public pages' two and the app's of that language.
 *
 * In a component, `const { i18n } = useLingui()`; outside one (a toast from a mutation's callback),
 * `const i18n = appI18n()`. Either way the call is `i18n._('English text', values)`, which
 * `lingui extract` finds.
 */
const STORAGE_KEY = 'draftwell:app-language';

type TState = { language: TAppLanguage; i18n: I18n };

let state: TState = { language: 'en', i18n: englishI18n };
const listeners = new Set<() => void>();
const loaded = new Map<TAppLanguage, Promise<I18n>>([['en', Promise.resolve(englishI18n)]]);

function load(language: TAppLanguage): Promise<I18n> {
  let loading = loaded.get(language);
  if (!loading) {
    loading = Promise.all([
      PAGE_CATALOGS[language](),
      PAGE_LATER_CATALOGS[language](),
      VERIFY_CATALOGS[language](),
      PUBLIC_CATALOGS[language](),
      APP_CATALOGS[language](),
    ]).then(
      (catalogs) => createI18n(language, ...catalogs.map((catalog) => catalog.messages)),
      (error: unknown) => {
        // A chunk that failed (offline a moment) may be asked for again.
        loaded.delete(language);
        throw error;
      },
    );
    loaded.set(language, loading);
  }
  return loading;
}

function storedChoice(): TAppLanguage | null {
  try {
    return supportedAppLanguage(localStorage.getItem(STORAGE_KEY));
  } catch {
    return null;
  }
}

function browserLanguage(): TAppLanguage {
  return typeof navigator === 'undefined' ? 'en' : closestAppLanguage(navigator.languages ?? [navigator.language]);
}

let wanted: TAppLanguage = 'en';

async function show(language: TAppLanguage): Promise<void> {
  wanted = language;
  if (state.language === language) return;
  const i18n = await load(language);
  // A later choice, made while this one loaded, wins.
  if (wanted !== language) return;
  state = { language, i18n };
  if (typeof document !== 'undefined') document.documentElement.lang = language;
  for (const listener of listeners) listener();
}

/** The app's I18n now: for code outside a component (a mutation's toast, a confirm's text). */
export function appI18n(): I18n {
  return state.i18n;
}

/**
 * Before the app's first render: the language this device last used, else the browser's, loaded
 * (English is there already). A catalog that does not load leaves the app in English.
 */
export async function startAppLanguage(): Promise<void> {
  await show(storedChoice() ?? browserLanguage()).catch((error: unknown) =>
    console.error('Could not load the app language; showing English.', error),
  );
}

/**
 * The account's choice, as the session reports it (null: the browser's): the app follows it, and
 * this device remembers it for its next start.
 */
export function followAccountLanguage(choice: TAppLanguage | null): Promise<void> {
  try {
    if (choice) localStorage.setItem(STORAGE_KEY, choice);
    else localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage refused (private mode): the account's choice still applies on each start.
  }
  return show(choice ?? browserLanguage());
}

/** The language the browser asks for, as the app would take it: Profile's "browser's" choice. */
export function browserAppLanguage(): TAppLanguage {
  return browserLanguage();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The app's language and its I18n; re-renders when the language changes. */
export function useAppLanguage(): TState {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => state,
  );
}
