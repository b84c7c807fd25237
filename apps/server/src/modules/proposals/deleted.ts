import { and, eq, isNotNull, lt, ne, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { TDb } from '../../db/client';
import { proposals } from '../../db/schema';
import { startPeriodicSweep } from '../../lib/periodic-sweep';

/**
 * A deleted proposal is gone for its owner at once (`deleted_at` set), and its row stays this long
 * so Undo can bring it back whole (same id, revisions, events). Longer than the app's Undo toast,
 * so an Undo pressed at its last moment over a slow network still arrives in time.
 */
export const RESTORE_WINDOW_MS = 60_000;
const PURGE_EVERY_MS = 60_000;

/** The oldest deletion that can still be undone, on the database's clock. */
export const restorableSince = sql`now() - make_interval(secs => ${RESTORE_WINDOW_MS / 1000})`;

/**
 * Removes the deleted proposals whose restore window has passed, with everything that hangs on
 * them (foreign keys cascade). One accepted meanwhile (its client's page was open as it was
 * deleted) is the signed record, so it is brought back instead. Running twice removes nothing twice.
 */
export async function purgeDeletedProposals(db: TDb): Promise<number> {
  const expired = and(isNotNull(proposals.deletedAt), lt(proposals.deletedAt, restorableSince));
  await db
    .update(proposals)
    .set({ deletedAt: null })
    .where(and(expired, eq(proposals.status, 'accepted')));
  const purged = await db
    .delete(proposals)
    .where(and(expired, ne(proposals.status, 'accepted')))
    .returning({ id: proposals.id });
  return purged.length;
}

/** The purge once a minute on every instance; its statements are conditional, so overlaps are harmless. */
export function startDeletedPurges(deps: { db: TDb; logger: Logger }): () => void {
  return startPeriodicSweep({
    sweep: () => purgeDeletedProposals(deps.db),
    everyMs: PURGE_EVERY_MS,
    logger: deps.logger,
    countKey: 'purged',
    done: 'deleted proposals purged',
    failed: 'deleted proposal purge failed',
  });
}
