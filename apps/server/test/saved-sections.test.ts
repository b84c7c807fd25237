import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messages as contentDe } from '@draftwell/shared/i18n/catalogs/content/de';
import { messages as contentJa } from '@draftwell/shared/i18n/catalogs/content/ja';
import { createI18n } from '@draftwell/shared/i18n/i18n';
import { STARTER_SECTIONS, starterSections } from '@draftwell/shared/templates/starter-sections';
import {
  STRONG_PASSWORD,
  backends,
  countRows,
  nextIp,
  signUp,
  uniqueEmail,
  withTwoUsers,
  type Client,
} from './helpers';

type TJson = Record<string, unknown>;

const text = (value: string, marks?: TJson[]) => ({ type: 'text', text: value, ...(marks ? { marks } : {}) });
const variable = (name: string) => ({ type: 'variable', attrs: { name } });
const paragraph = (...content: TJson[]) => ({ type: 'paragraph', content });
const richText = (id: string, ...content: TJson[]) => ({ id, type: 'rich_text', content: { type: 'doc', content } });
const doc = (...blocks: TJson[]) => ({ version: 1, blocks });

/** About us: a heading, text around two variables, and a pricing table. */
const aboutContent = () =>
  doc(
    richText(
      'about',
      { type: 'heading', attrs: { level: 2 }, content: [text('About '), variable('sender.company')] },
      paragraph(text('We built this for '), variable('client.company'), text('.')),
    ),
    {
      id: 'fees',
      type: 'pricing_table',
      title: 'Retainer',
      kind: 'lines',
      lines: [
        {
          id: 'l1',
          description: 'Monthly support',
          quantity: 1000,
          unit: 'month',
          unitPrice: 50_000,
          discountPercent: 0,
          taxPercent: 0,
          billing: 'monthly',
          optional: false,
          selected: true,
        },
      ],
    },
  );

const section = (overrides: TJson = {}) => ({
  name: 'About the studio',
  category: 'About us',
  content: aboutContent(),
  ...overrides,
});

const EXAMPLE_NAMES = STARTER_SECTIONS.map((s) => s.name);

async function names(client: Client): Promise<string[]> {
  const { items } = await client.listAll('/api/saved-sections', 100);
  return items.map((s) => s.name as string);
}

