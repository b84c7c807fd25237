import { formatCalendarDate } from '@draftwell/shared/document/variables';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from './relative-time';

describe('formatDateTime', () => {
  it('reads like the proposal’s dates: the same long date, whatever the browser’s language', () => {
    // Noon UTC is the same calendar day in every time zone the test may run in (±11 h).
    const shown = formatDateTime('2027-03-04T12:00:00.000Z');
    expect(shown.startsWith(`${formatCalendarDate('2027-03-04')} at `)).toBe(true);
    expect(shown).toMatch(/^March 4, 2027 at \d{1,2}:\d{2}\s?[AP]M$/);
  });

  it('gives back what is not a time', () => {
    expect(formatDateTime('soon')).toBe('soon');
  });
});
