import { describe, expect, it } from 'vitest';
import { formatLongMonth, formatShortMonth, yearOf } from './format-month';

describe('month labels', () => {
  it('names the calendar month of yyyy-mm whatever the local time zone', () => {
    expect(formatShortMonth('2026-03')).toMatch(/^Mar/);
    expect(formatLongMonth('2025-12')).toMatch(/December.*2025/);
    expect(formatLongMonth('2026-01')).toMatch(/January.*2026/);
    expect(yearOf('2026-01')).toBe('2026');
  });
});
