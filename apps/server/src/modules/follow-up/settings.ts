import { PLANS, type TPlanId } from '@draftwell/shared/plans';
import { DEFAULT_FOLLOW_UP, FOLLOW_UP_OFF, type TFollowUpSettings } from '@draftwell/shared/workspace/follow-up';
import { eq } from 'drizzle-orm';
import { planOf } from '../billing/plan';
import type { TDb } from '../../db/client';
import { followUpDefaults, proposalFollowUps } from '../../db/schema';

type TSettingsRow = Pick<
  typeof proposalFollowUps.$inferSelect,
  'reminders' | 'firstAfterDays' | 'everyDays' | 'maxReminders' | 'expiryWarnings'
>;

export const settingsOf = (row: TSettingsRow): TFollowUpSettings => ({
  reminders: row.reminders,
  firstAfterDays: row.firstAfterDays,
  everyDays: row.everyDays,
  maxReminders: row.maxReminders,
  expiryWarnings: row.expiryWarnings,
});

/** The owner's defaults as saved, or the built-in ones; and their time zone (null: none saved). */
export async function ownerDefaults(
  db: TDb,
  ownerId: string,
): Promise<{ settings: TFollowUpSettings; timeZone: string | null; version: number }> {
  const [row] = await db.select().from(followUpDefaults).where(eq(followUpDefaults.ownerId, ownerId));
  return row
    ? { settings: settingsOf(row), timeZone: row.timeZone, version: row.version }
    : { settings: DEFAULT_FOLLOW_UP, timeZone: null, version: 0 };
}

/**
 * At a proposal's first send (in its transaction): its settings from the owner's defaults, unless
 * the owner set some already. On a plan without follow-up it is off, so an upgrade later does not
 * start mailing clients about proposals sent before it.
 */
export async function ensureProposalFollowUp(
  tx: TDb,
  args: { proposalId: string; ownerId: string; defaultPlan: TPlanId },
): Promise<void> {
  const [existing] = await tx
    .select({ id: proposalFollowUps.proposalId })
    .from(proposalFollowUps)
    .where(eq(proposalFollowUps.proposalId, args.proposalId));
  if (existing) return;
  const plan = await planOf(tx, args.defaultPlan, args.ownerId);
  const settings = PLANS[plan].features.viewAnalyticsAndReminders
    ? (await ownerDefaults(tx, args.ownerId)).settings
    : FOLLOW_UP_OFF;
  await tx
    .insert(proposalFollowUps)
    .values({ proposalId: args.proposalId, ownerId: args.ownerId, ...settings })
    .onConflictDoNothing({ target: proposalFollowUps.proposalId });
}
