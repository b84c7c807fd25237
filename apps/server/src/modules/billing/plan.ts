import {
  PAID_STATUSES,
  PLAN_IDS,
  type TBillingInterval,
  type TPlanId,
  type TRevisionSnapshot,
  type TSubscriptionView,
} from '@draftwell/shared';
import { brandingShown } from '@draftwell/shared/document/display';
import { PLANS, usagePeriod } from '@draftwell/shared/plans';
import { eq } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { subscriptions } from '../../db/schema';

export type TSubscriptionRow = typeof subscriptions.$inferSelect;

/** What decides a user's limits now: the plan, and when their usage resets. */
export type TEffectivePlan = {
  plan: TPlanId;
  /** The usage period containing `day` (yyyy-mm-dd, UTC); its start keys the usage counters. */
  periodOf(day: string): { start: string; end: string };
  subscription: TSubscriptionRow | null;
};

const ymd = (d: Date) => d.toISOString().slice(0, 10);

/**
 * Usage periods follow the subscription Stripe bills: a monthly subscription's period is exactly
 * the one Stripe reports (a subscription started on the 31st renews on the 28th of February and
 * the 31st of March, which a day-of-month rule cannot follow), and once that period has ended
 * before Stripe's renewal arrives, the next one starts where it ended. A yearly subscription's
 * months start on the day it started; without a paid subscription, on the 1st.
 */
export function periodsOf(row: TSubscriptionRow | null, paid: boolean) {
  const start = paid ? row?.currentPeriodStart : null;
  const end = paid ? row?.currentPeriodEnd : null;
  if (!row || !start) return (day: string) => usagePeriod(day, 1);
  if (row.interval !== 'month' || !end) return (day: string) => usagePeriod(day, start.getUTCDate());
  return (day: string) => {
    if (day >= ymd(start) && day < ymd(end)) return { start: ymd(start), end: ymd(end) };
    if (day >= ymd(end)) {
      const next = usagePeriod(day, end.getUTCDate());
      return next.start < ymd(end) ? { start: ymd(end), end: next.end } : next;
    }
    return usagePeriod(day, start.getUTCDate());
  };
}

const isPlanId = (v: string): v is TPlanId => (PLAN_IDS as readonly string[]).includes(v);

/**
 * The plan a subscription row grants: its plan while Stripe still bills it (past_due included,
 * as Stripe retries), the server's default once it is canceled, unpaid or never completed.
 */
export function planOfRow<R extends Pick<TSubscriptionRow, 'plan' | 'status'>>(
  row: R | null,
  defaultPlan: TPlanId,
): TPlanId {
  if (!row || !isPlanId(row.plan)) return defaultPlan;
  return (PAID_STATUSES as readonly string[]).includes(row.status) ? row.plan : defaultPlan;
}

export async function effectivePlan(db: TDb, defaultPlan: TPlanId, userId: string): Promise<TEffectivePlan> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).limit(1);
  const subscription = row ?? null;
  const plan = planOfRow(subscription, defaultPlan);
  const paid = subscription !== null && plan === subscription.plan && subscription.source === 'stripe';
  return { plan, periodOf: periodsOf(subscription, paid), subscription };
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
export function brandedSnapshot(
  snapshot: TRevisionSnapshot,
  plan: TPlanId,
): { snapshot: TRevisionSnapshot; madeWithFooter: boolean } {
  const { sender, madeWithFooter } = brandingShown(snapshot.sender, PLANS[plan].features.ownBranding);
  return { snapshot: sender === snapshot.sender ? snapshot : { ...snapshot, sender }, madeWithFooter };
}
