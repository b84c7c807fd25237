import { PGlite, types } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgliteQuery, withPreparedStatements } from './pglite-statements';

describe('PGlite queries through named prepared statements', () => {
  let pglite: PGlite;
  let query: ReturnType<typeof createPgliteQuery>;

  beforeAll(async () => {
    pglite = await PGlite.create();
    query = createPgliteQuery(pglite);
    await pglite.exec(`
      create table t (id int primary key, doc jsonb, at timestamptz, tags text[], note text);
      insert into t values (1, '{"a":[1,2]}', '2025-01-02T03:04:05Z', '{x,y}', null);
    `);
    // A fresh PGlite runs initdb in WebAssembly: seconds, more on a busy machine.
  }, 120_000);
  afterAll(async () => {
    await pglite.close();
  });

  it('answers as PGlite does: rows, fields, types, options (row mode and parsers) and null parameters', async () => {
    const text = 'select id, doc, at, tags, note from t where id = $1 or note = $2';
    const options = { rowMode: 'array' as const, parsers: { [types.TIMESTAMPTZ]: (v: string) => v } };
    for (let i = 0; i < 7; i++) {
      // Past the fifth run PostgreSQL may switch the statement to a generic plan: the answer is the same.
      expect(await query(text, [1, null], options)).toEqual(await pglite.query(text, [1, null], options));
    }
    expect((await query<{ doc: unknown }>('select doc from t where id = $1', [1])).rows).toEqual([
      { doc: { a: [1, 2] } },
    ]);
  });

  it('writes with JSON parameters, and reports affected rows', async () => {
    const res = await query('update t set doc = $2 where id = $1 returning doc', [1, JSON.stringify({ b: true })]);
    expect(res.rows).toEqual([{ doc: { b: true } }]);
    expect(res.affectedRows).toBe(1);
  });

  it('throws PostgreSQL errors with their code and the query, and the next query works', async () => {
    await expect(query('select * from t where id = $1', ['not a number'])).rejects.toMatchObject({
      code: '22P02',
      query: 'select * from t where id = $1',
    });
    await expect(query('select * from nowhere where id = $1', [1])).rejects.toMatchObject({ code: '42P01' });
    await expect(query('insert into t (id) values ($1)', [1])).rejects.toMatchObject({ code: '23505' });
    expect((await query('select id from t where id = $1', [1])).rows).toEqual([{ id: 1 }]);
  });

  it('waits for a transaction in progress and never runs inside it', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const tx = pglite.transaction(async (t) => {
      await t.query('update t set note = $1 where id = $2', ['inside', 1]);
      await held;
      await t.rollback();
    });
    const outside = query<{ note: string | null }>('select note from t where id = $1', [1]);
    await new Promise((resolve) => setTimeout(resolve, 20));
    release();
    await tx;
    expect((await outside).rows).toEqual([{ note: null }]);
  });

  it('is what Drizzle gets: the same PGlite, with this query', async () => {
    const client = withPreparedStatements(pglite);
    expect((await client.query<{ id: number }>('select id from t where id = $1', [1])).rows).toEqual([{ id: 1 }]);
    expect(client.closed).toBe(false);
    await client.transaction(async (t) => {
      expect((await t.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
    });
  });
});
