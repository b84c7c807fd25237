import {
  PLAN_IDS,
  PLANS,
  planLimit,
  planWithFeature,
  planLimitMessage,
  planThatLifts,
  type TLimitedAction,
  type TPlan,
  type TPlanFeatureDetails,
  type TPlanId,
  type TUsageMeter,
  type TUsageMetric,
} from '@draftwell/shared';
import { and, count, eq, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { templates, usageCounters, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { effectivePlan, planOf, type TEffectivePlan } from './plan';

const today = (now: Date) => now.toISOString().slice(0, 10);

/** A 402 naming the limit and the plan that lifts it; `details` drive the app's Upgrade toast. */
export function planLimitError(action: TLimitedAction, plan: TPlanId, limit: number, used: number): AppError {
  const upgradeTo = planThatLifts(action, used);
  const details = {
    action,
    plan,
    limit,
    used,
    upgradeTo: upgradeTo && PLAN_IDS.indexOf(upgradeTo) > PLAN_IDS.indexOf(plan) ? upgradeTo : null,
  };
  return new AppError('plan_limit', planLimitMessage(details), { details });
}

/** A 402 for an action only some plans include (reminders): names the feature and who has it. */
export async function requireFeature(args: {
  db: TDb;
  defaultPlan: TPlanId;
  userId: string;
  feature: keyof TPlan['features'];
  /** "Reminders": the sentence's subject. */
  what: string;
}): Promise<void> {
  const plan = await planOf(args.db, args.defaultPlan, args.userId);
  if (PLANS[plan].features[args.feature]) return;
  const upgradeTo = planWithFeature(args.feature);
  const details: TPlanFeatureDetails = { feature: args.feature, plan, upgradeTo };
  const message = upgradeTo
    ? `${args.what} are not part of the ${PLANS[plan].name} plan. Upgrade to ${PLANS[upgradeTo].name} to use them.`
    : `${args.what} are not available on this server.`;
  throw new AppError('plan_limit', message, { details });
}

export type TUsageTicket = { userId: string; metric: TUsageMetric; periodStart: string };

/**
 * Takes one unit of `metric` for this period, or throws 402 when the plan's limit is used up.
 * One conditional upsert: under any concurrency the count never passes the limit. Call it in
 * the transaction that does the action, so a failed action gives the unit back by rolling back,
 * or give it back with `refundUsage` when the action runs outside one.
 */
export async function consumeUsage(args: {
  db: TDb;
  defaultPlan: TPlanId;
  userId: string;
  metric: TUsageMetric;
  now?: Date;
}): Promise<TUsageTicket> {
  const { db, defaultPlan, userId, metric } = args;
  const { plan, periodOf } = await effectivePlan(db, defaultPlan, userId);
  const limit = planLimit(plan, metric);
  const periodStart = periodOf(today(args.now ?? new Date())).start;
  if (limit !== null && limit <= 0) throw planLimitError(metric, plan, limit, 0);
  const taken = await db
    .insert(usageCounters)
    .values({ userId, metric, periodStart, count: 1 })
    .onConflictDoUpdate({
      target: [usageCounters.userId, usageCounters.metric, usageCounters.periodStart],
      set: { count: sql`${usageCounters.count} + 1` },
      ...(limit === null ? {} : { setWhere: sql`${usageCounters.count} < ${limit}` }),
    })
    .returning({ count: usageCounters.count });
  if (taken.length === 0) throw planLimitError(metric, plan, limit!, limit!);
  return { userId, metric, periodStart };
}

/** Gives back a unit taken outside a transaction, when the action it paid for did not happen. */
export async function refundUsage(db: TDb, ticket: TUsageTicket): Promise<void> {
  await db
    .update(usageCounters)
    .set({ count: sql`greatest(${usageCounters.count} - 1, 0)` })
    .where(
      and(
        eq(usageCounters.userId, ticket.userId),
        eq(usageCounters.metric, ticket.metric),
        eq(usageCounters.periodStart, ticket.periodStart),
      ),
    );
}

/**
 * Refuses a new own template past the plan's limit. Takes a lock on the user's row first, so two
 * concurrent creations are counted one after the other; call it inside the creating transaction.
 */
export async function checkTemplateLimit(args: { db: TDb; defaultPlan: TPlanId; userId: string }): Promise<void> {
  const { db, defaultPlan, userId } = args;
  await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  const { plan } = await effectivePlan(db, defaultPlan, userId);
  const limit = planLimit(plan, 'ownTemplates');
  if (limit === null) return;
  const [row] = await db.select({ n: count() }).from(templates).where(eq(templates.ownerId, userId));
  const used = row?.n ?? 0;
  if (used >= limit) throw planLimitError('ownTemplates', plan, limit, used);
}

/** Every limited action's meter for the current period. */
export async function readMeters(args: {
  db: TDb;
  effective: TEffectivePlan;
  userId: string;
  now?: Date;
}): Promise<{ period: { start: string; end: string }; meters: TUsageMeter[] }> {
  const { db, effective, userId } = args;
  const period = effective.periodOf(today(args.now ?? new Date()));
  const [counters, [own]] = await Promise.all([
    db
      .select({ metric: usageCounters.metric, count: usageCounters.count })
      .from(usageCounters)
      .where(and(eq(usageCounters.userId, userId), eq(usageCounters.periodStart, period.start))),
    db.select({ n: count() }).from(templates).where(eq(templates.ownerId, userId)),
  ]);
  const used = (metric: TUsageMetric) => counters.find((c) => c.metric === metric)?.count ?? 0;
  return {
    period,
    meters: [
      { action: 'proposalsSent', used: used('proposalsSent'), limit: planLimit(effective.plan, 'proposalsSent') },
      { action: 'briefDrafts', used: used('briefDrafts'), limit: planLimit(effective.plan, 'briefDrafts') },
      { action: 'ownTemplates', used: own?.n ?? 0, limit: planLimit(effective.plan, 'ownTemplates') },
    ],
  };
}
