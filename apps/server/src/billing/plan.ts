import {
  PAID_STATUSES,
  PLAN_IDS,
  type TBillingInterval,
  type TPlanId,
  type TRevisionSnapshot,
  type TSubscriptionView,
} from '@draftwell/shared';
import { PLANS } from '@draftwell/shared/plans';
import { eq } from 'drizzle-orm';
import type { TDb } from '../db/client';
import { subscriptions } from '../db/schema';

export type TSubscriptionRow = typeof subscriptions.$inferSelect;

/** What decides a user's limits now: the plan, and the day of the month their usage resets. */
export type TEffectivePlan = {
  plan: TPlanId;
  /** 1–31: usage periods start on this day of each month (the subscription's start, else the 1st). */
  anchorDay: number;
  subscription: TSubscriptionRow | null;
};

const isPlanId = (v: string): v is TPlanId => (PLAN_IDS as readonly string[]).includes(v);

/**
 * The plan a subscription row grants: its plan while Stripe still bills it (past_due included,
 * as Stripe retries), the server's default once it is canceled, unpaid or never completed.
 */
export function planOfRow(row: TSubscriptionRow | null, defaultPlan: TPlanId): TPlanId {
  if (!row || !isPlanId(row.plan)) return defaultPlan;
  return (PAID_STATUSES as readonly string[]).includes(row.status) ? row.plan : defaultPlan;
}

export async function effectivePlan(db: TDb, defaultPlan: TPlanId, userId: string): Promise<TEffectivePlan> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).limit(1);
  const subscription = row ?? null;
  const plan = planOfRow(subscription, defaultPlan);
  const paid = subscription && plan === subscription.plan && subscription.source === 'stripe';
  const anchorDay = paid && subscription.currentPeriodStart ? subscription.currentPeriodStart.getUTCDate() : 1;
  return { plan, anchorDay, subscription };
}

export async function planOf(db: TDb, defaultPlan: TPlanId, userId: string): Promise<TPlanId> {
  return (await effectivePlan(db, defaultPlan, userId)).plan;
}

export function subscriptionView(row: TSubscriptionRow | null): TSubscriptionView | null {
  if (!row || !isPlanId(row.plan)) return null;
  const iso = (d: Date | null) => (d ? d.toISOString() : null);
  return {
    source: row.source === 'stripe' ? 'stripe' : 'admin',
    plan: row.plan,
    status: row.status,
    interval: row.interval === 'month' || row.interval === 'year' ? (row.interval as TBillingInterval) : null,
    currentPeriodEnd: iso(row.currentPeriodEnd),
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    canceledAt: iso(row.canceledAt),
    trialEnd: iso(row.trialEnd),
    paymentFailedAt: iso(row.paymentFailedAt),
  };
}

/**
 * A sent revision as the client's page and PDF show it: the sender's logo and colour on plans
 * with own branding, Draftwell's look on the others. The stored snapshot (and its hash) is unchanged.
 */
export function brandedSnapshot(snapshot: TRevisionSnapshot, plan: TPlanId): TRevisionSnapshot {
  if (PLANS[plan].features.ownBranding) return snapshot;
  return { ...snapshot, sender: { ...snapshot.sender, logoFileId: null, brandColor: '' } };
}
