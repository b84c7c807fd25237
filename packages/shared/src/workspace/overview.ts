import { z } from 'zod';
import type { TKindTotals } from '../document/display';
import type { TProposalStatus } from './proposals';
import { resolveTimeZone } from '../i18n/format';

/** How many calendar months the overview's chart covers, the current one included. */
export const OVERVIEW_MONTHS = 12;
/** How many events the overview's recent activity lists. */
export const OVERVIEW_ACTIVITY_LIMIT = 10;

/**
 * The IANA name of a time zone the runtime knows, as the runtime spells it (`europe/paris` →
 * `Europe/Paris`), or null. Offsets (`+01:00`), which newer runtimes accept, are refused:
 * PostgreSQL reads them with the POSIX sign, the opposite of ISO 8601.
 */
export function canonicalTimeZone(name: string): string | null {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(name)) return null;
  try {
    const resolved = resolveTimeZone(name);
    return /^[A-Za-z]/.test(resolved) ? resolved : null;
  } catch {
    return null;
  }
}

export const TIME_ZONE_MESSAGE = 'Use an IANA time zone name, like Europe/Paris or America/New_York.';

export const ZOverviewQuery = z.strictObject({
  tz: z
    .string(TIME_ZONE_MESSAGE)
    .max(64, TIME_ZONE_MESSAGE)
    .transform((tz, ctx) => {
      const canonical = canonicalTimeZone(tz);
      if (canonical) return canonical;
      ctx.addIssue({ code: 'custom', message: TIME_ZONE_MESSAGE });
      return z.NEVER;
    })
    .default('UTC'),
});
export type TOverviewQuery = z.output<typeof ZOverviewQuery>;

/**
 * What clients accepted in one currency, per billing kind, in minor units: the one-off total and
 * the recurring ones (issue 24: a retainer is worth its monthly total too). Amounts in different
 * currencies are never added up.
 */
export type TAcceptedValue = { currency: string } & TKindTotals;

export type TOverviewMonth = {
  /** yyyy-mm, in the time zone asked for. */
  month: string;
  /** Proposals created in the month. */
  created: number;
  /** Proposals (last) sent in the month, whatever their status now. */
  sent: number;
  /** Proposals accepted in the month. */
  accepted: number;
  /**
   * The month's acceptances as the clients accepted them (their options and quantities, as on the
   * certificate), one-off and recurring, per currency of the accepted revision, largest first by
   * a first year's worth (one-off + 12 × monthly + yearly).
   */
  acceptedValue: TAcceptedValue[];
};

export const ACTIVITY_KINDS = ['created', 'sent', 'viewed', 'accepted', 'declined', 'expired'] as const;
export type TActivityKind = (typeof ACTIVITY_KINDS)[number];

export type TOverviewActivity = {
  kind: TActivityKind;
  /** ISO 8601, UTC. */
  at: string;
  proposalId: string;
  number: string;
  title: string;
  /** The client's name (or company) as put on the proposal; null when none was given. */
  clientName: string | null;
  /** The proposal's status now: drafts open in the editor, the others in the proposal view. */
  status: TProposalStatus;
};

/** GET /api/overview: the dashboard's summary of the signed-in user's proposals. */
export type TOverview = {
  /** The time zone the months were cut in (canonical IANA name). */
  timeZone: string;
  counts: Record<TProposalStatus, number> & { total: number };
  /** accepted ÷ (accepted + declined), 0..1; null while nothing was decided. */
  winRate: number | null;
  /** The proposals accepted this calendar month, as accepted (see TOverviewMonth), per currency, largest first, with how many. */
  acceptedThisMonth: Array<TAcceptedValue & { count: number }>;
  /** Exactly OVERVIEW_MONTHS entries, oldest first, the current month last. */
  months: TOverviewMonth[];
  /** Newest first, at most OVERVIEW_ACTIVITY_LIMIT. */
  activity: TOverviewActivity[];
};
