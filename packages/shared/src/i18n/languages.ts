/**
 * The languages a proposal can be written for (issue 25): the client's page, the emails to its
 * signers and its PDF speak the proposal's language. Each is a BCP 47 tag, with its name in
 * English (for the API's messages) and in itself (for the lists a person picks from), and its
 * writing direction. No zod here: the client's page imports this module (QUALITY P8).
 */
export const LANGUAGES = [
  { tag: 'en', english: 'English', native: 'English', dir: 'ltr' },
  { tag: 'de', english: 'German', native: 'Deutsch', dir: 'ltr' },
  { tag: 'fr', english: 'French', native: 'Français', dir: 'ltr' },
  { tag: 'es', english: 'Spanish', native: 'Español', dir: 'ltr' },
  { tag: 'it', english: 'Italian', native: 'Italiano', dir: 'ltr' },
  { tag: 'pt-BR', english: 'Portuguese (Brazil)', native: 'Português (Brasil)', dir: 'ltr' },
  { tag: 'nl', english: 'Dutch', native: 'Nederlands', dir: 'ltr' },
  { tag: 'pl', english: 'Polish', native: 'Polski', dir: 'ltr' },
  { tag: 'sv', english: 'Swedish', native: 'Svenska', dir: 'ltr' },
  { tag: 'tr', english: 'Turkish', native: 'Türkçe', dir: 'ltr' },
  { tag: 'ja', english: 'Japanese', native: '日本語', dir: 'ltr' },
  { tag: 'zh-CN', english: 'Chinese (Simplified)', native: '简体中文', dir: 'ltr' },
  { tag: 'ko', english: 'Korean', native: '한국어', dir: 'ltr' },
  { tag: 'ar', english: 'Arabic', native: 'العربية', dir: 'rtl' },
  { tag: 'he', english: 'Hebrew', native: 'עברית', dir: 'rtl' },
  { tag: 'hi', english: 'Hindi', native: 'हिन्दी', dir: 'ltr' },
] as const satisfies readonly { tag: string; english: string; native: string; dir: 'ltr' | 'rtl' }[];

export type TLanguage = (typeof LANGUAGES)[number]['tag'];
export type TLanguageInfo = (typeof LANGUAGES)[number];

export const DEFAULT_LANGUAGE: TLanguage = 'en';

/**
 * The cookie holding the language a client chose on their page (issue 25): it stays on their
 * device, and the server renders their next page in it. Its value is a supported tag.
 */
export const CLIENT_LANGUAGE_COOKIE = 'draftwell_language';

export const LANGUAGE_TAGS = LANGUAGES.map((l) => l.tag) as [TLanguage, ...TLanguage[]];

/** The supported tags as a sentence's list, for a message that names them: "en, de, fr, …". */
export const LANGUAGE_LIST = LANGUAGE_TAGS.join(', ');

const byLowerTag = new Map<string, TLanguage>(LANGUAGE_TAGS.map((tag) => [tag.toLowerCase(), tag]));

/**
 * The supported tag a value names, compared as BCP 47 compares tags (case-insensitively, `_` taken
 * for `-`), or null. Only the listed tags count: `pt` or `zh-TW` are not `pt-BR` or `zh-CN`.
 */
export function supportedLanguage(value: unknown): TLanguage | null {
  if (typeof value !== 'string' || value.length > 35) return null;
  return byLowerTag.get(value.trim().replaceAll('_', '-').toLowerCase()) ?? null;
}

/** A stored or sent language as one we speak: anything else (an older revision's none) is English. */
export function languageOf(value: unknown): TLanguage {
  return supportedLanguage(value) ?? DEFAULT_LANGUAGE;
}

export function languageInfo(tag: TLanguage): TLanguageInfo {
  return LANGUAGES.find((l) => l.tag === tag) ?? LANGUAGES[0];
}

/**
 * The supported language closest to a browser's preferences (`navigator.languages`, or an
 * Accept-Language header's tags in order): an exact tag first, else the same language
 * (`de-AT` → `de`, `pt-PT` → `pt-BR`, `zh-Hans-CN` → `zh-CN`; not `zh-TW`/`zh-Hant`, whose script is
 * another), else null.
 */
export function closestLanguage(preferred: readonly string[]): TLanguage | null {
  for (const wanted of preferred) {
    const exact = supportedLanguage(wanted);
    if (exact) return exact;
    const [primary = '', ...rest] = wanted.trim().replaceAll('_', '-').toLowerCase().split('-');
    if (primary === 'zh') {
      const traditional = rest.some((part) => part === 'hant' || part === 'tw' || part === 'hk' || part === 'mo');
      if (!traditional) return 'zh-CN';
      continue;
    }
    const same = LANGUAGE_TAGS.find((tag) => tag.toLowerCase().split('-')[0] === primary);
    if (same) return same;
  }
  return null;
}

/** A language as a list offers it: its own name, and the English one when they differ ("Deutsch (German)"). */
export function languageChoiceLabel(language: TLanguageInfo): string {
  return language.native === language.english ? language.native : `${language.native} (${language.english})`;
}

/** The direction text in `language` reads in; undefined where there is no language (a template). */
export function textDirection(language: TLanguage | undefined): 'ltr' | 'rtl' | undefined {
  return language ? languageInfo(language).dir : undefined;
}

/**
 * The languages the owner's own screens come in (issue 25 part 7), each complete: the others are
 * for proposals only. English first, the default.
 */
export const APP_LANGUAGE_TAGS = ['en', 'de', 'fr', 'es', 'pt-BR', 'ja'] as const satisfies readonly TLanguage[];
export type TAppLanguage = (typeof APP_LANGUAGE_TAGS)[number];

/** A value as one of the app's languages, or null. */
export function supportedAppLanguage(value: unknown): TAppLanguage | null {
  const tag = supportedLanguage(value);
  return tag !== null && (APP_LANGUAGE_TAGS as readonly string[]).includes(tag) ? (tag as TAppLanguage) : null;
}

/**
 * The app's language closest to a browser's preferences, as closestLanguage matches them (`de-AT`
 * → `de`, `pt-PT` → `pt-BR`), English when none is one of the app's.
 */
export function closestAppLanguage(preferred: readonly string[]): TAppLanguage {
  for (const wanted of preferred) {
    const tag = supportedAppLanguage(closestLanguage([wanted]));
    if (tag) return tag;
  }
  return 'en';
}
