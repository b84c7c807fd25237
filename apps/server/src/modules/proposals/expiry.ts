import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { TProposalClient } from '@draftwell/shared/workspace/proposals';
import type { TDatabase, TDb } from '../../db/client';
import { startPeriodicSweep } from '../../lib/periodic-sweep';
import { proposals } from '../../db/schema';
import type { TRealtimeHub } from '../../realtime/hub';
import { publishNotifications, recordEvent, toNotification } from '../events/events';

/**
 * Expiry: a sent or viewed proposal whose valid-until day (UTC) has passed becomes `expired`.
 * It happens on access (`expireIfDue` before reading one) and in a periodic sweep that runs once
 * across instances (an advisory lock). Both are one conditional UPDATE, so running twice
 * changes nothing twice.
 */
/** Today on the server's clock, UTC, yyyy-mm-dd: a proposal valid "until today" is still open. */
export const todayUtc = () => new Date().toISOString().slice(0, 10);

/** Whether a sent or viewed proposal's last day has passed: the cheap check before `expireIfDue`. */
export const isDue = (row: { status: string; validUntil: string | null }) =>
  (row.status === 'sent' || row.status === 'viewed') && row.validUntil !== null && row.validUntil < todayUtc();

const SWEEP_LOCK_KEY = 0x0d1a_e591;
const SWEEP_EVERY_MS = 60_000;

const today = sql`(now() at time zone 'utc')::date`;
const due = and(inArray(proposals.status, ['sent', 'viewed']), sql`${proposals.validUntil} < ${today}`);

type TExpired = { id: string; ownerId: string; number: string; title: string; client: unknown };

async function expire(
  db: TDb,
  only?: string,
): Promise<{ rows: TExpired[]; notices: ReturnType<typeof toNotification>[] }> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(proposals)
      .set({ status: 'expired', expiredAt: sql`now()`, updatedAt: sql`now()`, version: sql`${proposals.version} + 1` })
      .where(only ? and(due, eq(proposals.id, only)) : due)
      .returning({
        id: proposals.id,
        ownerId: proposals.ownerId,
        number: proposals.number,
        title: proposals.title,
        client: proposals.client,
      });
    const notices = [];
    for (const row of rows) {
      const event = await recordEvent(tx, {
        proposalId: row.id,
        ownerId: row.ownerId,
        type: 'expired',
        actor: 'system',
      });
      notices.push(toNotification(event, { ...row, clientName: (row.client as TProposalClient).name }));
    }
    return { rows, notices };
  });
}

type TExpiryDeps = { db: TDb; realtime: TRealtimeHub; logger: Logger };

async function announce(deps: TExpiryDeps, result: Awaited<ReturnType<typeof expire>>) {
  for (const [i, row] of result.rows.entries()) {
    await publishNotifications(deps.realtime, deps.logger, row.ownerId, [result.notices[i] ?? null]);
  }
}

/** Before one proposal is read: expire it if its day has passed. */
export async function expireIfDue(deps: TExpiryDeps, proposalId: string): Promise<void> {
  const result = await expire(deps.db, proposalId);
  if (result.rows.length > 0) await announce(deps, result);
}

/** One sweep over every proposal, by whichever instance holds the lock; the others skip. */
export async function sweepExpired(deps: TExpiryDeps & { database: TDatabase }): Promise<number> {
  const result = await deps.database.withAdvisoryLock(SWEEP_LOCK_KEY, (db) => expire(db));
  await announce(deps, result);
  return result.rows.length;
}

export function startExpirySweeps(deps: TExpiryDeps & { database: TDatabase }): () => void {
  // The first sweep is spread out over the instances; the lock makes overlaps harmless anyway.
  return startPeriodicSweep({
    sweep: () => sweepExpired(deps),
    everyMs: SWEEP_EVERY_MS,
    firstAfterMs: 2000 + Math.random() * 3000,
    logger: deps.logger,
    countKey: 'expired',
    done: 'proposals expired',
    failed: 'expiry sweep failed',
  });
}
