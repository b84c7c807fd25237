/**
 * The locale a sender's documents write their dates in (the business profile's `locale`): the
 * client's page, the PDF, the certificate and the editor's preview all format every date of one
 * proposal the same way. The document's own words stay the sender's; only dates follow it.
 * No zod here: the client's page imports this module (QUALITY P8).
 */
export const DEFAULT_LOCALE = 'en-US';

/** The locales a profile can choose, with their names as the settings list them. */
export const DOCUMENT_LOCALES = [
  { id: 'en-US', name: 'English (United States)' },
  { id: 'en-GB', name: 'English (United Kingdom)' },
  { id: 'en-CA', name: 'English (Canada)' },
  { id: 'en-AU', name: 'English (Australia)' },
  { id: 'en-IE', name: 'English (Ireland)' },
  { id: 'en-IN', name: 'English (India)' },
  { id: 'en-NZ', name: 'English (New Zealand)' },
  { id: 'de-DE', name: 'Deutsch (Deutschland)' },
  { id: 'de-AT', name: 'Deutsch (Österreich)' },
  { id: 'de-CH', name: 'Deutsch (Schweiz)' },
  { id: 'fr-FR', name: 'Français (France)' },
  { id: 'fr-CA', name: 'Français (Canada)' },
  { id: 'es-ES', name: 'Español (España)' },
  { id: 'es-MX', name: 'Español (México)' },
  { id: 'it-IT', name: 'Italiano (Italia)' },
  { id: 'nl-NL', name: 'Nederlands (Nederland)' },
  { id: 'pt-PT', name: 'Português (Portugal)' },
  { id: 'pt-BR', name: 'Português (Brasil)' },
  { id: 'sv-SE', name: 'Svenska (Sverige)' },
  { id: 'da-DK', name: 'Dansk (Danmark)' },
  { id: 'nb-NO', name: 'Norsk bokmål (Norge)' },
  { id: 'fi-FI', name: 'Suomi (Suomi)' },
  { id: 'pl-PL', name: 'Polski (Polska)' },
] as const satisfies readonly { id: string; name: string }[];

export type TDocumentLocale = (typeof DOCUMENT_LOCALES)[number]['id'];

export const DOCUMENT_LOCALE_IDS = DOCUMENT_LOCALES.map((l) => l.id) as [TDocumentLocale, ...TDocumentLocale[]];

/** A stored or sent locale as one the documents can use: anything else (an older revision's none) is the default. */
export function documentLocale(value: unknown): TDocumentLocale {
  return (DOCUMENT_LOCALE_IDS as readonly unknown[]).includes(value) ? (value as TDocumentLocale) : DEFAULT_LOCALE;
}

const primaryOf = (tag: string) => tag.toLowerCase().split('-')[0];

/**
 * The locale a reader of `language` gets their dates in (issue 25): the sender's document locale
 * (their date format in Profile) in English, as before languages, and where it is of that
 * language (de-AT for German); else the language's own, so a German page or PDF never writes its
 * dates in English.
 */
export function readerLocale(language: string, senderLocale: string): string {
  const primary = primaryOf(language);
  return primary === 'en' || primaryOf(senderLocale) === primary ? senderLocale : language;
}

/**
 * The locale a reader of `language` gets amounts of money in: en-US in English, as the app has
 * always written them; else the language's own ("1.500,00 €" in German, "1 500,00 €" in French).
 */
export function moneyLocale(language: string): string {
  return primaryOf(language) === 'en' ? 'en-US' : language;
}
