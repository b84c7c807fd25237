import { z } from 'zod';
import type { I18n } from '../i18n/i18n';
import type { TPlanId } from '../plans';
import { ZVersionOrNone } from './common';
import { canonicalTimeZone, TIME_ZONE_MESSAGE } from './overview';

/**
 * Follow-up automation (issue 16): reminders to signers who have not signed, and warnings before
 * a proposal's valid-until date. Each proposal has its own settings, taken from the owner's
 * defaults when it is first sent; "days" are calendar days in the owner's time zone.
 */

/** The bounds of the numbers a person chooses; the server refuses anything outside them. */
export const FOLLOW_UP_LIMITS = {
  firstAfterDays: { min: 1, max: 30 },
  everyDays: { min: 1, max: 30 },
  maxReminders: { min: 1, max: 10 },
} as const;

/** Automatic mail goes out from this hour of the owner's day on (never at night). */
export const FOLLOW_UP_HOUR = 9;

/** How many days before the valid-until date the client signers are warned; the owner the day before. */
export const EXPIRY_WARNING_DAYS = [3, 1] as const;
export const OWNER_EXPIRY_WARNING_DAYS = 1;

const days = (what: string, { min, max }: { min: number; max: number }) =>
  z
    .number(`Enter a number of days ${what}.`)
    .int(`Use a whole number of days ${what}.`)
    .min(min, `Use at least ${min} day${min === 1 ? '' : 's'} ${what}.`)
    .max(max, `Use at most ${max} days ${what}.`);

export const ZFollowUpSettings = z.strictObject({
  /** Remind client signers who have not signed yet. */
  reminders: z.boolean('Say whether reminders go out.'),
  /** The first reminder, this many days after the signer got the proposal. */
  firstAfterDays: days('before the first reminder', FOLLOW_UP_LIMITS.firstAfterDays),
  /** Then one each this many days. */
  everyDays: days('between reminders', FOLLOW_UP_LIMITS.everyDays),
  /** At most this many reminders to one signer for one revision. */
  maxReminders: z
    .number('Enter how many reminders at most.')
    .int('Use a whole number of reminders.')
    .min(FOLLOW_UP_LIMITS.maxReminders.min, 'Send at least 1 reminder, or turn reminders off.')
    .max(FOLLOW_UP_LIMITS.maxReminders.max, `Send at most ${FOLLOW_UP_LIMITS.maxReminders.max} reminders.`),
  /** Warn client signers 3 days and 1 day before the valid-until date, and the owner the day before. */
  expiryWarnings: z.boolean('Say whether expiry warnings go out.'),
});
export type TFollowUpSettings = z.infer<typeof ZFollowUpSettings>;

/** What an owner who never chose gets: three days, then every four, five at most; warnings on. */
export const DEFAULT_FOLLOW_UP: TFollowUpSettings = {
  reminders: true,
  firstAfterDays: 3,
  everyDays: 4,
  maxReminders: 5,
  expiryWarnings: true,
};

/** Both kinds off: a proposal sent before follow-up existed, or on a plan without it. */
export const FOLLOW_UP_OFF: TFollowUpSettings = { ...DEFAULT_FOLLOW_UP, reminders: false, expiryWarnings: false };

export const ZTimeZone = z
  .string(TIME_ZONE_MESSAGE)
  .trim()
  .max(64, TIME_ZONE_MESSAGE)
  .transform((tz, ctx) => {
    const canonical = canonicalTimeZone(tz);
    if (canonical) return canonical;
    ctx.addIssue({ code: 'custom', message: TIME_ZONE_MESSAGE });
    return z.NEVER;
  });

/** Profile → Business profile → Follow-up: the defaults of every proposal sent from now on. */
export const ZFollowUpDefaultsPut = ZFollowUpSettings.extend({
  /** The owner's time zone: days and the sending hour count there. */
  timeZone: ZTimeZone,
  version: ZVersionOrNone,
});
export type TFollowUpDefaultsPut = z.input<typeof ZFollowUpDefaultsPut>;

/** One proposal's settings; `version` 0 when it has none of its own yet. */
export const ZProposalFollowUpPut = ZFollowUpSettings.extend({ version: ZVersionOrNone });
export type TProposalFollowUpPut = z.input<typeof ZProposalFollowUpPut>;

/** What the owner's plan says about follow-up: shown as disabled settings with an upgrade hint. */
export type TFollowUpPlan = { included: boolean; plan: TPlanId; upgradeTo: TPlanId | null };

export type TFollowUpDefaults = TFollowUpSettings & {
  /** The saved time zone; null until one is saved (days count in UTC meanwhile). */
  timeZone: string | null;
  /** 0 until first saved. */
  version: number;
  access: TFollowUpPlan;
};

/** Where one client signer stands in the automatic follow-up of the newest revision. */
export type TFollowUpSignerState =
  /** Their turn has not come (signing in order). */
  | 'not_yet'
  | 'waiting'
  | 'signed'
  /** They used the link in an automatic mail to stop them. */
  | 'stopped';

export type TFollowUpSigner = {
  id: string;
  name: string;
  email: string;
  state: TFollowUpSignerState;
  /** Automatic reminders sent to them for the newest revision. */
  remindersSent: number;
  /** The day (yyyy-mm-dd, owner's time zone) of the next automatic reminder, if one is planned. */
  nextReminderOn: string | null;
  stoppedAt: string | null;
};

/** GET /api/follow-up/proposals/:id: the proposal's settings and what they mean for each signer. */
export type TProposalFollowUp = {
  proposalId: string;
  /** The settings that apply: the proposal's own, or (never sent yet) the defaults it will take. */
  settings: TFollowUpSettings;
  /** The proposal has settings of its own (0: it takes the defaults when it is sent). */
  version: number;
  /** The owner's time zone (UTC until one is saved). */
  timeZone: string;
  /** The proposal is waiting for answers, so mail may go out. */
  active: boolean;
  access: TFollowUpPlan;
  signers: TFollowUpSigner[];
};

/** GET /api/follow-up/stop/:token: what the client's stop link is about. */
export type TFollowUpStopView = {
  title: string;
  senderName: string;
  /** The address the automatic mails go to, masked. */
  email: string;
  stopped: boolean;
};

/**
 * "Reminders after 3 days, then every 4 days, 5 at most; expiry warnings 3 days and 1 day before the
 * valid-until date": the settings in one line, in `i18n`'s language, each combination a whole sentence.
 */
export function describeFollowUp(i18n: I18n, s: TFollowUpSettings): string {
  const first = s.firstAfterDays;
  const every = s.everyDays;
  const max = s.maxReminders;
  if (!s.reminders) {
    return s.expiryWarnings
      ? i18n._('Expiry warnings 3 days and 1 day before the valid-until date')
      : i18n._('No automatic emails');
  }
  if (max === 1) {
    return s.expiryWarnings
      ? i18n._(
          '{first, plural, one {One reminder after # day; expiry warnings 3 days and 1 day before the valid-until date} other {One reminder after # days; expiry warnings 3 days and 1 day before the valid-until date}}',
          { first },
        )
      : i18n._('{first, plural, one {One reminder after # day} other {One reminder after # days}}', { first });
  }
  return s.expiryWarnings
    ? i18n._(
        'Reminders after {first, plural, one {# day} other {# days}}, then {every, plural, one {every day} other {every # days}}, {max} at most; expiry warnings 3 days and 1 day before the valid-until date',
        { first, every, max },
      )
    : i18n._(
        'Reminders after {first, plural, one {# day} other {# days}}, then {every, plural, one {every day} other {every # days}}, {max} at most',
        { first, every, max },
      );
}
