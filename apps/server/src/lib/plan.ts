import type { TPlanId } from '@draftwell/shared';
import type { TDb } from '../db/client';

/**
 * The plan a user is on. There are no subscriptions yet: every account is on the free plan,
 * which is what this answers until billing stores a plan per user.
 */
export async function ownerPlan(_db: TDb, _ownerId: string): Promise<TPlanId> {
  return 'free';
}
