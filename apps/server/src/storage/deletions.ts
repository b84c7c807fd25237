import { eq, sql } from 'drizzle-orm';
import { jobLoop } from '../lib/job-loop';
import type { Logger } from 'pino';
import type { TDatabase, TDb } from '../db/client';
import { storageDeletions } from '../db/schema';
import type { TFileStorage } from './file-storage';

/**
 * Deleting stored bytes, in whichever storage holds them (decision 0019). The database says what
 * must go: `storage_deletions` gets a key when its `files` or `sealed_documents` row is deleted
 * (a trigger, in the same transaction, so an account deleted with all its rows queues all its
 * files), and before new bytes are written (due an hour later, unless the row that keeps them
 * is inserted). The code that deleted a row removes its bytes at once; whatever that misses (the
 * storage was down, the instance stopped) a worker on any instance removes, retrying with backoff.
 */
export const STORAGE_DELETIONS_CHANNEL = 'draftwell_storage_deletions';

/** How long bytes written under a new key may wait for the row that keeps them. */
const RESERVED_SECONDS = 3600;
/** How long a claimed key is one instance's to delete. */
const LEASE_SECONDS = 120;
const BATCH = 50;
/** Retries that came due are found within this. */
const POLL_MS = 60_000;
/** 10 s doubling up to an hour between tries; a key is never given up. */
const backoffSeconds = (attempts: number) => Math.min(3600, 10 * 2 ** Math.max(0, Math.min(attempts, 20) - 1));

const message = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** Before bytes are written under a new key: they are deleted in an hour unless `keepStorageKey` runs. */
export async function reserveStorageKey(db: TDb, storageKey: string): Promise<void> {
  await db
    .insert(storageDeletions)
    .values({ storageKey, nextAttemptAt: sql`now() + make_interval(secs => ${RESERVED_SECONDS})` })
    .onConflictDoNothing({ target: storageDeletions.storageKey });
}

/** In the transaction that inserts the row referring to `storageKey`: its bytes stay. */
export async function keepStorageKey(tx: TDb, storageKey: string): Promise<void> {
  await tx.delete(storageDeletions).where(eq(storageDeletions.storageKey, storageKey));
}

/**
 * Deletes the bytes of keys no row refers to any longer (their rows deleted and committed, or
 * never inserted), now. A failure is logged and left to the worker, whose queue still holds the key.
 */
export async function deleteStoredBytes(args: {
  db: TDb;
  storage: TFileStorage;
  log: Logger;
  storageKeys: string[];
}): Promise<void> {
  for (const storageKey of args.storageKeys) {
    try {
      // Queued already when a row was deleted; queued here for bytes whose row never came.
      await args.db
        .insert(storageDeletions)
        .values({ storageKey })
        .onConflictDoUpdate({ target: storageDeletions.storageKey, set: { nextAttemptAt: sql`now()` } });
      await args.storage.delete(storageKey);
      await args.db.delete(storageDeletions).where(eq(storageDeletions.storageKey, storageKey));
    } catch (err) {
      args.log.warn({ err: message(err), storageKey }, 'could not delete stored file; will retry');
    }
  }
}

export type TStorageDeletionWorker = {
  start(): Promise<void>;
  kick(): void;
  /** Deletes every due key; resolves with how many were deleted. Tests and shutdown. */
  drain(): Promise<number>;
  stop(): Promise<void>;
};

type TClaimed = { storage_key: string; attempts: number };

export function createStorageDeletionWorker(deps: {
  database: TDatabase;
  storage: TFileStorage;
  logger: Logger;
}): TStorageDeletionWorker {
  const { database, storage, logger } = deps;
  const db = database.db;

  async function claim(): Promise<TClaimed[]> {
    const result = (await db.execute(sql`
      update storage_deletions
      set locked_until = now() + make_interval(secs => ${LEASE_SECONDS}), attempts = attempts + 1
      where storage_key in (
        select storage_key from storage_deletions
        where next_attempt_at <= now() and (locked_until is null or locked_until < now())
        order by next_attempt_at
        limit ${BATCH}
        for update skip locked
      )
      returning storage_key, attempts`)) as unknown as { rows: TClaimed[] };
    return result.rows;
  }

  /** Keys a row still refers to: their bytes are in use and stay (the queue entry goes). */
  async function inUse(keys: string[]): Promise<Set<string>> {
    const list = sql.join(
      keys.map((k) => sql`${k}`),
      sql`, `,
    );
    const result = (await db.execute(sql`
      select storage_key from files where storage_key in (${list})
      union select storage_key from sealed_documents where storage_key in (${list})`)) as unknown as {
      rows: Array<{ storage_key: string }>;
    };
    return new Set(result.rows.map((r) => r.storage_key));
  }

  async function pass(): Promise<number> {
    let deleted = 0;
    for (;;) {
      const claimed = await claim();
      if (claimed.length === 0) return deleted;
      const used = await inUse(claimed.map((c) => c.storage_key));
      for (const { storage_key: key, attempts } of claimed) {
        try {
          if (!used.has(key)) await storage.delete(key);
          await db.delete(storageDeletions).where(eq(storageDeletions.storageKey, key));
          if (!used.has(key)) deleted += 1;
        } catch (err) {
          const wait = backoffSeconds(attempts);
          logger.warn(
            { storageKey: key, attempts, retryInSeconds: wait, err: message(err) },
            'stored file not deleted; will retry',
          );
          await db.execute(
            sql`update storage_deletions set locked_until = null, last_error = ${message(err).slice(0, 500)}, next_attempt_at = now() + make_interval(secs => ${wait}) where storage_key = ${key}`,
          );
        }
      }
    }
  }

  const loop = jobLoop({
    name: 'stored file deletion',
    pollMs: POLL_MS,
    logger,
    pass,
    wake: { database, channel: STORAGE_DELETIONS_CHANNEL },
  });
  return loop;
}
