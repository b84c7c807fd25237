import { CLIENT_LANGUAGE_COOKIE, supportedLanguage, type TLanguage } from '@draftwell/shared/i18n/languages';

/** A year: the reader's choice outlives a session, as a language setting does. */
const COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

/**
 * The language chosen on this device (issue 25): on a client's page or a public page, or null. The
 * server renders the next page in it (a client's page, the public pages in theirs).
 */
export function deviceLanguage(): TLanguage | null {
  if (typeof document === 'undefined') return null;
  for (const part of document.cookie.split(';')) {
    const [name = '', value = ''] = part.trim().split('=');
    if (name === CLIENT_LANGUAGE_COOKIE) return supportedLanguage(decodeURIComponent(value));
  }
  return null;
}

/** Keeps the reader's choice on their device; the server renders their next page in it. */
export function keepDeviceLanguage(language: TLanguage) {
  /* eslint-disable lingui/no-unlocalized-strings -- a cookie's attributes, never shown */
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${CLIENT_LANGUAGE_COOKIE}=${encodeURIComponent(language)}; Path=/; Max-Age=${COOKIE_MAX_AGE_S}; SameSite=Lax${secure}`;
  /* eslint-enable lingui/no-unlocalized-strings */
}
