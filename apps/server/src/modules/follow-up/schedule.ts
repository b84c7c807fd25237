import { formatDateToParts } from '@draftwell/shared/i18n/format';
import {
  EXPIRY_WARNING_DAYS,
  FOLLOW_UP_HOUR,
  OWNER_EXPIRY_WARNING_DAYS,
  type TFollowUpSettings,
} from '@draftwell/shared/workspace/follow-up';

/**
 * When automatic follow-up mail is due, as a pure function of one proposal's state and a clock:
 * the sweep sends what it returns, the owner's page shows the next dates. "Days" are calendar days
 * in the owner's time zone, and nothing is due before FOLLOW_UP_HOUR there.
 *
 * Catching up after downtime: every rule looks at the last mail actually sent, never at each day
 * that passed, so a server that was down for two weeks sends one reminder (the next one), not one
 * per missed day, and of two expiry warnings only the one for the days now left.
 */

export type TFollowUpKind = 'reminder' | 'expiry_warning';

/** One mail, keyed as in `follow_up_mails`: the unique key that makes it go once. */
export type TDueMail = {
  kind: TFollowUpKind;
  /** A signer's id, or 'owner'. */
  recipient: string;
  round: string;
  step: number;
  /** Expiry warnings: whole days left until the valid-until date (0: it is the last day). */
  daysLeft: number | null;
};

export type TSentMail = { recipient: string; kind: string; round: string; step: number; sentAt: Date };

export type TScheduleSigner = {
  id: string;
  /** When their link was last emailed (sent, revised, reissued or reminded by the owner). */
  invitedAt: Date | null;
  /** Their turn has come on the newest revision and they have not signed it (client signers only). */
  waiting: boolean;
  stopped: boolean;
};

export type TScheduleInput = {
  now: Date;
  timeZone: string;
  settings: TFollowUpSettings;
  validUntil: string | null;
  /** When the proposal was (last) sent: the owner is only warned about a proposal out before the warning's day. */
  sentAt: Date | null;
  revisionNumber: number;
  signers: TScheduleSigner[];
  sent: TSentMail[];
};

// Parts for arithmetic, not display: en-US's numeric parts, on a 24-hour clock.
const CLOCK_PARTS = {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  hourCycle: 'h23',
} as const satisfies Intl.DateTimeFormatOptions;

/** The calendar day (yyyy-mm-dd) and hour of an instant in a time zone. */
export function localClock(at: Date, timeZone: string): { day: string; hour: number } {
  const parts = Object.fromEntries(
    formatDateToParts(at, 'en-US', { ...CLOCK_PARTS, timeZone }).map((p) => [p.type, p.value]),
  );
  return { day: `${parts.year}-${parts.month}-${parts.day}`, hour: Number(parts.hour) % 24 };
}

export const localDay = (at: Date, timeZone: string) => localClock(at, timeZone).day;

/** Days since 1970-01-01 of a yyyy-mm-dd date (no time zone involved). */
export function dayNumber(ymd: string): number {
  const [y, m, d] = ymd.split('-').map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d) / 86_400_000;
}

export function addDays(ymd: string, days: number): string {
  return new Date((dayNumber(ymd) + days) * 86_400_000).toISOString().slice(0, 10);
}

const later = (a: Date, b: Date) => (a > b ? a : b);

/** The reminders sent to a signer for this revision, and the day the next one is due (null: none left). */
function reminderPlan(input: TScheduleInput, signer: TScheduleSigner): { count: number; nextOn: string | null } {
  const { settings, timeZone } = input;
  const mine = input.sent.filter(
    (s) => s.kind === 'reminder' && s.recipient === signer.id && s.round === String(input.revisionNumber),
  );
  if (!signer.invitedAt || mine.length >= settings.maxReminders) return { count: mine.length, nextOn: null };
  if (mine.length === 0) {
    return { count: 0, nextOn: addDays(localDay(signer.invitedAt, timeZone), settings.firstAfterDays) };
  }
  // From the last contact: the last automatic reminder, or a later invitation (the owner's own reminder).
  const last = mine.reduce((a, s) => later(a, s.sentAt), mine[0]!.sentAt);
  return { count: mine.length, nextOn: addDays(localDay(later(last, signer.invitedAt), timeZone), settings.everyDays) };
}

