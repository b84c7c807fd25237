import { describe, expect, it } from 'vitest';
import { daysUntil, formatLocalDate, formatLocalDateTime } from './format';

describe('daysUntil', () => {
  it('counts calendar days from today', () => {
    const today = new Date(2027, 2, 4, 23, 30);
    expect(daysUntil('2027-03-04', today)).toBe(0);
    expect(daysUntil('2027-03-05', today)).toBe(1);
    expect(daysUntil('2027-04-03', today)).toBe(30);
    expect(daysUntil('2027-03-01', today)).toBe(-3);
  });

  it('counts from UTC’s calendar when asked, as a page the server rendered does until hydrated', () => {
    // 23:30 on March 4 in UTC is already March 5 east of it, and still March 4 west of it.
    const instant = new Date('2027-03-04T23:30:00.000Z');
    expect(daysUntil('2027-03-05', instant, 'UTC')).toBe(1);
    expect(daysUntil('2027-03-04', instant, 'UTC')).toBe(0);
  });
});

describe('formatLocalDate, formatLocalDateTime', () => {
  it('write an instant in UTC when asked, whatever the reader’s zone', () => {
    const iso = '2027-03-04T23:30:00.000Z';
    expect(formatLocalDate(iso, 'en-US', 'UTC')).toBe('March 4, 2027');
    expect(formatLocalDateTime(iso, 'en-GB', 'UTC')).toBe('4 March 2027 at 23:30');
  });
});
