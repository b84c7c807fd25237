import { describe, expect, it } from 'vitest';
import { formatDuration, isoDateInDays, shortHash } from './format';

describe('proposal view formats', () => {
  it('time on page reads as seconds, minutes or hours', () => {
    expect(formatDuration(0)).toBe('0 s');
    expect(formatDuration(42)).toBe('42 s');
    expect(formatDuration(60)).toBe('1 min');
    expect(formatDuration(185)).toBe('3 min 5 s');
    expect(formatDuration(3600)).toBe('1 h');
    expect(formatDuration(3840)).toBe('1 h 4 min');
    expect(formatDuration(-5)).toBe('0 s');
  });

  it('hashes are shortened in lists only when long', () => {
    expect(shortHash('a'.repeat(64))).toBe(`${'a'.repeat(12)}…aaaa`);
    expect(shortHash('abc')).toBe('abc');
  });

  it('dates in days cross months and years in UTC', () => {
    expect(isoDateInDays(14, '2026-12-25')).toBe('2027-01-08');
    expect(isoDateInDays(0, '2026-02-28')).toBe('2026-02-28');
  });
});