/** The proposal is open on the server's clock: its valid-until day (UTC, as expiry counts it) has not passed. */
const stillValid = (input: TScheduleInput) =>
  input.validUntil === null || input.validUntil >= input.now.toISOString().slice(0, 10);

/** Every automatic mail due now; at most one a day to each signer (a warning before a reminder). */
export function dueFollowUps(input: TScheduleInput): TDueMail[] {
  const { now, timeZone, settings, validUntil } = input;
  const clock = localClock(now, timeZone);
  if (clock.hour < FOLLOW_UP_HOUR || !stillValid(input)) return [];
  const mailedToday = new Set(
    input.sent.filter((s) => localDay(s.sentAt, timeZone) === clock.day).map((s) => s.recipient),
  );
  const due: TDueMail[] = [];
  const has = (recipient: string, kind: TFollowUpKind, round: string, step: number) =>
    input.sent.some((s) => s.recipient === recipient && s.kind === kind && s.round === round && s.step === step);
  const waiting = input.signers.filter((s) => s.waiting && !s.stopped && s.invitedAt);

  if (settings.expiryWarnings && validUntil !== null) {
    const daysLeft = dayNumber(validUntil) - dayNumber(clock.day);
    // The warning whose day has come and not passed: 3 days before, or (from the day before) 1 day before.
    const step = [...EXPIRY_WARNING_DAYS].sort((a, b) => a - b).find((d) => daysLeft >= 0 && daysLeft <= d);
    if (step !== undefined) {
      const warningDay = addDays(validUntil, -step);
      for (const signer of waiting) {
        // A signer who got the proposal on or after the warning's day was just told its date.
        if (localDay(signer.invitedAt!, timeZone) >= warningDay) continue;
        if (has(signer.id, 'expiry_warning', validUntil, step) || mailedToday.has(signer.id)) continue;
        due.push({ kind: 'expiry_warning', recipient: signer.id, round: validUntil, step, daysLeft });
        mailedToday.add(signer.id);
      }
      const ownerDay = addDays(validUntil, -OWNER_EXPIRY_WARNING_DAYS);
      if (
        daysLeft <= OWNER_EXPIRY_WARNING_DAYS &&
        input.sentAt &&
        localDay(input.sentAt, timeZone) < ownerDay &&
        !has('owner', 'expiry_warning', validUntil, OWNER_EXPIRY_WARNING_DAYS)
      ) {
        due.push({
          kind: 'expiry_warning',
          recipient: 'owner',
          round: validUntil,
          step: OWNER_EXPIRY_WARNING_DAYS,
          daysLeft,
        });
      }
    }
  }

  if (settings.reminders) {
    for (const signer of waiting) {
      const plan = reminderPlan(input, signer);
      if (plan.nextOn === null || plan.nextOn > clock.day || mailedToday.has(signer.id)) continue;
      due.push({
        kind: 'reminder',
        recipient: signer.id,
        round: String(input.revisionNumber),
        step: plan.count + 1,
        daysLeft: null,
      });
      mailedToday.add(signer.id);
    }
  }
  return due;
}

/**
 * For the owner's page: how many reminders a signer got for this revision, and the day of the next
 * one (null when none is planned: reminders off, none left, not waiting, stopped, or past the date).
 */
export function reminderOutlook(
  input: TScheduleInput,
  signer: TScheduleSigner,
): { remindersSent: number; nextReminderOn: string | null } {
  const plan = reminderPlan(input, signer);
  if (!input.settings.reminders || !signer.waiting || signer.stopped || plan.nextOn === null || !stillValid(input)) {
    return { remindersSent: plan.count, nextReminderOn: null };
  }
  const clock = localClock(input.now, input.timeZone);
  // Due already: today if the sending hour has not come yet or nothing went today, else tomorrow.
  const mailedToday = input.sent.some(
    (s) => s.recipient === signer.id && localDay(s.sentAt, input.timeZone) === clock.day,
  );
  const next = plan.nextOn > clock.day ? plan.nextOn : mailedToday ? addDays(clock.day, 1) : clock.day;
  if (input.validUntil !== null && next > input.validUntil) return { remindersSent: plan.count, nextReminderOn: null };
  return { remindersSent: plan.count, nextReminderOn: next };
}
