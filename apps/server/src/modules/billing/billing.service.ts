import type { TBillingState, TPlanId } from '@draftwell/shared';
import { effectivePlan, subscriptionView } from './plan';
import { readMeters } from './usage';
import type { TDb } from '../../db/client';
import type { TActor } from '../../http/require-user';

/** What Profile → Plan shows: the plan in force, the subscription behind it, and this period's usage. */
export async function getBillingState(args: {
  db: TDb;
  actor: TActor;
  defaultPlan: TPlanId;
  billingEnabled: boolean;
}): Promise<TBillingState> {
  const { db, actor, defaultPlan, billingEnabled } = args;
  const effective = await effectivePlan(db, defaultPlan, actor.id);
  const { period, meters } = await readMeters({ db, effective, userId: actor.id });
  return {
    plan: effective.plan,
    billingEnabled,
    subscription: subscriptionView(effective.subscription),
    period,
    meters,
  };
}