describe.each(backends())('saved sections API (%s)', (backend) => {
  const t = withTwoUsers(backend);

  it('a new account starts with the example sections; asking again adds only those missing', async () => {
    const { client: carol } = await signUp(t.server, { name: 'Carol' });
    const { items } = await carol.listAll('/api/saved-sections', 100);
    expect(items.map((s) => s.name).sort()).toEqual([...EXAMPLE_NAMES].sort());
    expect(items.map((s) => s.category).sort()).toEqual(['About us', 'Case studies', 'Process', 'Terms']);
    const about = items.find((s) => s.name === 'About us')!;
    expect(about.preview).toMatch(/^About \[Your company\] · \[Your company\] is a small, senior team\./);
    const process = items.find((s) => s.name === 'Our process')!;
    expect(process.blockTypes).toEqual(['rich_text', 'timeline']);
    // The copy is the example itself, variables and all.
    const full = await carol.get(`/api/saved-sections/${about.id as string}`);
    expect(full.body.content).toEqual(STARTER_SECTIONS.find((s) => s.key === 'about-us')!.content);

    expect((await carol.post('/api/saved-sections/examples')).body).toEqual({ added: 0, examples: 4 });
    expect(await names(carol)).toHaveLength(4);

    // An edited example stays as the user left it; a deleted one comes back when asked for.
    expect(
      (await carol.patch(`/api/saved-sections/${about.id as string}`, { name: 'About Carol & Co', version: 1 })).status,
    ).toBe(200);
    expect((await carol.delete(`/api/saved-sections/${process.id as string}`)).status).toBe(204);
    expect((await carol.post('/api/saved-sections/examples')).body).toEqual({ added: 1, examples: 4 });
    expect((await names(carol)).sort()).toEqual([
      'About Carol & Co',
      'Case study',
      'Our process',
      'Terms and conditions',
    ]);
  });

  it('a new account’s examples are in the language it signs up in (the sign-up page’s: the device’s choice, else the browser’s closest of the app’s), else English', async () => {
    const signUpIn = async (acceptLanguage: string, cookie?: string) => {
      const client = t.server.client({ ip: nextIp() });
      const res = await client.post(
        '/api/auth/sign-up/email',
        { name: 'Polyglot', email: uniqueEmail(), password: STRONG_PASSWORD },
        { headers: { 'accept-language': acceptLanguage, ...(cookie ? { cookie } : {}) } },
      );
      expect(res.status, res.text).toBe(200);
      return client;
    };
    const GERMAN = starterSections(createI18n('de', contentDe));
    const german = await signUpIn('de-CH,de;q=0.9,en;q=0.8');
    const { items } = await german.listAll('/api/saved-sections', 100);
    expect(items.map((s) => s.name).sort()).toEqual(GERMAN.map((s) => s.name).sort());
    expect(items.map((s) => s.category).sort()).toEqual(GERMAN.map((s) => s.category).sort());
    const about = items.find((s) => s.name === GERMAN[0]!.name)!;
    // Its preview names the variables in the language too (it is written in the owner’s language).
    expect(about.preview).toMatch(/^Über \[Ihr Unternehmen\] · \[Ihr Unternehmen\] ist ein kleines Team/);
    const full = await german.get(`/api/saved-sections/${about.id as string}`);
    expect(full.body.content).toEqual(GERMAN[0]!.content);

    // Italian is a proposal language, not one of the app's: English.
    const italian = await signUpIn('it-IT,it;q=0.9');
    expect(await names(italian)).toEqual(expect.arrayContaining(EXAMPLE_NAMES));
    // The language chosen in the public pages' footer, which the sign-up page was shown in, wins.
    const french = await signUpIn('de-DE', 'draftwell_language=fr');
    expect(await names(french)).toContain('Étude de cas');

    // Asked for again later, an example comes back in the app's language of the account.
    const JAPANESE = starterSections(createI18n('ja', contentJa));
    await german.request('/api/account/app-language', { method: 'PUT', json: { appLanguage: 'ja' } });
    const study = items.find((s) => s.name === GERMAN[3]!.name)!;
    expect((await german.delete(`/api/saved-sections/${study.id as string}`)).status).toBe(204);
    expect((await german.post('/api/saved-sections/examples')).body).toEqual({ added: 1, examples: 4 });
    expect(await names(german)).toContain(JAPANESE[3]!.name);
  });

  it('the examples are added once even when asked for many times at once', async () => {
    const { client: dan, user } = await signUp(t.server, { name: 'Dan' });
    for (const s of (await dan.listAll('/api/saved-sections', 100)).items) {
      expect((await dan.delete(`/api/saved-sections/${s.id as string}`)).status).toBe(204);
    }
    const answers = await Promise.all(Array.from({ length: 6 }, () => dan.post('/api/saved-sections/examples')));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(answers.reduce((sum, a) => sum + (a.body.added as number), 0)).toBe(4);
    expect((await names(dan)).sort()).toEqual([...EXAMPLE_NAMES].sort());
    const rows = (await t.server.deps.database.db.execute(
      sql`select count(*)::int as n from saved_sections where owner_id = ${user.id}`,
    )) as unknown as { rows: Array<{ n: number }> };
    expect(rows.rows[0]!.n).toBe(4);
  });

  it('creates, reads, renames, recategorises, edits the content of and deletes a section', async () => {
    const created = await t.alice.post('/api/saved-sections', section());
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'About the studio',
      category: 'About us',
      content: aboutContent(),
      preview: 'About [Your company] · We built this for [Client company]. · Pricing table: Retainer',
      blockTypes: ['rich_text', 'pricing_table'],
      version: 1,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const path = `/api/saved-sections/${created.body.id as string}`;
    expect((await t.alice.get(path)).body).toEqual(created.body);

    const renamed = await t.alice.patch(path, { name: '  About us, short  ', version: 1 });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'About us, short', category: 'About us', version: 2 });

    const moved = await t.alice.patch(path, { category: 'Introductions', version: 2 });
    expect(moved.body).toMatchObject({ name: 'About us, short', category: 'Introductions', version: 3 });

    // New content: the preview and block types follow, the variables stay variables.
    const content = doc(richText('x', paragraph(text('Signed by '), variable('sender.name'))));
    const edited = await t.alice.patch(path, { content, version: 3 });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      content,
      preview: 'Signed by [Your name]',
      blockTypes: ['rich_text'],
      version: 4,
    });
    const listed = (await t.alice.listAll('/api/saved-sections', 100)).items.find((s) => s.id === created.body.id);
    expect(listed).toEqual({ ...edited.body, content: undefined, createdAt: listed!.createdAt });
    expect(listed).not.toHaveProperty('content');

    expect((await t.alice.delete(path)).status).toBe(204);
    expect((await t.alice.get(path)).status).toBe(404);
    expect((await t.alice.delete(path)).status).toBe(404);
    expect((await t.alice.patch(path, { name: 'Back', version: 4 })).status).toBe(404);
  });

  it('a stale version answers 409 with the current section and overwrites nothing', async () => {
    const { body } = await t.alice.post('/api/saved-sections', section({ name: 'Terms, short' }));
    const path = `/api/saved-sections/${body.id as string}`;
    const first = await t.alice.patch(path, { category: 'Terms', version: 1 });
    expect(first.status).toBe(200);
    const stale = await t.alice.patch(path, { name: 'Lost change', version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.error).toMatchObject({ code: 'conflict', current: first.body });
    expect((await t.alice.patch(path, { name: 'Jump', version: 2_147_483_647 })).status).toBe(409);
    expect((await t.alice.get(path)).body).toEqual(first.body);
  });

  it('refuses names, categories and content out of bounds with a message a person can act on, writing nothing', async () => {
    const many = doc(...Array.from({ length: 51 }, (_, i) => richText(`b${i}`, paragraph(text('x')))));
    const wordy = doc(
      richText('a', paragraph(text('w'.repeat(30_000)))),
      richText('b', paragraph(text('w'.repeat(20_001)))),
    );
    const heavy = doc(
      ...Array.from({ length: 40 }, (_, b) =>
        richText(
          `h${b}`,
          paragraph(
            ...Array.from({ length: 100 }, (_, i) =>
              text(String(i % 10), [{ type: 'bold' }, { type: 'italic' }, { type: 'underline' }]),
            ),
          ),
        ),
      ),
    );
    const cases: Array<[TJson, string, RegExp]> = [
      [{ name: '' }, 'name', /^Enter a name for the section\.$/],
      [{ name: '   ' }, 'name', /^Enter a name/],
      [{ name: 'n'.repeat(121) }, 'name', /^Use at most 120 characters for the name\.$/],
      [{ name: 7 }, 'name', /name/i],
      [{ category: '' }, 'category', /^Enter a category/],
      [{ category: 'c'.repeat(61) }, 'category', /^Use at most 60 characters for the category\.$/],
      [{ content: doc() }, 'content.blocks', /needs some content/],
      [{ content: many }, 'content.blocks', /at most 50 blocks \(this one has 51\)\. Select fewer blocks/],
      [{ content: wordy }, 'content.blocks', /at most 50,000 characters of text \(this one has 50,001\)/],
      [{ content: heavy }, 'content.blocks', /too large to save .*Select fewer blocks, or save them as two sections\./],
      [{ content: { version: 2, blocks: [] } }, 'content.version', /newer version/],
      [{ content: doc({ id: 'x', type: 'video' }) }, 'content.blocks.0.type', /"video" is not allowed here/],
      [
        {
          content: doc(
            richText('a', paragraph(text('click', [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }]))),
          ),
        },
        'content.blocks.0.content.content.0.content.0.marks.0.attrs.href',
        /must start with http/,
      ],
      [
        { content: doc(richText('a', paragraph(variable('client.password')))) },
        'content.blocks.0.content.content.0.content.0.attrs.name',
        /Use one of the variables/,
      ],
    ];
    const before = await countRows(t.server, 'saved_sections');
    for (const [override, field, message] of cases) {
      const res = await t.alice.post('/api/saved-sections', section(override));
      expect(res.status, JSON.stringify(override).slice(0, 80)).toBe(400);
      expect(JSON.stringify(res.body.error.fields)).toContain(`"${field}":`);
      expect(res.body.error.fields[field]).toMatch(message);
    }
    expect(await countRows(t.server, 'saved_sections')).toBe(before);

    const { body } = await t.alice.post('/api/saved-sections', section());
    const path = `/api/saved-sections/${body.id as string}`;
    for (const [override, field] of cases) {
      const res = await t.alice.patch(path, { ...override, version: 1 });
      expect(res.status).toBe(400);
      expect(res.body.error.fields).toHaveProperty([field]);
    }
    expect((await t.alice.get(path)).body).toEqual(body);
  });

  it('A23: text PostgreSQL cannot store is a 400 naming the field; odd but valid text is kept exactly', async () => {
    const before = await countRows(t.server, 'saved_sections');
    const hostile: Array<[TJson, string]> = [
      [{ name: 'About\u0000us' }, 'name'],
      [{ category: 'half an emoji \uD83D' }, 'category'],
      [
        { content: doc(richText('a', paragraph(text('\uDE00 low half first')))) },
        'content.blocks.0.content.content.0.content.0.text',
      ],
      [
        { content: doc(richText('a', paragraph(text('nul \u0000 inside')))) },
        'content.blocks.0.content.content.0.content.0.text',
      ],
    ];
    for (const [override, field] of hostile) {
      const res = await t.alice.post('/api/saved-sections', section(override));
      expect(res.status, field).toBe(400);
      expect(res.body.error.fields[field]).toMatch(/NUL|half of a character/);
    }
    // A key PostgreSQL cannot store, in a raw body (JSON.stringify would write it as an escape too).
    const rawKey = await t.alice.request('/api/saved-sections', {
      method: 'POST',
      body: '{"name":"x","category":"y","content":{"version":1,"blocks":[]},"\\udfff":1}',
      headers: { 'content-type': 'application/json' },
    });
    expect(rawKey.status).toBe(400);
    expect(await countRows(t.server, 'saved_sections')).toBe(before);

    const odd = {
      name: '\u200B\u202Eevil\u202C 🧪 Ωmega — “quotes” <script>alert(1)</script>',
      category: "it's'; drop table saved_sections; --",
      content: doc(
        richText('a', paragraph(text('\u0645\u0631\u062D\u0628\u0627 👩‍👩‍👧 e\u0301 \\ % _'), variable('client.name'))),
      ),
    };
    const created = await t.alice.post('/api/saved-sections', odd);
    expect(created.status).toBe(201);
    const read = await t.alice.get(`/api/saved-sections/${created.body.id as string}`);
    expect(read.body).toMatchObject({ name: odd.name.trim(), category: odd.category, content: odd.content });
    expect(read.headers.get('content-type')).toMatch(/^application\/json/);
  });

  it('A20: search matches name or category literally; a tampered cursor is a 400', async () => {
    const { client: erin } = await signUp(t.server, { name: 'Erin' });
    for (const [name, category] of [
      ['50% deposit terms', 'Terms'],
      ['50 deposit terms', 'Terms'],
      ['Team_bios', 'About us'],
      ['Team bios', 'About us'],
      ['Launch checklist', 'Process'],
    ]) {
      expect((await erin.post('/api/saved-sections', section({ name, category }))).status).toBe(201);
    }
    const search = async (q: string) => {
      const res = await erin.get(`/api/saved-sections?q=${encodeURIComponent(q)}`);
      expect(res.status).toBe(200);
      return res.body.items.map((s: { name: string }) => s.name);
    };
    expect(await search('%')).toEqual(['50% deposit terms']);
    expect(await search('_')).toEqual(['Team_bios']);
    expect(await search('process')).toEqual(['Launch checklist', 'Our process']);
    expect(await search("'; drop table saved_sections; --")).toEqual([]);

    const cursor = (k: string) =>
      Buffer.from(JSON.stringify({ k, id: '00000000-0000-4000-8000-000000000000' })).toString('base64url');
    for (const bad of [
      'garbage',
      cursor('not json'),
      cursor('["only one"]'),
      cursor('[1,2]'),
      cursor('["a\\u0000","b"]'),
      cursor('["\\ud800","b"]'),
    ]) {
      const res = await erin.get(`/api/saved-sections?cursor=${bad}`);
      expect(res.status, bad).toBe(400);
      expect(res.body.error.fields.cursor).toBe('Not a cursor this server gave out.');
    }
    expect((await erin.get('/api/saved-sections?limit=500')).status).toBe(400);
    expect((await erin.get('/api/saved-sections?q=%00')).status).toBe(400);
    expect((await erin.get('/api/saved-sections?sort=name;drop')).status).toBe(400);
  });

  it('lists by category, then name, a page at a time, and counts the categories', async () => {
    const { client: fay } = await signUp(t.server, { name: 'Fay' });
    for (let i = 0; i < 14; i += 1) {
      const category = ['Bios', 'Cover', 'Terms'][i % 3]!;
      expect(
        (await fay.post('/api/saved-sections', section({ name: `Part ${String(i).padStart(2, '0')}`, category })))
          .status,
      ).toBe(201);
    }
    const { items, pages } = await fay.listAll('/api/saved-sections', 4);
    expect(items).toHaveLength(18);
    expect(pages).toBe(5);
    expect(new Set(items.map((s) => s.id)).size).toBe(18);
    // Plain ASCII names and categories of one case sort alike in every collation.
    const keys = items.map((s) => `${s.category as string}\u0001${s.name as string}`);
    expect(keys).toEqual([...keys].sort());

    expect((await fay.get('/api/saved-sections/categories')).body).toEqual({
      categories: [
        { name: 'About us', sections: 1 },
        { name: 'Bios', sections: 5 },
        { name: 'Case studies', sections: 1 },
        { name: 'Cover', sections: 5 },
        { name: 'Process', sections: 1 },
        { name: 'Terms', sections: 5 },
      ],
    });
  });

  it('counts in no plan limit: a free account saves more sections than its own templates allow', async () => {
    const { client: gus } = await signUp(t.server, { name: 'Gus' });
    for (let i = 0; i < 8; i += 1) {
      expect((await gus.post('/api/saved-sections', section({ name: `Section ${i}` }))).status).toBe(201);
    }
    const billing = await gus.get('/api/billing');
    expect(billing.status).toBe(200);
    expect(billing.body.plan).toBe('free');
    expect(JSON.stringify(billing.body)).not.toMatch(/section/i);
    const own = (billing.body.meters as Array<{ action: string; used: number }>).find(
      (m) => m.action === 'ownTemplates',
    );
    expect(own?.used).toBe(0);
  });

  it('A2: ownerId, id, starterKey, preview, blockTypes, version jumps and unknown keys are refused', async () => {
    const bobId = (await t.bob.session())!.user.id;
    const before = await countRows(t.server, 'saved_sections');
    for (const extra of [
      { ownerId: bobId },
      { id: '00000000-0000-4000-8000-000000000000' },
      { starterKey: 'about-us' },
      { preview: 'forged' },
      { blockTypes: ['signature'] },
      { version: 7 },
      { createdAt: '2000-01-01' },
    ]) {
      const res = await t.alice.post('/api/saved-sections', section(extra));
      expect(res.status, JSON.stringify(extra)).toBe(400);
      expect(res.body.error.fields._).toContain(Object.keys(extra)[0]);
    }
    expect(await countRows(t.server, 'saved_sections')).toBe(before);
    const { body } = await t.alice.post('/api/saved-sections', section());
    for (const extra of [{ ownerId: bobId }, { preview: 'forged' }, { starterKey: 'terms' }]) {
      expect(
        (await t.alice.patch(`/api/saved-sections/${body.id as string}`, { name: 'x', version: 1, ...extra })).status,
      ).toBe(400);
    }
    expect((await t.alice.get(`/api/saved-sections/${body.id as string}`)).body).toEqual(body);
  });

  it("A1: another user's section answers 404 everywhere, and lists, categories and examples stay each owner's", async () => {
    const { body: secret } = await t.alice.post(
      '/api/saved-sections',
      section({ name: 'Alice secret pitch', category: 'Alice secret category' }),
    );
    const path = `/api/saved-sections/${secret.id as string}`;
    expect((await t.bob.get(path)).status).toBe(404);
    const change = await t.bob.patch(path, { name: 'Taken', version: 1 });
    expect(change.status).toBe(404);
    expect(change.text).not.toContain('secret');
    expect((await t.bob.patch(path, { name: 'Taken', version: 9 })).status).toBe(404);
    expect((await t.bob.delete(path)).status).toBe(404);
    expect((await t.alice.get(path)).body).toEqual(secret);

    const bobList = await t.bob.listAll('/api/saved-sections', 100);
    expect(bobList.items.some((s) => s.id === secret.id)).toBe(false);
    expect((await t.bob.get('/api/saved-sections?q=secret')).body.items).toEqual([]);
    expect(JSON.stringify((await t.bob.get('/api/saved-sections/categories')).body)).not.toContain('secret');
    const aliceBefore = await countRows(t.server, 'saved_sections');
    expect((await t.bob.post('/api/saved-sections/examples')).body.added).toBe(0);
    expect(await countRows(t.server, 'saved_sections')).toBe(aliceBefore);

    for (const id of ['nope', "1' or '1'='1", '00000000-0000-0000-0000-000000000000']) {
      const p = `/api/saved-sections/${encodeURIComponent(id)}`;
      expect((await t.alice.get(p)).status).toBe(404);
      expect((await t.alice.patch(p, { name: 'x', version: 1 })).status).toBe(404);
      expect((await t.alice.delete(p)).status).toBe(404);
    }
  });

  it('every route answers 401 without a session', async () => {
    const { body } = await t.alice.post('/api/saved-sections', section());
    const anon = t.server.client();
    const path = `/api/saved-sections/${body.id as string}`;
    for (const res of [
      await anon.get('/api/saved-sections'),
      await anon.get('/api/saved-sections/categories'),
      await anon.post('/api/saved-sections', section()),
      await anon.post('/api/saved-sections/examples'),
      await anon.get(path),
      await anon.patch(path, { name: 'x', version: 1 }),
      await anon.delete(path),
    ]) {
      expect(res.status).toBe(401);
    }
    expect((await t.alice.get(path)).body).toEqual(body);
  });

  it("the account's data export holds its sections, content and all, and no one else's", async () => {
    const { client: hal } = await signUp(t.server, { name: 'Hal' });
    const mine = await hal.post('/api/saved-sections', section({ name: 'Hal pitch' }));
    await t.bob.post('/api/saved-sections', section({ name: 'Bob private pitch' }));
    const exported = await hal.get('/api/account/export');
    expect(exported.status).toBe(200);
    const sections = exported.body.savedSections as Array<TJson>;
    expect(sections.map((s) => s.name).sort()).toEqual([...EXAMPLE_NAMES, 'Hal pitch'].sort());
    expect(sections.find((s) => s.id === mine.body.id)).toMatchObject({
      name: 'Hal pitch',
      category: 'About us',
      content: aboutContent(),
      starterKey: null,
    });
    expect(sections.find((s) => s.name === 'Terms and conditions')).toMatchObject({ starterKey: 'terms' });
    expect(exported.text).not.toContain('Bob private pitch');
  });
});
