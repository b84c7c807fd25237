import { I18n, type MessageDescriptor, type MessageOptions, type Messages } from '@lingui/core';
import type { TLanguage } from './languages';
import { messageKey } from './message-key';

/**
 * Lingui's I18n over catalogs keyed by `messageKey` (scripts/catalogs.mjs): the code still calls
 * `i18n._('English text', values)`. A message the catalog leaves out reads as its English text:
 * only English leaves any out, those with no placeholder, plural, markup or quote (`PLAIN`); the
 * completeness test ensures every other language has all.
 */
/** A message with no ICU syntax or markup: its compiled form is its text (scripts/catalogs.mjs). */
const PLAIN = /^[^{}<']*$/;

export class KeyedI18n extends I18n {
  readonly #messages: Messages;

  constructor(language: TLanguage, messages: Messages) {
    super({ locale: language, messages: { [language]: messages } });
    this.#messages = messages;
  }

  /** More of the language's messages (a catalog loaded later), for every holder of this instance. */
  addMessages(messages: Messages): void {
    Object.assign(this.#messages, messages);
    this.load(this.locale, messages);
  }

  override _(descriptor: MessageDescriptor): string;
  override _(id: string, values?: Record<string, unknown>, options?: MessageOptions): string;
  override _(id: string | MessageDescriptor, values?: Record<string, unknown>, options?: MessageOptions): string {
    if (typeof id !== 'string') return this._(id.id ?? '', id.values ?? values, options);
    const key = messageKey(id);
    if (Object.hasOwn(this.#messages, key)) return super._(key, values, options);
    // English leaves out its plain messages; anything else missing goes to Lingui as it is.
    return PLAIN.test(id) ? id : super._(id, values, options);
  }
}

/** One I18n for a language and its messages (already compiled). */
export function createI18n(language: TLanguage, ...catalogs: Messages[]): KeyedI18n {
  // A copy: messages added later (addMessages) must not change the catalogs' own modules.
  return new KeyedI18n(language, Object.assign({}, ...catalogs) as Messages);
}
