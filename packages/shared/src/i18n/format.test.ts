import { describe, expect, it } from 'vitest';
import {
  currencyFractionDigits,
  currencyName,
  dateTimeFormat,
  formatCurrency,
  formatDate,
  formatDateToParts,
  formatList,
  formatNumber,
  formatRatioPercent,
  formatRelative,
  numberFormat,
  pluralCategory,
  resolveTimeZone,
  runtimeTimeZone,
} from './format';

// ICU writes some separators as no-break spaces (U+00A0, U+202F): compare with them as plain spaces.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');
// Arabic output carries direction marks and, depending on the ICU data, Arabic-Indic digits:
// compared with what the runtime's own formatter gives for the same options.
const MARCH_4_2026 = Date.UTC(2026, 2, 4);

describe('numbers', () => {
  it('groups and separates decimals as each locale does', () => {
    expect(formatNumber(12345.6, 'en-US')).toBe('12,345.6');
    expect(formatNumber(12345.6, 'de')).toBe('12.345,6');
    expect(formatNumber(12345.6, 'ja')).toBe('12,345.6');
    expect(formatNumber(12345.6, 'ar')).toBe(new Intl.NumberFormat('ar').format(12345.6));
  });

  it('writes ratios as percentages, to at most the digits asked for', () => {
    expect(formatRatioPercent(0.125, 'en-US')).toBe('12.5%');
    expect(plain(formatRatioPercent(0.125, 'de'))).toBe('12,5 %');
    expect(formatRatioPercent(0.125, 'ja')).toBe('12.5%');
    expect(formatRatioPercent(0.125, 'ar')).toBe(
      new Intl.NumberFormat('ar', { style: 'percent', maximumFractionDigits: 2 }).format(0.125),
    );
    expect(formatRatioPercent(2 / 3, 'en-US', 0)).toBe('67%');
  });

  it('writes money with the currency where the locale puts it', () => {
    expect(formatCurrency(1234.5, 'EUR', 'en-US')).toBe('€1,234.50');
    expect(plain(formatCurrency(1234.5, 'EUR', 'de'))).toBe('1.234,50 €');
    expect(formatCurrency(1234.5, 'EUR', 'ja')).toBe('€1,234.50');
    expect(formatCurrency(1234.5, 'EUR', 'ar')).toBe(
      new Intl.NumberFormat('ar', { style: 'currency', currency: 'EUR' }).format(1234.5),
    );
    expect(formatCurrency(90, 'USD', 'en-US', { minimumFractionDigits: 0, maximumFractionDigits: 2 })).toBe('$90');
  });

  it('knows each currency’s minor-unit digits, and falls back for a code the runtime refuses', () => {
    expect(currencyFractionDigits('USD')).toBe(2);
    expect(currencyFractionDigits('JPY')).toBe(0);
    expect(currencyFractionDigits('KWD')).toBe(3);
    expect(currencyFractionDigits('not a code', 2)).toBe(2);
  });

  it('names currencies in the locale, and gives null for one it does not know', () => {
    expect(currencyName('EUR', 'en-US')).toBe('Euro');
    expect(currencyName('EUR', 'de')).toBe('Euro');
    expect(currencyName('EUR', 'ja')).toBe('ユーロ');
    expect(currencyName('EUR', 'ar')).toBe('يورو');
    expect(currencyName('XYZ', 'de')).toBeNull();
    expect(currencyName('EUR', 'not a locale!')).toBeNull();
  });

  it('picks plural categories by the locale’s rules', () => {
    expect([1, 2, 5].map((n) => pluralCategory(n, 'en-US'))).toEqual(['one', 'other', 'other']);
    expect([1, 2, 5].map((n) => pluralCategory(n, 'de'))).toEqual(['one', 'other', 'other']);
    expect([1, 2, 5].map((n) => pluralCategory(n, 'ja'))).toEqual(['other', 'other', 'other']);
    expect([1, 2, 5].map((n) => pluralCategory(n, 'ar'))).toEqual(['one', 'two', 'few']);
  });

  it('joins lists as the locale does', () => {
    expect(formatList(['a', 'b', 'c'], 'en-US')).toBe('a, b, and c');
    expect(formatList(['a', 'b', 'c'], 'de')).toBe('a, b und c');
    expect(formatList(['a', 'b', 'c'], 'ja')).toBe('a、b、c');
    expect(formatList(['a', 'b'], 'en-US', 'disjunction')).toBe('a or b');
    expect(formatList(['a', 'b', 'c'], 'ar')).toContain('و');
  });
});

