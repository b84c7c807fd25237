import { describe, expect, it } from 'vitest';
import { formatDecimal, parseDecimal } from './decimal-input';

describe('parseDecimal', () => {
  it('shifts digits exactly, never through a float', () => {
    expect(parseDecimal('1.5', 3)).toEqual({ ok: true, value: 1500 });
    expect(parseDecimal('2.5', 3)).toEqual({ ok: true, value: 2500 });
    expect(parseDecimal('0.001', 3)).toEqual({ ok: true, value: 1 });
    expect(parseDecimal('1.005', 3)).toEqual({ ok: true, value: 1005 });
    expect(parseDecimal('.5', 3)).toEqual({ ok: true, value: 500 });
    expect(parseDecimal('7.', 3)).toEqual({ ok: true, value: 7000 });
    expect(parseDecimal('4.35', 2)).toEqual({ ok: true, value: 435 });
  });

  it('reads grouping and decimal commas', () => {
    expect(parseDecimal('1,000', 3)).toEqual({ ok: true, value: 1_000_000 });
    expect(parseDecimal('1,234,567.5', 3)).toEqual({ ok: true, value: 1_234_567_500 });
    expect(parseDecimal('1.234,5', 3)).toEqual({ ok: true, value: 1_234_500 });
    expect(parseDecimal('12,5', 3)).toEqual({ ok: true, value: 12_500 });
    expect(parseDecimal(' 1 000 ', 3)).toEqual({ ok: true, value: 1_000_000 });
  });

  it('ignores trailing zeros beyond the allowed decimals but refuses real extra decimals', () => {
    expect(parseDecimal('1.5000', 3)).toEqual({ ok: true, value: 1500 });
    expect(parseDecimal('1.2345', 3)).toMatchObject({ ok: false, code: 'too_many_decimals' });
    expect(parseDecimal('1.5', 0)).toMatchObject({ ok: false, code: 'too_many_decimals' });
  });

  it('refuses what is not a non-negative number within the bound', () => {
    expect(parseDecimal('', 3)).toMatchObject({ ok: false, code: 'empty' });
    expect(parseDecimal('abc', 3)).toMatchObject({ ok: false, code: 'format' });
    expect(parseDecimal('1e3', 3)).toMatchObject({ ok: false, code: 'format' });
    expect(parseDecimal('.', 3)).toMatchObject({ ok: false, code: 'format' });
    expect(parseDecimal('1.2.3', 3)).toMatchObject({ ok: false, code: 'format' });
    expect(parseDecimal('-1', 3)).toMatchObject({ ok: false, code: 'negative' });
    expect(parseDecimal('1000001', 3, 10 ** 9)).toMatchObject({ ok: false, code: 'too_large' });
    expect(parseDecimal('1000000', 3, 10 ** 9)).toEqual({ ok: true, value: 10 ** 9 });
  });
});

describe('formatDecimal', () => {
  it('is the inverse of parseDecimal', () => {
    expect(formatDecimal(1500, 3)).toBe('1.5');
    expect(formatDecimal(1, 3)).toBe('0.001');
    expect(formatDecimal(2000, 3)).toBe('2');
    expect(formatDecimal(1250, 2, { trim: false })).toBe('12.50');
    expect(formatDecimal(7, 0)).toBe('7');
    for (const value of [0, 1, 999, 1000, 1001, 123_456_789]) {
      expect(parseDecimal(formatDecimal(value, 3), 3)).toEqual({ ok: true, value });
    }
  });
});
