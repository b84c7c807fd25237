import { sql } from 'drizzle-orm';
import type { TDb } from '../db/client';
import { AppError } from './app-error';

export type TRateRule = { max: number; windowSeconds: number };

/**
 * A fixed-window counter kept in the database, so that it survives restarts and is shared by
 * every instance. One statement per hit: the insert-or-increment is atomic.
 */
export async function hitRateLimit(db: TDb, key: string, rule: TRateRule): Promise<void> {
  const hit = await countHit(db, key, rule.windowSeconds);
  if (hit.count > rule.max) throw rateLimited(hit.retryAfter);
}

/** Counts one hit on `key` in its current window: the count so far, and seconds until the window ends. */
export async function countHit(
  db: TDb,
  key: string,
  windowSeconds: number,
): Promise<{ count: number; retryAfter: number }> {
  const result = (await db.execute(sql`
    insert into app_rate_limits (key, count, window_start)
    values (${key}, 1, now())
    on conflict (key) do update set
      count = case when app_rate_limits.window_start < now() - make_interval(secs => ${windowSeconds})
                   then 1 else app_rate_limits.count + 1 end,
      window_start = case when app_rate_limits.window_start < now() - make_interval(secs => ${windowSeconds})
                   then now() else app_rate_limits.window_start end
    returning count, window_start`)) as unknown as { rows: Array<{ count: number; window_start: string | Date }> };
  const row = result.rows[0]!;
  const started = new Date(row.window_start).getTime();
  return {
    count: row.count,
    retryAfter: Math.max(1, Math.ceil((started + windowSeconds * 1000 - Date.now()) / 1000)),
  };
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

function formatWait(seconds: number): string {
  if (seconds < 90) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minutes`;
}
