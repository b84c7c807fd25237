import { documentTotals, type TDocument } from '@draftwell/shared';
import { messages as contentDe } from '@draftwell/shared/i18n/catalogs/content/de';
import { messages as contentJa } from '@draftwell/shared/i18n/catalogs/content/ja';
import { createI18n } from '@draftwell/shared/i18n/i18n';
import {
  STARTER_TEMPLATES,
  findStarterTemplate,
  starterTemplates,
} from '@draftwell/shared/templates/starter-templates';
import { describe, expect, it } from 'vitest';
import { backends, countRows, signUp, withTwoUsers, type Client } from './helpers';
import { makeKey, verifiedOwner, withKey } from './public-api-support';

function sampleDocument(title = 'Scope'): TDocument {
  return {
    version: 1,
    blocks: [
      {
        id: 'intro',
        type: 'rich_text',
        content: {
          type: 'doc',
          content: [
            { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: title }] },
            {
              type: 'paragraph',
              content: [
                { type: 'text', text: 'Hello ' },
                { type: 'variable', attrs: { name: 'client.name' } },
              ],
            },
          ],
        },
      },
      {
        id: 'price',
        type: 'pricing_table',
        title: 'Fees',
        kind: 'lines',
        lines: [
          {
            id: 'l1',
            description: 'Audit',
            quantity: 2000,
            unit: 'day',
            unitPrice: 80_000,
            discountPercent: 0,
            taxPercent: 1000,
            billing: 'one_off',
            optional: false,
            selected: true,
          },
        ],
      },
    ],
  };
}

