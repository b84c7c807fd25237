import { describe, expect, it } from 'vitest';
import { formatCalendarDate } from './variables';
import { documentLocale, moneyLocale, readerLocale } from './locale';
import { formatMoney } from '../money';

describe('the locale a reader gets dates and money in (issue 25)', () => {
  it('keeps the sender’s date format in English and where it is of the language; else the language’s own', () => {
    expect(readerLocale('en', 'en-GB')).toBe('en-GB');
    expect(readerLocale('en', 'de-DE')).toBe('de-DE');
    expect(readerLocale('de', 'de-AT')).toBe('de-AT');
    expect(readerLocale('pt-BR', 'pt-PT')).toBe('pt-PT');
    expect(readerLocale('de', 'en-US')).toBe('de');
    expect(readerLocale('ja', 'fr-FR')).toBe('ja');
    expect(formatCalendarDate('2026-12-31', readerLocale('de', 'en-US'))).toBe('31. Dezember 2026');
    expect(formatCalendarDate('2026-12-31', readerLocale('ja', 'en-US'))).toBe('2026年12月31日');
    expect(formatCalendarDate('2026-12-31', readerLocale('en', documentLocale('en-GB')))).toBe('31 December 2026');
  });

  it('writes money as en-US in English, else as the language does', () => {
    expect(moneyLocale('en')).toBe('en-US');
    expect(formatMoney(150_000, 'EUR', moneyLocale('en'))).toBe('€1,500');
    expect(formatMoney(150_000, 'EUR', moneyLocale('de'))).toMatch(/^1\.500\s€$/);
    expect(formatMoney(150_050, 'EUR', moneyLocale('fr'))).toMatch(/^1\s500,50\s€$/);
    expect(formatMoney(150_000, 'JPY', moneyLocale('ja'))).toBe('￥150,000');
  });
});
