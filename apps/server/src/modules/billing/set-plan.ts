import { BILLING_CHANGED_EVENT, PAID_STATUSES, PLANS, userChannel, type TPlanId } from '@draftwell/shared';
import { eq, sql } from 'drizzle-orm';
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { TDatabase } from '../../db/client';
import { subscriptions, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { publishRealtime } from '../../realtime/hub';
import { planOfRow } from './plan';

export type TSetPlanResult = { userId: string; email: string; plan: TPlanId; previous: TPlanId };

/**
 * The operator's plan change (billing off, or a comped account): an 'admin' subscription row.
 * A live Stripe subscription is Stripe's to change, so it is refused rather than overwritten.
 * The user's open tabs are told at once.
 */
export async function setPlanByEmail(args: {
  database: Pick<TDatabase, 'db' | 'notify'>;
  email: string;
  plan: TPlanId;
  /** The plan of an account without a subscription: what "previous" is for one. */
  defaultPlan: TPlanId;
}): Promise<TSetPlanResult> {
  const { database, plan, defaultPlan } = args;
  const email = args.email.trim().toLowerCase();
  const result = await database.db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(eq(sql`lower(${users.email})`, email))
      .limit(1);
    if (!user) throw new AppError('not_found', `No account uses the email address ${email}.`);
    const [current] = await tx.select().from(subscriptions).where(eq(subscriptions.userId, user.id)).for('update');
    if (current?.source === 'stripe' && (PAID_STATUSES as readonly string[]).includes(current.status)) {
      throw new AppError(
        'conflict',
        `${user.email} pays through Stripe (${PLANS[current.plan as TPlanId]?.name ?? current.plan}, ${current.status}): change the subscription in the Stripe Dashboard instead.`,
      );
    }
    const admin = {
      plan,
      status: 'active',
      source: 'admin',
      interval: null,
      currentPeriodStart: null,
      currentPeriodEnd: null,
      cancelAtPeriodEnd: false,
      canceledAt: null,
      trialEnd: null,
      stripeSubscriptionId: null,
      stripePriceId: null,
      paymentFailedAt: null,
      updatedAt: sql`now()`,
    } as const;
    // The Stripe customer id stays: a later Checkout reuses the customer.
    await tx
      .insert(subscriptions)
      .values({ userId: user.id, ...admin })
      .onConflictDoUpdate({ target: subscriptions.userId, set: admin });
    return { userId: user.id, email: user.email, plan, previous: planOfRow(current ?? null, defaultPlan) };
  });
  await publishRealtime(database, userChannel(result.userId), BILLING_CHANGED_EVENT, { plan });
  return result;
}

/**
 * The operator command's credential for a running server (the embedded database cannot be
 * opened twice): derived from the server's secret, which only someone with the data directory or
 * the configuration has.
 */
export function adminToken(authSecret: string): string {
  return createHmac('sha256', authSecret).update('draftwell-admin-v1').digest('base64url');
}

export function isAdminToken(authSecret: string, presented: string | undefined): boolean {
  if (!presented) return false;
  const expected = Buffer.from(adminToken(authSecret));
  const given = Buffer.from(presented);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