describe.each(backends())('templates API (%s)', (backend) => {
  // A paid plan: these tests make more own templates than the free plan's 3 (billing.test.ts has the limit).
  const t = withTwoUsers(backend, { DEFAULT_PLAN: 'pro' });

  it('lists the six starters, and no templates of their own, for a new user', async () => {
    const carol = (await signUp(t.server, { name: 'Carol' })).client;
    const res = await carol.get('/api/templates');
    expect(res.status).toBe(200);
    expect(res.body.items).toEqual([]);
    expect(res.body.nextCursor).toBeNull();
    expect(res.body.starters).toHaveLength(6);
    expect(res.body.starters.map((s: { id: string }) => s.id)).toEqual(STARTER_TEMPLATES.map((t) => t.id));
    expect(res.body.starters[0]).toEqual({
      id: 'starter-web-design',
      kind: 'starter',
      name: STARTER_TEMPLATES[0]!.name,
      description: STARTER_TEMPLATES[0]!.description,
      category: STARTER_TEMPLATES[0]!.category,
      version: 0,
      createdAt: null,
      updatedAt: null,
    });
    expect(res.body.starters[0]).not.toHaveProperty('document');

    const search = await carol.get('/api/templates?q=photo');
    expect(search.body.starters.map((s: { id: string }) => s.id)).toEqual(['starter-photography']);
  });

  it('reads a starter by its id, and answers 404 for an unknown one', async () => {
    const res = await t.alice.get('/api/templates/starter-consulting');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: 'starter-consulting', kind: 'starter', name: 'Consulting engagement' });
    expect(res.body.document).toEqual(findStarterTemplate('starter-consulting')!.document);
    expect((await t.alice.get('/api/templates/starter-unknown')).status).toBe(404);
    expect((await t.alice.get('/api/templates/not-a-uuid')).status).toBe(404);
  });

  it('uses a starter: a new draft with its document, its name as title and correct totals', async () => {
    const starter = findStarterTemplate('starter-marketing-retainer')!;
    const res = await t.alice.post('/api/templates/starter-marketing-retainer/use');
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      title: starter.name,
      status: 'draft',
      number: expect.stringMatching(/^P-\d{4}-\d{4}$/),
      version: 1,
    });
    expect(res.body.document).toEqual(starter.document);
    expect(res.body.totals).toEqual(documentTotals(starter.document));
    expect(res.body.totals.monthly.total).toBe(450_000);
    expect(res.body.totals.one_off.total).toBe(250_000);

    const read = await t.alice.get(`/api/proposals/${res.body.id}`);
    expect(read.status).toBe(200);
    expect(read.body.document).toEqual(starter.document);

    // The draft's document is a copy: editing it leaves the starter as it was.
    const edited = await t.alice.patch(`/api/proposals/${res.body.id}`, {
      version: 1,
      document: { version: 1, blocks: [] },
    });
    expect(edited.status).toBe(200);
    expect((await t.alice.get('/api/templates/starter-marketing-retainer')).body.document).toEqual(starter.document);
  });

  it('creates, reads, lists, updates and deletes an own template', async () => {
    const created = await t.alice.post('/api/templates', {
      name: '  Audit proposal ',
      description: 'Two-day audit',
      category: 'Consulting',
      document: sampleDocument(),
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      kind: 'own',
      name: 'Audit proposal',
      description: 'Two-day audit',
      category: 'Consulting',
      document: sampleDocument(),
      version: 1,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(created.body).not.toHaveProperty('ownerId');
    const id = created.body.id as string;
    const path = `/api/templates/${id}`;

    expect((await t.alice.get(path)).body).toEqual(created.body);
    const { document: _document, ...summary } = created.body;
    const list = await t.alice.get('/api/templates?q=audit');
    expect(list.body.items).toEqual([summary]);

    const updated = await t.alice.patch(path, {
      name: 'Audit (two days)',
      document: sampleDocument('New'),
      version: 1,
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ name: 'Audit (two days)', description: 'Two-day audit', version: 2 });
    expect(updated.body.document).toEqual(sampleDocument('New'));

    const used = await t.alice.post(`${path}/use`);
    expect(used.status).toBe(201);
    expect(used.body.title).toBe('Audit (two days)');
    expect(used.body.document).toEqual(sampleDocument('New'));
    expect(used.body.totals.one_off).toEqual({ net: 160_000, discount: 0, tax: 16_000, total: 176_000 });

    expect((await t.alice.delete(path)).status).toBe(204);
    expect((await t.alice.get(path)).status).toBe(404);
    expect((await t.alice.delete(path)).status).toBe(404);
    expect((await t.alice.patch(path, { name: 'Back', version: 2 })).status).toBe(404);
  });

  it('lists own templates most recently changed first, by keyset pages', async () => {
    const dave = (await signUp(t.server, { name: 'Dave' })).client;
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await dave.post('/api/templates', { name: `Template ${i}`, document: sampleDocument() });
      ids.push(res.body.id);
    }
    await dave.patch(`/api/templates/${ids[0]}`, { name: 'Template 0 again', version: 1 });
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await dave.get(`/api/templates?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.status).toBe(200);
      expect(res.body.starters).toHaveLength(6);
      seen.push(...res.body.items.map((t: { id: string }) => t.id));
      cursor = res.body.nextCursor;
      pages += 1;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(seen).toEqual([ids[0], ids[4], ids[3], ids[2], ids[1]]);
    expect((await dave.get('/api/templates?cursor=nonsense')).status).toBe(400);
  });

  it('duplicates a starter and an own template into copies of the user', async () => {
    const starter = findStarterTemplate('starter-photography')!;
    const copy = await t.alice.post('/api/templates/starter-photography/duplicate');
    expect(copy.status).toBe(201);
    expect(copy.body).toMatchObject({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      kind: 'own',
      name: `Copy of ${starter.name}`,
      category: starter.category,
      version: 1,
    });
    expect(copy.body.document).toEqual(starter.document);

    const again = await t.alice.post(`/api/templates/${copy.body.id}/duplicate`);
    expect(again.status).toBe(201);
    expect(again.body.name).toBe(`Copy of Copy of ${starter.name}`);
    expect(again.body.id).not.toBe(copy.body.id);

    // The copy is the user's own: it can be changed, and the starter stays as it was.
    expect((await t.alice.patch(`/api/templates/${copy.body.id}`, { name: 'My shoots', version: 1 })).status).toBe(200);
    expect((await t.alice.get('/api/templates/starter-photography')).body.name).toBe(starter.name);
  });

  it('gives every copy a name of its own: never a starter’s, never another template’s, in any case', async () => {
    const { client: erin } = await signUp(t.server, { name: 'Erin' });
    const names: string[] = [];
    for (let i = 0; i < 3; i++) names.push((await erin.post('/api/templates/starter-web-design/duplicate')).body.name);
    expect(names).toEqual([
      'Copy of Website design and build',
      'Copy of Website design and build (2)',
      'Copy of Website design and build (3)',
    ]);

    // A name the user gave by hand counts too, whatever its case; a gap is filled.
    const own = await erin.post('/api/templates', { name: 'Retainer', document: sampleDocument() });
    expect((await erin.post('/api/templates', { name: 'COPY OF RETAINER', document: sampleDocument() })).status).toBe(
      201,
    );
    expect((await erin.post(`/api/templates/${own.body.id}/duplicate`)).body.name).toBe('Copy of Retainer (2)');
    const second = names[1]!;
    const secondId = (await erin.get('/api/templates?q=and%20build%20(2)')).body.items[0].id as string;
    expect((await erin.delete(`/api/templates/${secondId}`)).status).toBe(204);
    expect((await erin.post('/api/templates/starter-web-design/duplicate')).body.name).toBe(second);

    // LIKE's own characters in a name are only characters.
    const odd = await erin.post('/api/templates', { name: '100%_off', document: sampleDocument() });
    expect((await erin.post(`/api/templates/${odd.body.id}/duplicate`)).body.name).toBe('Copy of 100%_off');
    expect((await erin.post(`/api/templates/${odd.body.id}/duplicate`)).body.name).toBe('Copy of 100%_off (2)');

    // At the length limit the number still shows, and stays within the limit.
    const long = await erin.post('/api/templates', { name: 'L'.repeat(120), document: sampleDocument() });
    const a = (await erin.post(`/api/templates/${long.body.id}/duplicate`)).body.name as string;
    const b = (await erin.post(`/api/templates/${long.body.id}/duplicate`)).body.name as string;
    expect(a).toBe(`Copy of ${'L'.repeat(112)}`);
    expect(b).toBe(`Copy of ${'L'.repeat(108)} (2)`);
    expect(b).toHaveLength(120);
  });

  it('refuses to change or delete a starter, with a clear message', async () => {
    const removed = await t.alice.delete('/api/templates/starter-web-design');
    expect(removed.status).toBe(404);
    expect(removed.body.error.message).toMatch(/starter templates are built in/i);
    const changed = await t.alice.patch('/api/templates/starter-web-design', { name: 'Mine', version: 1 });
    expect(changed.status).toBe(404);
    expect(changed.body.error.message).toMatch(/duplicate/i);
    expect((await t.alice.get('/api/templates/starter-web-design')).body.name).toBe(STARTER_TEMPLATES[0]!.name);
  });

  it("saves a proposal's document as a template, for the proposal's owner only", async () => {
    const draft = await t.alice.post('/api/proposals', { title: 'Kitchen refit' });
    const saved = await t.alice.patch(`/api/proposals/${draft.body.id}`, {
      version: 1,
      document: sampleDocument('Refit'),
    });
    expect(saved.status).toBe(200);

    const res = await t.alice.post(`/api/templates/from-proposal/${draft.body.id}`, {});
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ kind: 'own', name: 'Kitchen refit', description: '', category: '', version: 1 });
    expect(res.body.document).toEqual(sampleDocument('Refit'));

    const named = await t.alice.post(`/api/templates/from-proposal/${draft.body.id}`, {
      name: 'Refit',
      category: 'Interiors',
    });
    expect(named.status).toBe(201);
    expect(named.body).toMatchObject({ name: 'Refit', category: 'Interiors' });

    const before = await countRows(t.server, 'templates');
    expect((await t.bob.post(`/api/templates/from-proposal/${draft.body.id}`, {})).status).toBe(404);
    expect((await t.alice.post('/api/templates/from-proposal/not-a-uuid', {})).status).toBe(404);
    expect((await t.alice.post('/api/templates/from-proposal/00000000-0000-4000-8000-000000000000', {})).status).toBe(
      404,
    );
    const extra = await t.alice.post(`/api/templates/from-proposal/${draft.body.id}`, { document: sampleDocument() });
    expect(extra.status).toBe(400);
    expect(await countRows(t.server, 'templates')).toBe(before);
  });

  it("A1: another user's template answers 404 everywhere, stays unchanged and is never listed", async () => {
    const { body: template } = await t.alice.post('/api/templates', {
      name: 'Alice private',
      description: 'Only for Alice',
      document: sampleDocument(),
    });
    const path = `/api/templates/${template.id}`;
    const templatesBefore = await countRows(t.server, 'templates');
    const proposalsBefore = await countRows(t.server, 'proposals');
    const results = [
      await t.bob.get(path),
      await t.bob.patch(path, { name: 'Bob was here', version: 1 }),
      await t.bob.delete(path),
      await t.bob.post(`${path}/duplicate`),
      await t.bob.post(`${path}/use`),
    ];
    for (const res of results) {
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('not_found');
      expect(res.text).not.toContain('Alice private');
    }
    expect(await countRows(t.server, 'templates')).toBe(templatesBefore);
    expect(await countRows(t.server, 'proposals')).toBe(proposalsBefore);
    expect((await t.alice.get(path)).body).toEqual(template);

    for (const q of ['', '?q=Alice', '?q=private', `?q=${template.id}`]) {
      const list = await t.bob.get(`/api/templates${q}`);
      expect(list.status).toBe(200);
      expect(list.text).not.toContain(template.id);
      expect(list.text).not.toContain('Alice private');
    }
  });

  it('A2: ownerId, id and other unknown keys are refused with 400 naming them', async () => {
    const bobUser = (await t.bob.session())!.user;
    const before = await countRows(t.server, 'templates');
    const create = await t.alice.post('/api/templates', {
      name: 'Mass assign',
      document: sampleDocument(),
      ownerId: bobUser.id,
      id: '00000000-0000-4000-8000-000000000000',
      kind: 'starter',
    });
    expect(create.status).toBe(400);
    expect(create.body.error.fields._).toMatch(/ownerId/);
    expect(create.body.error.fields._).toMatch(/\bid\b/);
    expect(create.body.error.fields._).toMatch(/kind/);
    expect(await countRows(t.server, 'templates')).toBe(before);

    const { body: template } = await t.alice.post('/api/templates', {
      name: 'Owned by Alice',
      document: sampleDocument(),
    });
    for (const extra of [
      { ownerId: bobUser.id },
      { id: '00000000-0000-4000-8000-000000000000' },
      { createdAt: '2000-01-01T00:00:00Z' },
    ]) {
      const res = await t.alice.patch(`/api/templates/${template.id}`, { name: 'Hijacked', version: 1, ...extra });
      expect(res.status).toBe(400);
      expect(res.body.error.fields._).toContain(Object.keys(extra)[0]);
    }
    expect((await t.alice.get(`/api/templates/${template.id}`)).body).toEqual(template);
  });

  it('refuses invalid fields with a message for each', async () => {
    const missing = await t.alice.post('/api/templates', { document: sampleDocument() });
    expect(missing.status).toBe(400);
    expect(missing.body.error.fields).toHaveProperty('name');

    const long = await t.alice.post('/api/templates', {
      name: 'x'.repeat(121),
      description: 'd'.repeat(501),
      category: 'c'.repeat(61),
      document: sampleDocument(),
    });
    expect(long.status).toBe(400);
    expect(Object.keys(long.body.error.fields).sort()).toEqual(['category', 'description', 'name']);

    const noDocument = await t.alice.post('/api/templates', { name: 'No document' });
    expect(noDocument.status).toBe(400);
    expect(noDocument.body.error.fields).toHaveProperty('document');
  });

  it('refuses a template document with a javascript: link', async () => {
    const document = sampleDocument();
    const intro = document.blocks[0]!;
    if (intro.type !== 'rich_text') throw new Error('sample starts with rich text');
    intro.content.content.push({
      type: 'paragraph',
      content: [{ type: 'text', text: 'Click', marks: [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }] }],
    });
    const before = await countRows(t.server, 'templates');
    const res = await t.alice.post('/api/templates', { name: 'Hostile', document });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body.error.fields)).toMatch(/http:\/\/, https:\/\/ or mailto:/);
    expect(await countRows(t.server, 'templates')).toBe(before);

    const { body: template } = await t.alice.post('/api/templates', { name: 'Benign', document: sampleDocument() });
    const patched = await t.alice.patch(`/api/templates/${template.id}`, { document, version: 1 });
    expect(patched.status).toBe(400);
    expect((await t.alice.get(`/api/templates/${template.id}`)).body.version).toBe(1);
  });

  it('answers 409 with the current template on a stale version', async () => {
    const { body: template } = await t.alice.post('/api/templates', { name: 'Versioned', document: sampleDocument() });
    const path = `/api/templates/${template.id}`;
    const first = await t.alice.patch(path, { name: 'First edit', version: 1 });
    expect(first.status).toBe(200);
    const stale = await t.alice.patch(path, { name: 'Stale edit', version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.error).toMatchObject({ code: 'conflict', message: expect.stringMatching(/changed elsewhere/) });
    expect(stale.body.error.current).toEqual(first.body);
    expect((await t.alice.get(path)).body.name).toBe('First edit');
  });

  it('every route answers 401 without a session', async () => {
    const { body } = await t.alice.post('/api/templates', { name: 'Signed-in only', document: sampleDocument() });
    const { body: proposal } = await t.alice.post('/api/proposals', { title: 'Signed-in only' });
    const anon = t.server.client();
    const path = `/api/templates/${body.id}`;
    const results = [
      await anon.get('/api/templates'),
      await anon.post('/api/templates', { name: 'Anonymous', document: sampleDocument() }),
      await anon.get(path),
      await anon.get('/api/templates/starter-web-design'),
      await anon.patch(path, { name: 'Anonymous', version: 1 }),
      await anon.delete(path),
      await anon.post(`${path}/duplicate`),
      await anon.post('/api/templates/starter-web-design/use'),
      await anon.post(`/api/templates/from-proposal/${proposal.id}`, {}),
    ];
    for (const res of results) {
      expect(res.status).toBe(401);
      expect(res.body.error.code).toBe('unauthenticated');
    }
    expect((await t.alice.get(path)).body).toEqual(body);
  });

  describe('in the owner’s and the proposal’s language (issue 25 part 7)', () => {
    const GERMAN = starterTemplates(createI18n('de', contentDe));
    const JAPANESE = starterTemplates(createI18n('ja', contentJa));
    const profile = (c: Client, defaultLanguage: string) =>
      c.request('/api/profile', {
        method: 'PUT',
        json: {
          displayName: 'Polyglot',
          company: 'Polyglot & Co',
          jobTitle: '',
          phone: '',
          website: '',
          address: '',
          brandColor: '#0f766e',
          defaultCurrency: 'EUR',
          defaultTaxRate: 1900,
          defaultValidityDays: 30,
          emailSignature: '',
          defaultLanguage,
          version: 0,
        },
      });
    /**
     * Every text of a document a reader sees (variables and durations left out), sorted: a stored
     * document comes back with its keys in jsonb's order.
     */
    const textsOf = (document: TDocument): string[] => {
      const out: string[] = [];
      const walk = (node: unknown) => {
        if (Array.isArray(node)) node.forEach(walk);
        else if (node && typeof node === 'object' && (node as { type?: unknown }).type !== 'variable') {
          for (const [key, child] of Object.entries(node)) {
            if (typeof child === 'string' && ['text', 'title', 'description', 'unit', 'role'].includes(key)) {
              out.push(child);
            } else if (key !== 'when') walk(child);
          }
        }
      };
      walk(document);
      return out.sort();
    };
    const ENGLISH = /(?<![\p{L}\p{N}])(the|and|you|your|we|our|with|will|of|to|is|are|this)(?![\p{L}\p{N}])/iu;

    it('lists and shows the starters in the owner’s app language: Profile’s, else the browser’s, else English', async () => {
      const { client } = await signUp(t.server, { name: 'Dora' });
      const german = { headers: { 'accept-language': 'de-AT,de;q=0.9,en;q=0.5' } };
      const list = await client.get('/api/templates', german);
      expect(list.status, list.text).toBe(200);
      expect(list.body.starters.map((s: { id: string }) => s.id)).toEqual(GERMAN.map((s) => s.id));
      expect(list.body.starters[0]).toMatchObject({
        name: GERMAN[0]!.name,
        description: GERMAN[0]!.description,
        category: GERMAN[0]!.category,
      });
      // The search reads the words shown.
      const search = await client.get('/api/templates?q=Fotografie', german);
      expect(search.body.starters.map((s: { id: string }) => s.id)).toEqual(['starter-photography']);
      // A language the app does not speak: English.
      const italian = await client.get('/api/templates', { headers: { 'accept-language': 'it-IT,it' } });
      expect(italian.body.starters[0].name).toBe(STARTER_TEMPLATES[0]!.name);

      // The account's own choice wins over the browser's.
      const chosen = await client.request('/api/account/app-language', { method: 'PUT', json: { appLanguage: 'ja' } });
      expect(chosen.status, chosen.text).toBe(200);
      expect((await client.get('/api/templates', german)).body.starters[3].name).toBe(JAPANESE[3]!.name);
      const preview = await client.get('/api/templates/starter-consulting', german);
      expect(preview.body).toMatchObject({ name: JAPANESE[3]!.name, document: JAPANESE[3]!.document });
      const copy = await client.post('/api/templates/starter-consulting/duplicate', {}, german);
      expect(copy.status, copy.text).toBe(201);
      expect(copy.body.name).toBe(`${JAPANESE[3]!.name} のコピー`);
      expect(copy.body.description).toBe(JAPANESE[3]!.description);
      expect(textsOf(copy.body.document)).toEqual(textsOf(JAPANESE[3]!.document));
    });

    it('writes a proposal from a starter in the proposal’s language, with no English sentence left', async () => {
      const { client } = await signUp(t.server, { name: 'Greta' });
      expect((await profile(client, 'de')).status).toBe(200);
      // The proposal's language decides, not the app's or the browser's.
      await client.request('/api/account/app-language', { method: 'PUT', json: { appLanguage: 'ja' } });
      for (const starter of GERMAN) {
        const res = await client.post(`/api/templates/${starter.id}/use`, {}, { headers: { 'accept-language': 'ja' } });
        expect(res.status, res.text).toBe(201);
        expect(res.body).toMatchObject({ title: starter.name, language: 'de' });
        const document = res.body.document as TDocument;
        expect(textsOf(document)).toEqual(textsOf(starter.document));
        expect(textsOf(document).filter((text) => ENGLISH.test(text))).toEqual([]);
        const english = new Set(textsOf(findStarterTemplate(starter.id)!.document).filter((s) => s.length > 12));
        expect(textsOf(document).filter((text) => english.has(text))).toEqual([]);
        // The amounts are the starter's, with the profile's tax.
        expect(res.body.totals.one_off.net).toBe(documentTotals(starter.document).one_off.net);
      }
    });

    it('/api/v1 writes a proposal from a starter in the language it takes: asked for, else the client’s', async () => {
      const owner = await verifiedOwner(t.server, 'Kenji');
      const { key } = await makeKey(owner.client, ['proposals:write', 'clients:write']);
      const asked = await withKey(t.server, key, '/api/v1/proposals', {
        method: 'POST',
        json: { templateId: 'starter-consulting', language: 'ja' },
      });
      expect(asked.status, asked.text).toBe(201);
      expect(asked.body).toMatchObject({ title: JAPANESE[3]!.name, language: 'ja' });
      expect(textsOf(asked.body.document)).toEqual(textsOf(JAPANESE[3]!.document));

      const client = await withKey(t.server, key, '/api/v1/clients', {
        method: 'POST',
        json: { name: 'Jonas Weber', language: 'de' },
      });
      const fromClient = await withKey(t.server, key, '/api/v1/proposals', {
        method: 'POST',
        json: { templateId: 'starter-consulting', clientId: client.body.id, title: 'Strategie 2028' },
      });
      expect(fromClient.status, fromClient.text).toBe(201);
      expect(fromClient.body).toMatchObject({ title: 'Strategie 2028', language: 'de' });
      expect(textsOf(fromClient.body.document)).toEqual(textsOf(GERMAN[3]!.document));
    });

    it('writes it in English when the proposal’s language is not one of the app’s six', async () => {
      const { client } = await signUp(t.server, { name: 'Ilaria' });
      expect((await profile(client, 'it')).status).toBe(200);
      const res = await client.post(
        '/api/templates/starter-photography/use',
        {},
        { headers: { 'accept-language': 'de' } },
      );
      expect(res.status, res.text).toBe(201);
      expect(res.body).toMatchObject({ title: 'Photography package', language: 'it' });
      expect(textsOf(res.body.document)).toEqual(textsOf(findStarterTemplate('starter-photography')!.document));
    });
  });
});
