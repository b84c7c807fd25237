import { describe, expect, it } from 'vitest';
import { formatPercentInput, parsePercentInput } from './percent-input';

describe('parsePercentInput', () => {
  it('reads percentages as basis points exactly', () => {
    expect(parsePercentInput('12.5')).toEqual({ ok: true, basisPoints: 1250 });
    expect(parsePercentInput('12,5 %')).toEqual({ ok: true, basisPoints: 1250 });
    expect(parsePercentInput('20')).toEqual({ ok: true, basisPoints: 2000 });
    expect(parsePercentInput('7.25')).toEqual({ ok: true, basisPoints: 725 });
    expect(parsePercentInput('0.29')).toEqual({ ok: true, basisPoints: 29 });
    expect(parsePercentInput('100')).toEqual({ ok: true, basisPoints: 10000 });
    expect(parsePercentInput('')).toEqual({ ok: true, basisPoints: 0 });
    expect(parsePercentInput('.5')).toEqual({ ok: true, basisPoints: 50 });
  });

  it('refuses what is not a rate between 0 and 100 with 2 decimals', () => {
    expect(parsePercentInput('12.345')).toEqual({ ok: false, message: 'Use at most 2 decimals, like 7.25.' });
    expect(parsePercentInput('100.01')).toEqual({ ok: false, message: 'A rate cannot be above 100 %.' });
    expect(parsePercentInput('5000')).toEqual({ ok: false, message: 'A rate cannot be above 100 %.' });
    expect(parsePercentInput('-1')).toEqual({ ok: false, message: 'A rate cannot be negative.' });
    for (const text of ['abc', '1.2.3', '.', '1e2']) expect(parsePercentInput(text).ok, text).toBe(false);
  });
});

describe('formatPercentInput', () => {
  it('writes the shortest exact form and round-trips', () => {
    expect(formatPercentInput(1250)).toBe('12.5');
    expect(formatPercentInput(2000)).toBe('20');
    expect(formatPercentInput(725)).toBe('7.25');
    expect(formatPercentInput(5)).toBe('0.05');
    expect(formatPercentInput(0)).toBe('0');
    for (const bp of [0, 1, 29, 725, 1250, 9999, 10000]) {
      expect(parsePercentInput(formatPercentInput(bp))).toEqual({ ok: true, basisPoints: bp });
    }
  });
});