describe('dates and times', () => {
  it('writes a date with the options given', () => {
    const long = { dateStyle: 'long', timeZone: 'UTC' } as const;
    expect(formatDate(MARCH_4_2026, 'en-US', long)).toBe('March 4, 2026');
    expect(formatDate(MARCH_4_2026, 'de', long)).toBe('4. März 2026');
    expect(formatDate(MARCH_4_2026, 'ja', long)).toBe('2026年3月4日');
    expect(formatDate(new Date(MARCH_4_2026), 'ar', long)).toBe(
      new Intl.DateTimeFormat('ar', long).format(MARCH_4_2026),
    );
    expect(formatDate(MARCH_4_2026, 'ar', long)).toContain('مارس');
  });

  it('gives a zone’s calendar parts', () => {
    const parts = formatDateToParts(Date.UTC(2026, 2, 4, 23, 30), 'en-US', {
      timeZone: 'Asia/Tokyo',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      hourCycle: 'h23',
    });
    const byType = Object.fromEntries(parts.map((p) => [p.type, p.value]));
    expect(byType).toMatchObject({ year: '2026', month: '03', day: '05', hour: '08' });
  });

  it('writes relative times, in words where the locale has them', () => {
    expect(formatRelative(-1, 'day', 'en-US')).toBe('yesterday');
    expect(formatRelative(-3, 'minute', 'en-US')).toBe('3 minutes ago');
    expect(formatRelative(-1, 'day', 'en-US', 'always')).toBe('1 day ago');
    expect(formatRelative(-1, 'day', 'de')).toBe('gestern');
    expect(formatRelative(-3, 'minute', 'de')).toBe('vor 3 Minuten');
    expect(formatRelative(-1, 'day', 'ja')).toBe('昨日');
    expect(formatRelative(-1, 'day', 'ar')).toBe('أمس');
  });
});

describe('time zones', () => {
  it('spells a zone as the runtime does, and throws for an unknown one', () => {
    expect(resolveTimeZone('europe/paris')).toBe('Europe/Paris');
    expect(resolveTimeZone('UTC')).toBe('UTC');
    expect(() => resolveTimeZone('Mars/Olympus_Mons')).toThrow(RangeError);
  });

  it('names the runtime’s own zone', () => {
    expect(runtimeTimeZone()).toBe(new Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC');
  });
});

describe('caching', () => {
  it('keeps one formatter per locale and options', () => {
    expect(numberFormat('de', { style: 'percent' })).toBe(numberFormat('de', { style: 'percent' }));
    expect(numberFormat('de', { style: 'percent' })).not.toBe(numberFormat('en-US', { style: 'percent' }));
    expect(numberFormat('de', { style: 'percent' })).not.toBe(numberFormat('de'));
    expect(dateTimeFormat('ja', { dateStyle: 'long' })).toBe(dateTimeFormat('ja', { dateStyle: 'long' }));
    expect(dateTimeFormat('ja', { dateStyle: 'long' })).not.toBe(dateTimeFormat('ja', { dateStyle: 'short' }));
  });

  it('does not mix locales, whichever is asked for first', () => {
    const long = { dateStyle: 'long', timeZone: 'UTC' } as const;
    const rounds = ['de', 'en-US', 'ja', 'ar', 'de', 'en-US'].map((locale) => ({
      locale,
      date: formatDate(MARCH_4_2026, locale, long),
      number: formatNumber(1234.5, locale),
      relative: formatRelative(-1, 'day', locale),
      list: formatList(['a', 'b'], locale),
    }));
    for (const round of rounds) {
      expect(round.date).toBe(new Intl.DateTimeFormat(round.locale, long).format(MARCH_4_2026));
      expect(round.number).toBe(new Intl.NumberFormat(round.locale).format(1234.5));
      expect(round.relative).toBe(new Intl.RelativeTimeFormat(round.locale, { numeric: 'auto' }).format(-1, 'day'));
      expect(round.list).toBe(new Intl.ListFormat(round.locale).format(['a', 'b']));
    }
    expect(rounds[0]!.date).toBe('4. März 2026');
    expect(rounds[1]!.date).toBe('March 4, 2026');
    expect(rounds[4]).toEqual(rounds[0]);
  });

  it('does not keep a formatter the runtime refused', () => {
    expect(() => formatDate(0, 'en-US', { timeZone: 'Nowhere/Land' })).toThrow(RangeError);
    expect(() => formatDate(0, 'en-US', { timeZone: 'Nowhere/Land' })).toThrow(RangeError);
  });
});
