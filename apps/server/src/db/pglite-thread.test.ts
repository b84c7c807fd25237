import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { types } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PgliteThread } from './pglite-thread';

describe('the embedded database on its own thread', () => {
  let root: string;
  let dir: string;
  let db: PgliteThread;

  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'dw-pglite-thread-'));
    dir = path.join(root, 'pglite');
    db = await PgliteThread.open({ dir });
    await db.exec(`
      create table t (id int primary key, doc jsonb, at timestamptz, bytes bytea, note text);
      insert into t values (1, '{"a":[1,2]}', '2025-01-02T03:04:05Z', '\\x0102ff', null);
    `);
    // A fresh PGlite runs initdb in WebAssembly: seconds, more on a busy machine.
  }, 120_000);
  afterAll(async () => {
    await db.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('answers queries as PGlite does: objects or arrays, parsed types, bytes, JSON, affected rows', async () => {
    const text = 'select id, doc, at, bytes, note from t where id = $1';
    const rows = (await db.query(text, [1])).rows;
    expect(rows).toEqual([
      {
        id: 1,
        doc: { a: [1, 2] },
        at: new Date('2025-01-02T03:04:05Z'),
        bytes: new Uint8Array([1, 2, 255]),
        note: null,
      },
    ]);
    const asArrays = await db.query(text, [1], { rowMode: 'array', parsers: { [types.TIMESTAMPTZ]: (v) => v } });
    expect(asArrays.rows).toEqual([[1, { a: [1, 2] }, '2025-01-02 03:04:05+00', new Uint8Array([1, 2, 255]), null]]);
    expect(asArrays.fields.map((f) => f.name)).toEqual(['id', 'doc', 'at', 'bytes', 'note']);
    const written = await db.query('update t set doc = $2, bytes = $3 where id = $1 returning doc', [
      1,
      JSON.stringify({ b: true }),
      new Uint8Array([7]),
    ]);
    expect(written.rows).toEqual([{ doc: { b: true } }]);
    expect(written.affectedRows).toBe(1);
  });

  it('refuses query options that cannot cross to the thread, with what to change', async () => {
    await expect(db.query('select 1', [], { parsers: { [types.INT4]: (v) => Number(v) * 2 } })).rejects.toThrow(
      /only parsers that keep the text \(type 23\)/,
    );
    await expect(db.query('select 1', [], { blob: new Blob([]) })).rejects.toThrow(
      /does not take the query options blob/,
    );
  });

  it('throws PostgreSQL errors with their code and fields, and the next query works', async () => {
    await expect(db.query('select * from t where id = $1', ['not a number'])).rejects.toMatchObject({
      code: '22P02',
      query: 'select * from t where id = $1',
    });
    await expect(db.query('insert into t (id) values ($1)', [1])).rejects.toMatchObject({
      code: '23505',
      constraint: 't_pkey',
      table: 't',
    });
    await expect(db.exec('select * from nowhere')).rejects.toMatchObject({ code: '42P01' });
    expect((await db.query('select id from t where id = $1', [1])).rows).toEqual([{ id: 1 }]);
  });

  it('commits a transaction, rolls one back on a throw with its own error, and runs nothing inside one', async () => {
    await db.transaction(async (tx) => {
      await tx.query('insert into t (id, note) values ($1, $2)', [2, 'kept']);
    });
    const failure = new Error('changed my mind');
    await expect(
      db.transaction(async (tx) => {
        await tx.query('insert into t (id, note) values ($1, $2)', [3, 'dropped']);
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect((await db.query('select id from t where id in (2, 3) order by id')).rows).toEqual([{ id: 2 }]);

    // A statement sent while a transaction is open waits for it, and sees what it committed.
    let outside: Promise<{ rows: Array<{ note: string }> }> | undefined;
    await db.transaction(async (tx) => {
      await tx.query('update t set note = $1 where id = $2', ['first', 2]);
      outside = db.query<{ note: string }>('select note from t where id = $1', [2]);
      await tx.query('update t set note = $1 where id = $2', ['second', 2]);
      expect(tx.closed).toBe(false);
    });
    expect((await outside!).rows).toEqual([{ note: 'second' }]);
  });

  it('is what Drizzle gets: queries, transactions and a nested one rolled back to its savepoint', async () => {
    const orm = drizzle({ client: db as unknown as PGlite });
    await orm.transaction(async (tx) => {
      await tx.execute(sql`insert into t (id, note) values (10, 'outer')`);
      await expect(
        tx.transaction(async (inner) => {
          await inner.execute(sql`insert into t (id, note) values (11, 'inner')`);
          throw new Error('inner fails');
        }),
      ).rejects.toThrow('inner fails');
    });
    const rows = await orm.execute<{ id: number }>(sql`select id from t where id >= 10 order by id`);
    expect(rows.rows).toEqual([{ id: 10 }]);
  });

  it('delivers notifications to listeners until they stop listening', async () => {
    const heard: string[] = [];
    let next: (payload: string) => void = () => undefined;
    const arrives = () => new Promise<string>((resolve) => (next = resolve));
    const stop = await db.listen('changes', (payload) => {
      heard.push(payload);
      next(payload);
    });
    let first = arrives();
    await db.query('select pg_notify($1, $2)', ['changes', 'one']);
    expect(await first).toBe('one');
    await stop();
    // A second channel still listened to: once its notification is here, one on the first would be too.
    const marks: string[] = [];
    let marked: (payload: string) => void = () => undefined;
    const stopMarks = await db.listen('marks', (payload) => {
      marks.push(payload);
      marked(payload);
    });
    first = new Promise<string>((resolve) => (marked = resolve));
    await db.query('select pg_notify($1, $2)', ['changes', 'two']);
    await db.query('select pg_notify($1, $2)', ['marks', 'after two']);
    expect(await first).toBe('after two');
    expect(heard).toEqual(['one']);
    await stopMarks();
  });

  it('keeps the data on disk: closed, its queries refused; opened again, the rows are there', async () => {
    const other = await PgliteThread.open({ dir: path.join(root, 'second') });
    await other.exec(`create table kept (n int); insert into kept values (42);`);
    await other.close();
    await other.close();
    expect(other.closed).toBe(true);
    await expect(other.query('select 1')).rejects.toThrow('The embedded database is closed.');
    const again = await PgliteThread.open({ dir: path.join(root, 'second') });
    expect((await again.query('select n from kept')).rows).toEqual([{ n: 42 }]);
    await again.close();
  }, 120_000);

  it('a database that cannot open fails the open with its error and leaves no thread', async () => {
    const file = path.join(root, 'not-a-directory');
    writeFileSync(file, 'x');
    await expect(PgliteThread.open({ dir: file })).rejects.toThrow();
  });
});
