import { describe, expect, it } from 'vitest';
import { backends, countRows, signUp, withTwoUsers } from './helpers';

const cursorOf = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe.each(backends())('clients API (%s)', (backend) => {
  const t = withTwoUsers(backend);

  it('creates, reads, updates and deletes a client', async () => {
    const created = await t.alice.post('/api/clients', {
      name: '  Ada Lovelace ',
      company: 'Analytical Engines Ltd',
      email: ' ada@example.com ',
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'Ada Lovelace',
      company: 'Analytical Engines Ltd',
      email: 'ada@example.com',
      phone: '',
      address: '',
      notes: '',
      language: null,
      signers: [],
      version: 1,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(created.body).not.toHaveProperty('ownerId');
    const id = created.body.id as string;

    const read = await t.alice.get(`/api/clients/${id}`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(created.body);

    const updated = await t.alice.patch(`/api/clients/${id}`, {
      notes: 'Prefers email.',
      phone: '+44 20 7946 0000',
      version: 1,
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      ...created.body,
      updatedAt: expect.any(String),
      notes: 'Prefers email.',
      phone: '+44 20 7946 0000',
      version: 2,
    });
    expect(new Date(updated.body.updatedAt).getTime()).toBeGreaterThanOrEqual(
      new Date(created.body.updatedAt).getTime(),
    );

    const cleared = await t.alice.patch(`/api/clients/${id}`, { email: '', version: 2 });
    expect(cleared.status).toBe(200);
    expect(cleared.body).toMatchObject({ email: '', notes: 'Prefers email.', version: 3 });

    expect((await t.alice.delete(`/api/clients/${id}`)).status).toBe(204);
    expect((await t.alice.get(`/api/clients/${id}`)).status).toBe(404);
    expect((await t.alice.delete(`/api/clients/${id}`)).status).toBe(404);
    expect((await t.alice.patch(`/api/clients/${id}`, { name: 'Back', version: 3 })).status).toBe(404);
  });

  it('refuses invalid fields with a message for each', async () => {
    const missing = await t.alice.post('/api/clients', { company: 'No name' });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toMatchObject({ code: 'invalid', fields: { name: expect.stringMatching(/name/i) } });

    const blank = await t.alice.post('/api/clients', { name: '   ' });
    expect(blank.status).toBe(400);
    expect(blank.body.error.fields.name).toMatch(/enter a name/i);

    const email = await t.alice.post('/api/clients', { name: 'Bad Email', email: 'not-an-email' });
    expect(email.status).toBe(400);
    expect(email.body.error.fields).toEqual({ email: expect.stringMatching(/valid email/i) });

    const long = await t.alice.post('/api/clients', { name: 'x'.repeat(201), notes: 'n'.repeat(5001) });
    expect(long.status).toBe(400);
    expect(Object.keys(long.body.error.fields).sort()).toEqual(['name', 'notes']);

    const types = await t.alice.post('/api/clients', { name: 42 });
    expect(types.status).toBe(400);
    expect(types.body.error.fields.name).toBeTruthy();

    const { body } = await t.alice.post('/api/clients', { name: 'Valid' });
    const badPatch = await t.alice.patch(`/api/clients/${body.id}`, { email: 'nope', version: 1 });
    expect(badPatch.status).toBe(400);
    expect(badPatch.body.error.fields.email).toMatch(/valid email/i);
    const noVersion = await t.alice.patch(`/api/clients/${body.id}`, { name: 'No version' });
    expect(noVersion.status).toBe(400);
    expect(noVersion.body.error.fields.version).toBeTruthy();
    expect((await t.alice.get(`/api/clients/${body.id}`)).body).toMatchObject({ name: 'Valid', email: '', version: 1 });
  });

  it('A2: ownerId, id, createdAt and other unknown keys are refused with 400 naming them', async () => {
    const bobUser = (await t.bob.session())!.user;
    const before = await countRows(t.server, 'clients');
    const create = await t.alice.post('/api/clients', {
      name: 'Mass Assign',
      ownerId: bobUser.id,
      id: '00000000-0000-4000-8000-000000000000',
      createdAt: '2000-01-01T00:00:00Z',
    });
    expect(create.status).toBe(400);
    expect(create.body.error.fields._).toMatch(/ownerId/);
    expect(create.body.error.fields._).toMatch(/\bid\b/);
    expect(create.body.error.fields._).toMatch(/createdAt/);
    expect(await countRows(t.server, 'clients')).toBe(before);

    const { body: client } = await t.alice.post('/api/clients', { name: 'Owned by Alice' });
    for (const extra of [
      { ownerId: bobUser.id },
      { id: '00000000-0000-4000-8000-000000000000' },
      { updatedAt: '2000-01-01T00:00:00Z' },
    ]) {
      const res = await t.alice.patch(`/api/clients/${client.id}`, { name: 'Hijacked', version: 1, ...extra });
      expect(res.status).toBe(400);
      expect(res.body.error.fields._).toContain(Object.keys(extra)[0]);
    }
    const jump = await t.alice.patch(`/api/clients/${client.id}`, { name: 'Jumped', version: 1000 });
    expect(jump.status).toBe(409);
    const after = await t.alice.get(`/api/clients/${client.id}`);
    expect(after.body).toEqual(client);
    expect((await t.bob.get(`/api/clients/${client.id}`)).status).toBe(404);
  });

  it('a stale version answers 409 with the current client and overwrites nothing', async () => {
    const { body: v1 } = await t.alice.post('/api/clients', { name: 'Concurrent Co' });
    const first = await t.alice.patch(`/api/clients/${v1.id}`, { company: 'Tab one', version: 1 });
    expect(first.status).toBe(200);
    const stale = await t.alice.patch(`/api/clients/${v1.id}`, { company: 'Tab two', version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.error).toMatchObject({ code: 'conflict', message: expect.any(String), current: first.body });
    expect((await t.alice.get(`/api/clients/${v1.id}`)).body).toEqual(first.body);
  });

  it('lists by name then id in pages, with no duplicates or gaps', async () => {
    const { client: carol } = await signUp(t.server, { name: 'Carol' });
    const names = Array.from({ length: 25 }, (_, i) => `Client ${String(i % 20).padStart(2, '0')}`);
    for (const name of [...names].reverse()) expect((await carol.post('/api/clients', { name })).status).toBe(201);

    const first = await carol.get('/api/clients?limit=10');
    expect(first.body.items).toHaveLength(10);
    expect(first.body.nextCursor).toEqual(expect.any(String));

    const { items, pages } = await carol.listAll('/api/clients', 10);
    expect(pages).toBe(3);
    expect(items).toHaveLength(25);
    expect(new Set(items.map((c) => c.id)).size).toBe(25);
    const sorted = [...items].sort((a, b) =>
      a.name === b.name ? String(a.id).localeCompare(String(b.id)) : String(a.name) < String(b.name) ? -1 : 1,
    );
    expect(items.map((c) => c.id)).toEqual(sorted.map((c) => c.id));
    expect(items.map((c) => c.name)).toEqual([...names].sort());

    const all = await carol.get('/api/clients');
    expect(all.body.items).toHaveLength(25);
    expect(all.body.nextCursor).toBeNull();
  });

  it('searches name, company and email case-insensitively', async () => {
    const { client: dave } = await signUp(t.server, { name: 'Dave' });
    await dave.post('/api/clients', { name: 'Northwind Traders', email: 'buyer@northwind.example' });
    await dave.post('/api/clients', { name: 'Jane Roe', company: 'NORTHWIND Holdings' });
    await dave.post('/api/clients', { name: 'John Doe', email: 'john@contoso.example' });
    await dave.post('/api/clients', { name: 'Someone Else' });

    const byName = await dave.get('/api/clients?q=northwind');
    expect(byName.status).toBe(200);
    expect(byName.body.items.map((c: { name: string }) => c.name)).toEqual(['Jane Roe', 'Northwind Traders']);
    const byEmail = await dave.get('/api/clients?q=CONTOSO');
    expect(byEmail.body.items.map((c: { name: string }) => c.name)).toEqual(['John Doe']);
    const blank = await dave.get('/api/clients?q=%20%20');
    expect(blank.body.items).toHaveLength(4);
    const none = await dave.get('/api/clients?q=zzz');
    expect(none.body).toEqual({ items: [], nextCursor: null });

    const paged = await dave.listAll('/api/clients?q=o', 1);
    expect(paged.items.map((c) => c.name)).toEqual(['Jane Roe', 'John Doe', 'Northwind Traders', 'Someone Else']);
  });

  it('A20: SQL and LIKE metacharacters in q match literally and change nothing', async () => {
    const { client: erin } = await signUp(t.server, { name: 'Erin' });
    const names = [
      '100% Organic',
      '100 Organic',
      'under_score',
      'underXscore',
      "O'Brien'; drop table clients; --",
      'OBrien',
      'back\\slash',
      'backslash',
    ];
    for (const name of names) expect((await erin.post('/api/clients', { name })).status).toBe(201);
    const before = await countRows(t.server, 'clients');

    const search = async (q: string) => {
      const res = await erin.get(`/api/clients?q=${encodeURIComponent(q)}`);
      expect(res.status).toBe(200);
      return res.body.items.map((c: { name: string }) => c.name);
    };
    expect(await search('%')).toEqual(['100% Organic']);
    expect(await search('_')).toEqual(['under_score']);
    expect(await search("'; drop table clients; --")).toEqual(["O'Brien'; drop table clients; --"]);
    expect(await search("'")).toEqual(["O'Brien'; drop table clients; --"]);
    expect(await search('\\')).toEqual(['back\\slash']);
    expect(await search('\\%')).toEqual([]);
    expect(await search('%_%')).toEqual([]);

    expect(await countRows(t.server, 'clients')).toBe(before);
    expect((await erin.get('/api/clients')).body.items).toHaveLength(names.length);
  });

  it('bad list parameters answer 400 naming the parameter', async () => {
    const cases: Array<[string, string]> = [
      ['cursor=nope', 'cursor'],
      [`cursor=${cursorOf({ k: 'x', id: 'not-a-uuid' })}`, 'cursor'],
      [`cursor=${cursorOf({ k: 3, id: '00000000-0000-4000-8000-000000000000' })}`, 'cursor'],
      [`cursor=${cursorOf({ k: 'a\u0000', id: '00000000-0000-4000-8000-000000000000' })}`, 'cursor'],
      [
        `cursor=${cursorOf({ k: "'; drop table clients; --", id: '00000000-0000-4000-8000-000000000000' })}&limit=1`,
        '',
      ],
      ['limit=0', 'limit'],
      ['limit=101', 'limit'],
      ['limit=ten', 'limit'],
      ['limit=1.5', 'limit'],
      [`q=${'q'.repeat(201)}`, 'q'],
      ['q=%00', 'q'],
      ['sort=name', '_'],
    ];
    for (const [query, field] of cases) {
      const res = await t.alice.get(`/api/clients?${query}`);
      if (field === '') {
        expect(res.status, query).toBe(200);
        continue;
      }
      expect(res.status, query).toBe(400);
      expect(res.body.error.code).toBe('invalid');
      expect(Object.keys(res.body.error.fields), query).toContain(field);
    }
  });

  it("A1: another user's client answers 404 everywhere and stays unchanged", async () => {
    const { body: secret } = await t.alice.post('/api/clients', {
      name: 'Alice Secret Client',
      email: 'secret@alice.example',
      notes: 'confidential',
    });
    const path = `/api/clients/${secret.id}`;

    const read = await t.bob.get(path);
    expect(read.status).toBe(404);
    expect(read.text).not.toContain('confidential');
    const change = await t.bob.patch(path, { name: 'Taken over', version: 1 });
    expect(change.status).toBe(404);
    expect(change.text).not.toContain('Alice Secret');
    const stale = await t.bob.patch(path, { name: 'Taken over', version: 7 });
    expect(stale.status).toBe(404);
    expect(stale.text).not.toContain('Alice Secret');
    expect((await t.bob.delete(path)).status).toBe(404);

    expect((await t.alice.get(path)).body).toEqual(secret);

    await t.bob.post('/api/clients', { name: 'Bob Own Client' });
    const bobList = await t.bob.listAll('/api/clients', 100);
    expect(bobList.items.length).toBeGreaterThan(0);
    const aliceIds = new Set((await t.alice.listAll('/api/clients', 100)).items.map((c) => c.id));
    expect(bobList.items.some((c) => aliceIds.has(c.id))).toBe(false);
    expect((await t.bob.get('/api/clients?q=Secret')).body.items).toEqual([]);

    // A cursor taken from Alice's list shows Bob only his own rows.
    const aliceFirst = await t.alice.get('/api/clients?limit=1');
    const bobAfterAliceCursor = await t.bob.get(`/api/clients?cursor=${aliceFirst.body.nextCursor}`);
    expect(bobAfterAliceCursor.status).toBe(200);
    expect(bobAfterAliceCursor.body.items.some((c: { id: string }) => aliceIds.has(c.id))).toBe(false);
  });

  it('an id that is not a uuid answers 404', async () => {
    for (const id of ['nope', '1', "1' or '1'='1", '00000000-0000-4000-8000-00000000000g']) {
      const path = `/api/clients/${encodeURIComponent(id)}`;
      expect((await t.alice.get(path)).status).toBe(404);
      expect((await t.alice.patch(path, { name: 'X', version: 1 })).status).toBe(404);
      expect((await t.alice.delete(path)).status).toBe(404);
    }
  });

  it('every route answers 401 without a session', async () => {
    const { body } = await t.alice.post('/api/clients', { name: 'Signed-in only' });
    const anon = t.server.client();
    const path = `/api/clients/${body.id}`;
    const results = [
      await anon.get('/api/clients'),
      await anon.post('/api/clients', { name: 'Anonymous' }),
      await anon.get(path),
      await anon.patch(path, { name: 'Anonymous', version: 1 }),
      await anon.delete(path),
    ];
    for (const res of results) {
      expect(res.status).toBe(401);
      expect(res.body.error.code).toBe('unauthenticated');
    }
    expect((await t.alice.get(path)).body).toEqual(body);
  });
});
