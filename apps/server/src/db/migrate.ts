import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { TDatabase } from './client';

/** Any constant works; it names "Draftwell migrations" among the server's advisory locks. */
const MIGRATION_LOCK_KEY = 0x0d1a_f7e1;

/** Next to this module in the source tree, next to the bundle in dist/. */
export function migrationsFolder(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  for (const candidate of [path.join(here, 'migrations'), path.join(here, 'db', 'migrations')]) {
    if (existsSync(path.join(candidate, 'meta', '_journal.json'))) return candidate;
  }
  throw new Error(`Database migrations not found next to ${here}`);
}

/**
 * Applies pending migrations once, even when several servers start together on one
 * PostgreSQL: each takes the same advisory lock, and the ones that wait find nothing to do.
 */
export async function migrateDatabase(database: TDatabase): Promise<void> {
  const folder = migrationsFolder();
  await database.withAdvisoryLock(MIGRATION_LOCK_KEY, async (db) => {
    if (database.kind === 'pglite') {
      await migratePglite(db as unknown as PgliteDatabase, { migrationsFolder: folder });
    } else {
      await migratePg(db as unknown as NodePgDatabase, { migrationsFolder: folder });
    }
  });
}
