import { describe, expect, it } from 'vitest';
import { formatMoneyInput, parseMoneyInput } from './money-input';

describe('parseMoneyInput', () => {
  it('reads two-decimal currencies exactly', () => {
    expect(parseMoneyInput('1234.50', 'EUR')).toEqual({ ok: true, minor: 123450 });
    expect(parseMoneyInput('1234.5', 'USD')).toEqual({ ok: true, minor: 123450 });
    expect(parseMoneyInput('1234', 'USD')).toEqual({ ok: true, minor: 123400 });
    expect(parseMoneyInput('.5', 'USD')).toEqual({ ok: true, minor: 50 });
    expect(parseMoneyInput('0', 'USD')).toEqual({ ok: true, minor: 0 });
  });

  it('has no floating point error where floats would have one', () => {
    // 0.29 * 100 is 28.999999999999996 and 1.005 * 100 is 100.49999999999999 as floats.
    expect(parseMoneyInput('0.29', 'EUR')).toEqual({ ok: true, minor: 29 });
    expect(parseMoneyInput('1.10', 'EUR')).toEqual({ ok: true, minor: 110 });
    expect(parseMoneyInput('4.35', 'EUR')).toEqual({ ok: true, minor: 435 });
    expect(parseMoneyInput('1.005', 'KWD')).toEqual({ ok: true, minor: 1005 });
    expect(parseMoneyInput('9999999.99', 'USD')).toEqual({ ok: true, minor: 999999999 });
  });

  it('handles zero-decimal and three-decimal currencies', () => {
    expect(parseMoneyInput('1500', 'JPY')).toEqual({ ok: true, minor: 1500 });
    expect(parseMoneyInput('1,500', 'JPY')).toEqual({ ok: true, minor: 1500 });
    expect(parseMoneyInput('1500.00', 'JPY')).toEqual({ ok: true, minor: 1500 });
    expect(parseMoneyInput('12.345', 'KWD')).toEqual({ ok: true, minor: 12345 });
    expect(parseMoneyInput('12.3', 'KWD')).toEqual({ ok: true, minor: 12300 });
    expect(parseMoneyInput('0.001', 'BHD')).toEqual({ ok: true, minor: 1 });
  });

  it('refuses more decimals than the currency has, saying how many it has', () => {
    const jpy = parseMoneyInput('1500.5', 'JPY');
    expect(jpy).toEqual({ ok: false, message: 'JPY has no decimals: enter a whole amount.' });
    const eur = parseMoneyInput('1.234', 'EUR');
    expect(eur.ok).toBe(false);
    expect(!eur.ok && eur.message).toBe('EUR has 2 decimals: use at most 2 after the point.');
    expect(parseMoneyInput('1.2345', 'KWD').ok).toBe(false);
  });

  it('accepts grouping and a decimal comma', () => {
    expect(parseMoneyInput('1,234.50', 'USD')).toEqual({ ok: true, minor: 123450 });
    expect(parseMoneyInput('1.234,50', 'EUR')).toEqual({ ok: true, minor: 123450 });
    expect(parseMoneyInput('12,5', 'EUR')).toEqual({ ok: true, minor: 1250 });
    expect(parseMoneyInput(' 1 234.50 ', 'EUR')).toEqual({ ok: true, minor: 123450 });
    expect(parseMoneyInput('1,000,000', 'USD')).toEqual({ ok: true, minor: 100000000 });
  });

  it('refuses what is not a price', () => {
    for (const text of ['', '   ', 'abc', '1.2.3', '12,34,5', '1e3', '0x10', '.', '1,23.45', 'NaN', 'Infinity']) {
      expect(parseMoneyInput(text, 'USD').ok, text).toBe(false);
    }
    expect(parseMoneyInput('', 'USD')).toEqual({ ok: false, message: 'Enter a price.' });
    expect(parseMoneyInput('-5', 'USD')).toEqual({ ok: false, message: 'A price cannot be negative.' });
    expect(parseMoneyInput('abc', 'USD')).toEqual({ ok: false, message: 'Enter a number, like 1234.50.' });
  });

  it('refuses a price above the largest the server stores', () => {
    expect(parseMoneyInput('100000000000', 'USD')).toEqual({ ok: true, minor: 10 ** 13 });
    expect(parseMoneyInput('100000000000.01', 'USD')).toEqual({ ok: false, message: 'That price is too large.' });
    expect(parseMoneyInput('99999999999999999999999', 'JPY')).toEqual({
      ok: false,
      message: 'That price is too large.',
    });
  });
});

describe('formatMoneyInput', () => {
  it('writes all of the currency decimals, with no symbol or grouping', () => {
    expect(formatMoneyInput(123450, 'EUR')).toBe('1234.50');
    expect(formatMoneyInput(5, 'USD')).toBe('0.05');
    expect(formatMoneyInput(0, 'USD')).toBe('0.00');
    expect(formatMoneyInput(1500, 'JPY')).toBe('1500');
    expect(formatMoneyInput(12345, 'KWD')).toBe('12.345');
    expect(formatMoneyInput(1, 'KWD')).toBe('0.001');
  });

  it('round-trips with parseMoneyInput', () => {
    for (const [minor, currency] of [
      [0, 'USD'],
      [1, 'EUR'],
      [99, 'GBP'],
      [123456789, 'USD'],
      [7, 'JPY'],
      [1005, 'KWD'],
      [10 ** 13, 'USD'],
    ] as const) {
      expect(parseMoneyInput(formatMoneyInput(minor, currency), currency)).toEqual({ ok: true, minor });
    }
  });
});
