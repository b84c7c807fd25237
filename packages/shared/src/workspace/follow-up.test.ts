import { describe, expect, it } from 'vitest';
import { messages as laterGerman } from '../i18n/catalogs/page-later/de';
import { englishI18n } from '../i18n/english';
import { createI18n } from '../i18n/i18n';
import { DEFAULT_FOLLOW_UP, describeFollowUp, FOLLOW_UP_OFF, type TFollowUpSettings } from './follow-up';

const settings = (patch: Partial<TFollowUpSettings>): TFollowUpSettings => ({ ...DEFAULT_FOLLOW_UP, ...patch });

describe('describeFollowUp', () => {
  it('says the settings in one line, in English', () => {
    expect(describeFollowUp(englishI18n, DEFAULT_FOLLOW_UP)).toBe(
      'Reminders after 3 days, then every 4 days, 5 at most; expiry warnings 3 days and 1 day before the valid-until date',
    );
    expect(
      describeFollowUp(
        englishI18n,
        settings({ firstAfterDays: 1, everyDays: 1, maxReminders: 2, expiryWarnings: false }),
      ),
    ).toBe('Reminders after 1 day, then every day, 2 at most');
    expect(describeFollowUp(englishI18n, settings({ firstAfterDays: 1, maxReminders: 1 }))).toBe(
      'One reminder after 1 day; expiry warnings 3 days and 1 day before the valid-until date',
    );
    expect(describeFollowUp(englishI18n, settings({ maxReminders: 1, expiryWarnings: false }))).toBe(
      'One reminder after 3 days',
    );
    expect(describeFollowUp(englishI18n, settings({ reminders: false }))).toBe(
      'Expiry warnings 3 days and 1 day before the valid-until date',
    );
    expect(describeFollowUp(englishI18n, FOLLOW_UP_OFF)).toBe('No automatic emails');
  });

  it('says it in German, with no English left', () => {
    const german = createI18n('de', laterGerman);
    const lines = [
      DEFAULT_FOLLOW_UP,
      settings({ firstAfterDays: 1, everyDays: 1, maxReminders: 2, expiryWarnings: false }),
      settings({ firstAfterDays: 1, maxReminders: 1 }),
      settings({ maxReminders: 1, expiryWarnings: false }),
      settings({ reminders: false }),
      FOLLOW_UP_OFF,
    ].map((s) => describeFollowUp(german, s));
    expect(lines[0]).toBe(
      'Erinnerungen nach 3 Tagen, dann alle 4 Tage, höchstens 5; Ablaufhinweise 3 Tage und 1 Tag vor Ablauf der Gültigkeit',
    );
    expect(lines[1]).toBe('Erinnerungen nach 1 Tag, dann täglich, höchstens 2');
    for (const line of lines) {
      expect(line).not.toMatch(/\b(reminders?|after|every|days?|expiry|warnings?|valid|automatic|emails?|at most)\b/i);
    }
  });
});
