import { sql } from 'drizzle-orm';
import type { TDb } from '../db/client';
import { AppError } from './app-error';

export type TRateRule = { max: number; windowSeconds: number };

/**
 * A fixed-window counter kept in the database, so that it survives restarts and is shared by
 * every instance. One statement per hit: the insert-or-increment is atomic.
 */
export async function hitRateLimit(db: TDb, key: string, rule: TRateRule): Promise<void> {
  const result = (await db.execute(sql`
    insert into app_rate_limits (key, count, window_start)
    values (${key}, 1, now())
    on conflict (key) do update set
      count = case when app_rate_limits.window_start < now() - make_interval(secs => ${rule.windowSeconds})
                   then 1 else app_rate_limits.count + 1 end,
      window_start = case when app_rate_limits.window_start < now() - make_interval(secs => ${rule.windowSeconds})
                   then now() else app_rate_limits.window_start end
    returning count, window_start`)) as unknown as { rows: Array<{ count: number; window_start: string | Date }> };
  const row = result.rows[0];
  if (!row) return;
  if (row.count > rule.max) {
    const started = new Date(row.window_start).getTime();
    const retryAfter = Math.max(1, Math.ceil((started + rule.windowSeconds * 1000 - Date.now()) / 1000));
    throw new AppError('rate_limited', `Too many attempts. Try again in ${formatWait(retryAfter)}.`, {
      retryAfter,
    });
  }
}

function formatWait(seconds: number): string {
  if (seconds < 90) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minutes`;
}
