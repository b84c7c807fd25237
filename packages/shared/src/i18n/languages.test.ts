import { describe, expect, it } from 'vitest';
import {
  APP_LANGUAGE_TAGS,
  closestAppLanguage,
  closestLanguage,
  supportedAppLanguage,
  LANGUAGE_TAGS,
  LANGUAGES,
  languageChoiceLabel,
  languageInfo,
  languageOf,
  supportedLanguage,
} from './languages';

describe('the supported languages', () => {
  it('are the sixteen of issue 25, each a tag Intl knows as written, with a direction', () => {
    expect(LANGUAGE_TAGS).toEqual([
      'en',
      'de',
      'fr',
      'es',
      'it',
      'pt-BR',
      'nl',
      'pl',
      'sv',
      'tr',
      'ja',
      'zh-CN',
      'ko',
      'ar',
      'he',
      'hi',
    ]);
    for (const { tag, dir } of LANGUAGES) {
      expect(Intl.getCanonicalLocales(tag)).toEqual([tag]);
      expect(dir).toBe(tag === 'ar' || tag === 'he' ? 'rtl' : 'ltr');
    }
  });

  it('match a tag as BCP 47 compares them, and nothing else', () => {
    expect(supportedLanguage('pt-br')).toBe('pt-BR');
    expect(supportedLanguage('ZH_cn')).toBe('zh-CN');
    expect(supportedLanguage(' ja ')).toBe('ja');
    for (const other of ['pt', 'zh-TW', 'de-DE', 'xx', '', 'x'.repeat(36), 42, null, undefined, ['de']]) {
      expect(supportedLanguage(other)).toBeNull();
    }
    expect(languageOf(undefined)).toBe('en');
    expect(languageOf('he')).toBe('he');
  });

  it('find the closest to a browser’s preferences, never a Traditional Chinese reader’s Simplified', () => {
    expect(closestLanguage(['de-AT', 'en'])).toBe('de');
    expect(closestLanguage(['pt-PT'])).toBe('pt-BR');
    expect(closestLanguage(['zh-Hans-CN'])).toBe('zh-CN');
    expect(closestLanguage(['zh'])).toBe('zh-CN');
    expect(closestLanguage(['zh-TW', 'ja'])).toBe('ja');
    expect(closestLanguage(['zh-Hant'])).toBeNull();
    expect(closestLanguage(['fi', 'sv-FI'])).toBe('sv');
    expect(closestLanguage([])).toBeNull();
  });

  it('are offered by their own name, with the English one beside it', () => {
    expect(languageChoiceLabel(languageInfo('en'))).toBe('English');
    expect(languageChoiceLabel(languageInfo('ja'))).toBe('日本語 (Japanese)');
    expect(languageChoiceLabel(languageInfo('ar'))).toBe('العربية (Arabic)');
  });
});

describe('the app’s languages (issue 25 part 7)', () => {
  it('are six of the supported ones, English first', () => {
    expect(APP_LANGUAGE_TAGS).toEqual(['en', 'de', 'fr', 'es', 'pt-BR', 'ja']);
    for (const tag of APP_LANGUAGE_TAGS) expect(LANGUAGE_TAGS).toContain(tag);
  });

  it('take a value only when it names one of them', () => {
    expect(supportedAppLanguage('DE')).toBe('de');
    expect(supportedAppLanguage('pt_br')).toBe('pt-BR');
    for (const value of ['it', 'ar', 'pt', '', null, 7, 'de-DE']) expect(supportedAppLanguage(value)).toBeNull();
  });

  it('follow the browser to the first of its languages the app speaks, else English', () => {
    expect(closestAppLanguage(['de-AT', 'en'])).toBe('de');
    expect(closestAppLanguage(['it-IT', 'fr-CH', 'de'])).toBe('fr');
    expect(closestAppLanguage(['pt-PT'])).toBe('pt-BR');
    expect(closestAppLanguage(['ja-JP'])).toBe('ja');
    expect(closestAppLanguage(['ar', 'ko'])).toBe('en');
    expect(closestAppLanguage([])).toBe('en');
  });
});
