import { DEFAULT_FOLLOW_UP } from '@draftwell/shared/workspace/follow-up';
import { describe, expect, it } from 'vitest';
import { addDays, dueFollowUps, localClock, reminderOutlook, type TScheduleInput } from './schedule';

const signer = { id: 's1', invitedAt: new Date('2027-03-01T15:00:00Z'), waiting: true, stopped: false };

const input = (patch: Partial<TScheduleInput>): TScheduleInput => ({
  now: new Date('2027-03-04T10:00:00Z'),
  timeZone: 'UTC',
  settings: DEFAULT_FOLLOW_UP,
  validUntil: '2027-04-30',
  sentAt: new Date('2027-03-01T15:00:00Z'),
  revisionNumber: 1,
  signers: [signer],
  sent: [],
  ...patch,
});

describe('the follow-up schedule', () => {
  it('reads days and hours in the owner’s time zone', () => {
    expect(localClock(new Date('2027-03-04T23:30:00Z'), 'Asia/Tokyo')).toEqual({ day: '2027-03-05', hour: 8 });
    expect(localClock(new Date('2027-03-04T23:30:00Z'), 'America/New_York')).toEqual({ day: '2027-03-04', hour: 18 });
    expect(addDays('2027-02-27', 3)).toBe('2027-03-02');
  });

  it('the first reminder on the Nth day from 9:00, then the cadence from the last one', () => {
    expect(dueFollowUps(input({ now: new Date('2027-03-03T23:00:00Z') }))).toEqual([]);
    expect(dueFollowUps(input({ now: new Date('2027-03-04T08:59:00Z') }))).toEqual([]);
    expect(dueFollowUps(input({}))).toEqual([
      { kind: 'reminder', recipient: 's1', round: '1', step: 1, daysLeft: null },
    ]);
    // Invited on the 1st in both zones; Tokyo's 9:30 on the 4th is 0:30 UTC: due there, not yet in UTC.
    const early = [{ ...signer, invitedAt: new Date('2027-03-01T05:00:00Z') }];
    const tokyoMorning = new Date('2027-03-04T00:30:00Z');
    expect(dueFollowUps(input({ now: tokyoMorning, timeZone: 'Asia/Tokyo', signers: early }))).toHaveLength(1);
    expect(dueFollowUps(input({ now: tokyoMorning, signers: early }))).toEqual([]);
    const one = { recipient: 's1', kind: 'reminder', round: '1', step: 1, sentAt: new Date('2027-03-10T10:00:00Z') };
    expect(dueFollowUps(input({ now: new Date('2027-03-13T10:00:00Z'), sent: [one] }))).toEqual([]);
    expect(dueFollowUps(input({ now: new Date('2027-03-14T10:00:00Z'), sent: [one] }))[0]).toMatchObject({ step: 2 });
  });

  it('after downtime, one reminder: the next, not one per missed day; none past the maximum', () => {
    expect(dueFollowUps(input({ now: new Date('2027-04-20T10:00:00Z') }))).toEqual([
      { kind: 'reminder', recipient: 's1', round: '1', step: 1, daysLeft: null },
    ]);
    const five = [1, 2, 3, 4, 5].map((step) => ({
      recipient: 's1',
      kind: 'reminder',
      round: '1',
      step,
      sentAt: new Date(`2027-03-0${step}T10:00:00Z`),
    }));
    expect(dueFollowUps(input({ now: new Date('2027-04-20T10:00:00Z'), sent: five }))).toEqual([]);
    expect(reminderOutlook(input({ sent: five }), signer)).toEqual({ remindersSent: 5, nextReminderOn: null });
    // A new revision is a new round.
    expect(dueFollowUps(input({ now: new Date('2027-04-20T10:00:00Z'), sent: five, revisionNumber: 2 }))).toHaveLength(
      1,
    );
  });

  it('expiry warnings for the days left now, one mail a day per signer, the owner the day before', () => {
    const at = (now: string, patch: Partial<TScheduleInput> = {}) =>
      dueFollowUps(input({ now: new Date(now), validUntil: '2027-03-20', ...patch }));
    expect(at('2027-03-16T10:00:00Z')).toEqual([
      { kind: 'reminder', recipient: 's1', round: '1', step: 1, daysLeft: null },
    ]);
    // Three days before: the warning, and the reminder due the same day waits for the next.
    expect(at('2027-03-17T10:00:00Z', { sent: [] }).map((m) => [m.kind, m.step, m.daysLeft])).toEqual([
      ['expiry_warning', 3, 3],
    ]);
    expect(at('2027-03-19T10:00:00Z').map((m) => [m.kind, m.recipient, m.step])).toEqual([
      ['expiry_warning', 's1', 1],
      ['expiry_warning', 'owner', 1],
    ]);
    expect(at('2027-03-21T10:00:00Z')).toEqual([]);
    // Received on the warning's day or after it: the signer was just told the date.
    expect(
      at('2027-03-17T10:00:00Z', { signers: [{ ...signer, invitedAt: new Date('2027-03-17T08:00:00Z') }] }),
    ).toEqual([]);
    expect(at('2027-03-19T10:00:00Z', { signers: [{ ...signer, stopped: true }] }).map((m) => m.recipient)).toEqual([
      'owner',
    ]);
  });
});
