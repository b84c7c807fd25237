import { createI18n, loadPageI18n, pageI18nIfLoaded } from '@draftwell/shared/i18n/i18n';
import { LANGUAGE_TAGS } from '@draftwell/shared/i18n/languages';
import { messageKey } from '@draftwell/shared/i18n/message-key';
import { describe, expect, it } from 'vitest';
import { serverI18n } from './i18n';

/** Messages keyed as scripts/catalogs.mjs keys them. */
const keyed = (messages: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(messages).map(([id, compiled]) => [messageKey(id), compiled]));

// Messages as `lingui compile` writes them: text, [name] for a placeholder, [name, 'plural', forms].
const GERMAN = keyed({
  'Signed by {name}': ['Unterschrieben von ', ['name']],
  '{count, plural, one {# signer} other {# signers}}': [
    ['count', 'plural', { one: ['#', ' Unterzeichner'], other: ['#', ' Unterzeichnende'] }],
  ],
});
const ARABIC = keyed({
  '{count, plural, one {# signer} other {# signers}}': [
    [
      'count',
      'plural',
      {
        zero: ['لا موقّعين'],
        one: ['موقّع واحد'],
        two: ['موقّعان'],
        few: ['#', ' موقّعين'],
        many: ['#', ' موقّعًا'],
        other: ['#', ' موقّع'],
      },
    ],
  ],
});
const PLURAL = '{count, plural, one {# signer} other {# signers}}';

describe('translations at run time (decision 0027)', () => {
  it('formats a language’s compiled messages, placeholders and plurals by that language’s rules', () => {
    const de = createI18n('de', GERMAN as never);
    expect(de._('Signed by {name}', { name: 'Dana' })).toBe('Unterschrieben von Dana');
    expect(de._(PLURAL, { count: 1 })).toBe('1 Unterzeichner');
    expect(de._(PLURAL, { count: 3 })).toBe('3 Unterzeichnende');
    const ar = createI18n('ar', ARABIC as never);
    expect([0, 1, 2, 3, 11, 100].map((count) => ar._(PLURAL, { count }))).toEqual([
      'لا موقّعين',
      'موقّع واحد',
      'موقّعان',
      '3 موقّعين',
      '11 موقّعًا',
      '100 موقّع',
    ]);
  });

  it('keeps each language to its own instance, so concurrent renders never mix them', async () => {
    const de = createI18n('de', GERMAN as never);
    const en = createI18n('en', {});
    const results = await Promise.all(
      Array.from({ length: 40 }, async (_, i) => {
        await new Promise((resolve) => setTimeout(resolve, i % 7));
        const i18n = i % 2 ? de : en;
        return [i18n.locale, i18n._('Signed by {name}', { name: 'Dana' })];
      }),
    );
    for (const [locale, text] of results) {
      expect(text).toBe(locale === 'de' ? 'Unterschrieben von Dana' : 'Signed by Dana');
    }
  });

  it('gives the server one instance per supported language, and English for anything else', () => {
    for (const tag of LANGUAGE_TAGS) {
      expect(serverI18n(tag).locale).toBe(tag);
      expect(serverI18n(tag)).toBe(serverI18n(tag));
    }
    for (const other of [null, undefined, '', 'xx', 'zh-TW', 42]) expect(serverI18n(other).locale).toBe('en');
  });

  it('loads a page catalog once and then has it at hand', async () => {
    expect(pageI18nIfLoaded('ja')).toBeNull();
    const [a, b] = await Promise.all([loadPageI18n('ja'), loadPageI18n('ja')]);
    expect(a).toBe(b);
    expect(a.locale).toBe('ja');
    expect(pageI18nIfLoaded('ja')).toBe(a);
  });
});
