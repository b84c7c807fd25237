import { describe, expect, it } from 'vitest';
import { backends, countRows, signUp, withTwoUsers } from './helpers';

const item = (overrides: Record<string, unknown> = {}) => ({
  description: 'Design workshop (half day)',
  unit: 'day',
  unitPrice: 120_000,
  currency: 'EUR',
  taxRate: 2000,
  billing: 'one_off',
  ...overrides,
});

describe.each(backends())('saved items API (%s)', (backend) => {
  const t = withTwoUsers(backend);

  it('creates, reads, updates and deletes a saved item', async () => {
    const created = await t.alice.post('/api/saved-items', item());
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      ...item(),
      version: 1,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const path = `/api/saved-items/${created.body.id}`;
    expect((await t.alice.get(path)).body).toEqual(created.body);

    const updated = await t.alice.patch(path, { unitPrice: 150_000, billing: 'monthly', version: 1 });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      description: item().description,
      unitPrice: 150_000,
      billing: 'monthly',
      version: 2,
    });

    expect((await t.alice.delete(path)).status).toBe(204);
    expect((await t.alice.get(path)).status).toBe(404);
    expect((await t.alice.delete(path)).status).toBe(404);
  });

  it('fills defaults and keeps the largest price exactly', async () => {
    const res = await t.alice.post('/api/saved-items', {
      description: 'Enterprise licence',
      unitPrice: 10 ** 13,
      currency: 'KWD',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ unit: '', unitPrice: 10 ** 13, currency: 'KWD', taxRate: 0, billing: 'one_off' });
    expect((await t.alice.get(`/api/saved-items/${res.body.id}`)).body.unitPrice).toBe(10 ** 13);
  });

  it('refuses invalid fields with a message for each', async () => {
    const cases: Array<[Record<string, unknown>, string, RegExp]> = [
      [{ description: '' }, 'description', /description/i],
      [{ description: 'd'.repeat(501) }, 'description', /500/],
      [{ unit: 'u'.repeat(21) }, 'unit', /20/],
      [{ unitPrice: -1 }, 'unitPrice', /negative/i],
      [{ unitPrice: 12.5 }, 'unitPrice', /minor units/i],
      [{ unitPrice: 10 ** 13 + 1 }, 'unitPrice', /too large/i],
      [{ unitPrice: '100' }, 'unitPrice', /price/i],
      [{ currency: 'usd' }, 'currency', /three-letter/i],
      [{ currency: 'EURO' }, 'currency', /three-letter/i],
      [{ currency: 'XYZ' }, 'currency', /ISO 4217/],
      [{ taxRate: 10_001 }, 'taxRate', /100 %/],
      [{ taxRate: -5 }, 'taxRate', /negative/i],
      [{ billing: 'weekly' }, 'billing', /one-off, monthly or yearly/i],
    ];
    const before = await countRows(t.server, 'saved_items');
    for (const [override, field, message] of cases) {
      const res = await t.alice.post('/api/saved-items', item(override));
      expect(res.status, JSON.stringify(override)).toBe(400);
      expect(res.body.error.fields, JSON.stringify(override)).toEqual({ [field]: expect.stringMatching(message) });
    }
    expect(await countRows(t.server, 'saved_items')).toBe(before);

    const { body } = await t.alice.post('/api/saved-items', item());
    const bad = await t.alice.patch(`/api/saved-items/${body.id}`, { currency: 'ABC', version: 1 });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields.currency).toMatch(/ISO 4217/);
  });

  it('A2: ownerId, id, createdAt and unknown keys are refused with 400 naming them', async () => {
    const bobId = (await t.bob.session())!.user.id;
    const before = await countRows(t.server, 'saved_items');
    const res = await t.alice.post(
      '/api/saved-items',
      item({ ownerId: bobId, id: '00000000-0000-4000-8000-000000000000', createdAt: '2000-01-01' }),
    );
    expect(res.status).toBe(400);
    for (const key of ['ownerId', 'id', 'createdAt']) expect(res.body.error.fields._).toContain(key);
    expect(await countRows(t.server, 'saved_items')).toBe(before);

    const { body } = await t.alice.post('/api/saved-items', item());
    for (const extra of [{ ownerId: bobId }, { version: 1, id: body.id }, { createdAt: '2000-01-01' }]) {
      const bad = await t.alice.patch(`/api/saved-items/${body.id}`, { unitPrice: 1, version: 1, ...extra });
      expect(bad.status).toBe(400);
    }
    expect((await t.alice.get(`/api/saved-items/${body.id}`)).body).toEqual(body);
  });

  it('a stale version answers 409 with the current item and overwrites nothing', async () => {
    const { body } = await t.alice.post('/api/saved-items', item());
    const path = `/api/saved-items/${body.id}`;
    const first = await t.alice.patch(path, { unitPrice: 1000, version: 1 });
    expect(first.status).toBe(200);
    const stale = await t.alice.patch(path, { unitPrice: 2000, version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.error).toMatchObject({ code: 'conflict', current: first.body });
    const jump = await t.alice.patch(path, { unitPrice: 3000, version: 99 });
    expect(jump.status).toBe(409);
    expect((await t.alice.get(path)).body).toEqual(first.body);
  });

  it('lists by description then id in pages, and searches the description', async () => {
    const { client: carol } = await signUp(t.server, { name: 'Carol' });
    for (let i = 24; i >= 0; i -= 1) {
      const description = `Item ${String(i % 20).padStart(2, '0')}`;
      expect((await carol.post('/api/saved-items', item({ description }))).status).toBe(201);
    }
    const { items, pages } = await carol.listAll('/api/saved-items', 10);
    expect(pages).toBe(3);
    expect(items).toHaveLength(25);
    expect(new Set(items.map((i) => i.id)).size).toBe(25);
    const keys = items.map((i) => `${i.description as string}|${i.id as string}`);
    expect(keys).toEqual([...keys].sort());

    await carol.post('/api/saved-items', item({ description: 'Monthly HOSTING' }));
    await carol.post('/api/saved-items', item({ description: 'Hosting setup' }));
    const found = await carol.get('/api/saved-items?q=hosting');
    expect(found.body.items.map((i: { description: string }) => i.description)).toEqual([
      'Hosting setup',
      'Monthly HOSTING',
    ]);
  });

  it('A20: SQL and LIKE metacharacters in q match literally and change nothing', async () => {
    const { client: erin } = await signUp(t.server, { name: 'Erin' });
    const descriptions = [
      '50% deposit',
      '50 deposit',
      'per_hour',
      'perXhour',
      "it's'; drop table saved_items; --",
      'c:\\path',
      'c:path',
    ];
    for (const description of descriptions) await erin.post('/api/saved-items', item({ description }));
    const before = await countRows(t.server, 'saved_items');
    const search = async (q: string) => {
      const res = await erin.get(`/api/saved-items?q=${encodeURIComponent(q)}`);
      expect(res.status).toBe(200);
      return res.body.items.map((i: { description: string }) => i.description);
    };
    expect(await search('%')).toEqual(['50% deposit']);
    // The injection attempt's own "saved_items" holds a literal underscore too.
    expect(await search('_')).toEqual(["it's'; drop table saved_items; --", 'per_hour']);
    expect(await search('r_h')).toEqual(['per_hour']);
    expect(await search("'; drop table saved_items; --")).toEqual(["it's'; drop table saved_items; --"]);
    expect(await search('\\')).toEqual(['c:\\path']);
    expect(await countRows(t.server, 'saved_items')).toBe(before);

    expect((await erin.get('/api/saved-items?cursor=garbage')).status).toBe(400);
    expect((await erin.get('/api/saved-items?limit=500')).status).toBe(400);
    expect((await erin.get('/api/saved-items?order=description;drop')).status).toBe(400);
  });

  it("A1: another user's saved item answers 404 everywhere and stays unchanged", async () => {
    const { body: secret } = await t.alice.post('/api/saved-items', item({ description: 'Alice secret rate' }));
    const path = `/api/saved-items/${secret.id}`;
    expect((await t.bob.get(path)).status).toBe(404);
    const change = await t.bob.patch(path, { unitPrice: 1, version: 1 });
    expect(change.status).toBe(404);
    expect(change.text).not.toContain('secret');
    expect((await t.bob.patch(path, { unitPrice: 1, version: 5 })).status).toBe(404);
    expect((await t.bob.delete(path)).status).toBe(404);
    expect((await t.alice.get(path)).body).toEqual(secret);

    await t.bob.post('/api/saved-items', item({ description: 'Bob own item' }));
    const aliceIds = new Set((await t.alice.listAll('/api/saved-items', 100)).items.map((i) => i.id));
    const bobItems = (await t.bob.listAll('/api/saved-items', 100)).items;
    expect(bobItems.map((i) => i.description)).toEqual(['Bob own item']);
    expect(bobItems.some((i) => aliceIds.has(i.id))).toBe(false);
    expect((await t.bob.get('/api/saved-items?q=secret')).body.items).toEqual([]);
  });

  it('an id that is not a uuid answers 404, and every route answers 401 without a session', async () => {
    for (const id of ['nope', "1' or '1'='1"]) {
      const path = `/api/saved-items/${encodeURIComponent(id)}`;
      expect((await t.alice.get(path)).status).toBe(404);
      expect((await t.alice.patch(path, { unitPrice: 1, version: 1 })).status).toBe(404);
      expect((await t.alice.delete(path)).status).toBe(404);
    }

    const { body } = await t.alice.post('/api/saved-items', item());
    const anon = t.server.client();
    const path = `/api/saved-items/${body.id}`;
    for (const res of [
      await anon.get('/api/saved-items'),
      await anon.post('/api/saved-items', item()),
      await anon.get(path),
      await anon.patch(path, { unitPrice: 1, version: 1 }),
      await anon.delete(path),
    ]) {
      expect(res.status).toBe(401);
      expect(res.body.error.code).toBe('unauthenticated');
    }
    expect((await t.alice.get(path)).body).toEqual(body);
  });
});
