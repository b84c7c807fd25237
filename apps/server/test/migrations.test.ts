import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type TDatabase } from '../src/db/client';
import { migrateDatabase, migrationsFolder } from '../src/db/migrate';
import {
  backends,
  createPostgresDatabase,
  randomSecret,
  signUp,
  startTestServer,
  tempDir,
  type TTestServer,
} from './helpers';

/** The migrations shipped with the server, and the hash drizzle records for each. */
function shippedMigrations() {
  const folder = migrationsFolder();
  const journal = JSON.parse(readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as {
    entries: Array<{ tag: string; when: number }>;
  };
  expect(journal.entries.length).toBeGreaterThan(0);
  return journal.entries.map((e) => ({
    tag: e.tag,
    when: e.when,
    hash: createHash('sha256')
      .update(readFileSync(path.join(folder, `${e.tag}.sql`)).toString())
      .digest('hex'),
  }));
}

async function journalRows(database: TDatabase) {
  const res = (await database.db.execute(
    sql`select hash, created_at from drizzle.__drizzle_migrations order by created_at`,
  )) as unknown as { rows: Array<{ hash: string; created_at: string | number }> };
  return res.rows.map((r) => ({ hash: r.hash, when: Number(r.created_at) }));
}

async function expectMigratedOnce(database: TDatabase) {
  const shipped = shippedMigrations();
  expect(await journalRows(database)).toEqual(shipped.map(({ hash, when }) => ({ hash, when })));
  // And the schema is really there.
  const tables = (await database.db.execute(
    sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
  )) as unknown as { rows: Array<{ table_name: string }> };
  expect(tables.rows.map((r) => r.table_name)).toEqual(
    expect.arrayContaining([
      'users',
      'sessions',
      'accounts',
      'verifications',
      'rate_limits',
      'app_rate_limits',
      'contact_messages',
    ]),
  );
}

describe.each(backends())('R12 migrations (%s)', (backend) => {
  const servers: TTestServer[] = [];
  afterAll(async () => {
    for (const s of servers) await s.close();
  });

  if (backend === 'pglite') {
    it('R12 three concurrent migrateDatabase calls on one fresh database apply each migration exactly once', async () => {
      const database = await openDatabase({
        databaseUrl: undefined,
        dataDir: tempDir(),
        logger: pino({ level: 'silent' }),
      });
      try {
        await Promise.all([migrateDatabase(database), migrateDatabase(database), migrateDatabase(database)]);
        await expectMigratedOnce(database);
        // Starting again later finds nothing to do.
        await migrateDatabase(database);
        await expectMigratedOnce(database);
      } finally {
        await database.close();
      }
    });
  } else {
    it('R12 three servers started at once on one fresh PostgreSQL database all come up; each migration is recorded once', async () => {
      const databaseUrl = await createPostgresDatabase({ empty: true });
      const authSecret = randomSecret();
      const started = await Promise.allSettled(
        [0, 1, 2].map(() => startTestServer({ backend, databaseUrl, authSecret })),
      );
      for (const s of started) if (s.status === 'fulfilled') servers.push(s.value);
      expect(started.map((s) => (s.status === 'rejected' ? String(s.reason) : 'up'))).toEqual(['up', 'up', 'up']);

      for (const s of servers) expect((await s.client().get('/readyz')).status).toBe(200);
      await expectMigratedOnce(servers[0]!.deps.database);

      // They serve one set of data: a session made on the first works on the third.
      const { client } = await signUp(servers[0]!, { client: servers[0]!.client() });
      const onThird = servers[2]!.client();
      for (const [k, v] of client.jar) onThird.jar.set(k, v);
      expect((await onThird.session())?.user.id).toBe((await client.session())?.user.id);
    });
  }
});
