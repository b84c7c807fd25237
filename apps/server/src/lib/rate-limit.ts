import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { TDb } from '../db/client';
import { appRateLimits } from '../db/schema';
import { AppError } from './app-error';
import { formatWait } from './wait-text';

export type TRateRule = { max: number; windowSeconds: number };

/**
 * A fixed-window counter kept in the database, so that it survives restarts and is shared by
 * every instance. One statement per hit: the insert-or-increment is atomic.
 */
export async function hitRateLimit(db: TDb, key: string, rule: TRateRule): Promise<void> {
  const hit = await countHit(db, key, rule.windowSeconds);
  if (hit.count > rule.max) throw rateLimited(hit.retryAfter);
}

/**
 * One hit on `key` in its current window, as a statement answering the count so far and when the
 * window started: the insert-or-increment is atomic. `key` may be a placeholder of a prepared
 * statement, and `when` makes the hit conditional (then no row when it is false), so a statement
 * can count its hits in a CTE of its own round trip (a share link's read, P3).
 */
export function hitQuery(db: TDb, key: string | Placeholder, windowSeconds: number, when?: SQL) {
  const ended = sql`${appRateLimits.windowStart} < now() - make_interval(secs => ${windowSeconds})`;
  return db
    .insert(appRateLimits)
    .select(sql`select ${key}::text, 1, now()${when ? sql` where ${when}` : sql``}`)
    .onConflictDoUpdate({
      target: appRateLimits.key,
      set: {
        count: sql`case when ${ended} then 1 else ${appRateLimits.count} + 1 end`,
        windowStart: sql`case when ${ended} then now() else ${appRateLimits.windowStart} end`,
      },
    })
    .returning({ count: appRateLimits.count, windowStart: appRateLimits.windowStart });
}

export type THit = { count: number; windowStart: Date };

/** A counted hit as its count and the seconds until its window ends (at least 1). */
export function hitOutcome(hit: THit, windowSeconds: number): { count: number; retryAfter: number } {
  return {
    count: hit.count,
    retryAfter: Math.max(1, Math.ceil((hit.windowStart.getTime() + windowSeconds * 1000 - Date.now()) / 1000)),
  };
}

/** A 429 when a hit counted elsewhere (`hitQuery` in a larger statement) went over the rule's limit. */
export function checkHit(hit: THit, rule: TRateRule): void {
  const outcome = hitOutcome(hit, rule.windowSeconds);
  if (outcome.count > rule.max) throw rateLimited(outcome.retryAfter);
}

/** Counts one hit on `key` in its current window: the count so far, and seconds until the window ends. */
export async function countHit(
  db: TDb,
  key: string,
  windowSeconds: number,
): Promise<{ count: number; retryAfter: number }> {
  const [hit] = await hitQuery(db, key, windowSeconds);
  return hitOutcome(hit!, windowSeconds);
}

/** Forgets the counters of these keys (a proven owner starts afresh). */
export async function clearRateLimits(db: TDb, keys: string[]): Promise<void> {
  await db.execute(
    sql`delete from app_rate_limits where key in (${sql.join(
      keys.map((k) => sql`${k}`),
      sql`, `,
    )})`,
  );
}

export function rateLimited(retryAfter: number): AppError {
  return new AppError('rate_limited', `Too many attempts. Try again in ${formatWait(retryAfter)}.`, { retryAfter });
}
