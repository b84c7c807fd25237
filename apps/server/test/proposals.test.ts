import { documentTotals, type TDocument } from '@draftwell/shared';
import type { TSharedProposal } from '@draftwell/shared/share/share-api';
import type {
  TProposal,
  TProposalListItem,
  TProposalListQuery,
  TProposalSummary,
} from '@draftwell/shared/workspace/proposals';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purgeDeletedProposals, RESTORE_WINDOW_MS } from '../src/modules/proposals/deleted';
import { businessProfiles, clients, proposalEvents, proposals } from '../src/db/schema';
import { proposalListSelect } from '../src/modules/proposals/proposals.service';
import { backends, nextIp, signUp, startTestServer, type Client, type TTestServer } from './helpers';
import { readyDraft, send, sellingDocument, verifyEmail } from './proposal-fixtures';

const YEAR = new Date().getUTCFullYear();
const MISSING_ID = '00000000-0000-4000-8000-000000000000';

const pricedDocument = (): TDocument => ({
  version: 1,
  blocks: [
    {
      id: 'intro',
      type: 'rich_text',
      content: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Hello' }] }] },
    },
    {
      id: 'prices',
      type: 'pricing_table',
      title: 'Fees',
      kind: 'lines',
      lines: [
        {
          id: 'design',
          description: 'Design',
          quantity: 2500,
          unit: 'h',
          unitPrice: 12_345,
          discountPercent: 1000,
          taxPercent: 2000,
          billing: 'one_off',
          optional: false,
          selected: true,
        },
        {
          id: 'hosting',
          description: 'Hosting',
          quantity: 1000,
          unit: 'month',
          unitPrice: 4999,
          discountPercent: 0,
          taxPercent: 1900,
          billing: 'monthly',
          optional: false,
          selected: true,
        },
      ],
    },
  ],
});

describe.each(backends())('proposals API (%s)', (backend) => {
  let server: TTestServer;

  beforeAll(async () => {
    server = await startTestServer({ backend, env: { TRUST_PROXY: 'true' } });
  });
  afterAll(async () => {
    await server.close();
  });

  const db = () => server.deps.database.db;
  const create = async (client: Client, body: Record<string, unknown> = {}) => {
    const res = await client.post('/api/proposals', body);
    expect(res.status, res.text).toBe(201);
    return res.body as TProposal;
  };
  const patch = (client: Client, id: string, body: unknown) =>
    client.request(`/api/proposals/${id}`, { method: 'PATCH', json: body });
  const list = async (client: Client, query = '') => {
    const res = await client.get(`/api/proposals${query}`);
    expect(res.status, res.text).toBe(200);
    return res.body as { items: TProposalSummary[]; nextCursor: string | null };
  };
  // No content type: a body-less DELETE, as fetch sends it, must pass requireJsonBody.
  const del = (client: Client, id: string) => client.request(`/api/proposals/${id}`, { method: 'DELETE' });
  const stored = async (id: string) => (await db().select().from(proposals).where(eq(proposals.id, id)))[0];
  const addClient = async (ownerId: string, name: string, company = '') =>
    (
      await db()
        .insert(clients)
        .values({
          ownerId,
          name,
          company,
          email: `${name.split(' ')[0]!.toLowerCase()}@example.com`,
          phone: '+1 555 0100',
          address: '1 Main St',
        })
        .returning()
    )[0]!;

  it('answers 401 without a session on every route', async () => {
    const anon = server.client();
    const routes: Array<[string, string, unknown?]> = [
      ['GET', '/api/proposals'],
      ['POST', '/api/proposals', {}],
      ['GET', `/api/proposals/${MISSING_ID}`],
      ['PATCH', `/api/proposals/${MISSING_ID}`, { version: 1, title: 'x' }],
      ['DELETE', `/api/proposals/${MISSING_ID}`],
      ['POST', `/api/proposals/${MISSING_ID}/duplicate`, {}],
    ];
    for (const [method, path, json] of routes) {
      const headers = method === 'DELETE' ? { 'content-type': 'application/json' } : undefined;
      const res = await anon.request(path, { method, json, headers });
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(res.body.error.code).toBe('unauthenticated');
    }
  });

  it('creates drafts numbered P-<year>-0001, 0002 …, and never reuses a deleted number', async () => {
    const { client } = await signUp(server);
    const first = await create(client, { title: 'Website redesign' });
    const second = await create(client);
    expect(first.number).toBe(`P-${YEAR}-0001`);
    expect(second.number).toBe(`P-${YEAR}-0002`);
    expect(first).toMatchObject({ title: 'Website redesign', status: 'draft', version: 1, clientId: null });
    expect(second.title).toBe('Untitled proposal');

    expect((await del(client, second.id)).status).toBe(204);
    const third = await create(client);
    expect(third.number).toBe(`P-${YEAR}-0003`);

    // Numbers are per user: someone else starts at 0001.
    const other = await signUp(server);
    expect((await create(other.client)).number).toBe(`P-${YEAR}-0001`);
  });

  it('gives ten concurrent creates ten distinct, consecutive numbers', async () => {
    const { client } = await signUp(server);
    const results = await Promise.all(Array.from({ length: 10 }, () => client.post('/api/proposals', {})));
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(201));
    const numbers = results.map((r) => (r.body as TProposal).number).sort();
    expect(numbers).toEqual(Array.from({ length: 10 }, (_, i) => `P-${YEAR}-${String(i + 1).padStart(4, '0')}`));
  });

  it('fills a new draft with USD and 30 days, or the business profile defaults, an empty document and zero totals', async () => {
    const dayIn = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
    const plain = await signUp(server);
    const a = await create(plain.client);
    expect(a.currency).toBe('USD');
    expect(a.validUntil).toBe(dayIn(30));
    expect(a.document).toEqual({ version: 1, blocks: [] });
    expect(a.totals).toEqual(documentTotals({ version: 1, blocks: [] }));
    expect(a.client).toEqual({ name: '', company: '', email: '', phone: '', address: '' });

    const pro = await signUp(server);
    await db()
      .insert(businessProfiles)
      .values({ ownerId: pro.user.id, defaultCurrency: 'EUR', defaultValidityDays: 14 });
    const b = await create(pro.client);
    expect(b.currency).toBe('EUR');
    expect(b.validUntil).toBe(dayIn(14));
  });

  it('snapshots an own saved client; another user’s client or a missing one is a 404 and creates nothing', async () => {
    const a = await signUp(server);
    const b = await signUp(server);
    const mine = await addClient(a.user.id, 'Ada Lovelace', 'Analytical Engines');
    const theirs = await addClient(b.user.id, 'Bob Secret', 'Hidden Ltd');

    const p = await create(a.client, { clientId: mine.id });
    expect(p.clientId).toBe(mine.id);
    expect(p.client).toEqual({
      name: 'Ada Lovelace',
      company: 'Analytical Engines',
      email: 'ada@example.com',
      phone: '+1 555 0100',
      address: '1 Main St',
    });

    for (const clientId of [theirs.id, MISSING_ID]) {
      const res = await a.client.post('/api/proposals', { clientId });
      expect(res.status).toBe(404);
      expect(res.text).not.toContain('Bob Secret');
    }
    expect((await a.client.post('/api/proposals', { clientId: 'nope' })).status).toBe(400);
    expect((await list(a.client)).items).toHaveLength(1);
  });

  it('lists 45 proposals in pages of 20: three pages, newest first, none missing or repeated', async () => {
    const { client } = await signUp(server);
    const created: TProposal[] = [];
    for (let i = 0; i < 45; i++) created.push(await create(client, { title: `Proposal ${i}` }));

    const seen: TProposalSummary[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await list(client, `?limit=20${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...page.items);
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen.map((p) => p.id)).toEqual(created.map((p) => p.id).reverse());
    expect(seen[0]).not.toHaveProperty('document');
    expect(seen[0]).toMatchObject({ number: `P-${YEAR}-0045`, title: 'Proposal 44', status: 'draft' });

    // Default page size is 30.
    expect((await list(client)).items).toHaveLength(30);

    // Rows sharing one updated_at (to the microsecond) still page without loss, by id.
    await db()
      .update(proposals)
      .set({ updatedAt: sql`'2030-01-01T00:00:00.123456Z'::timestamptz` })
      .where(
        inArray(
          proposals.id,
          created.slice(10, 30).map((p) => p.id),
        ),
      );
    const again: string[] = [];
    cursor = null;
    do {
      const page = await list(client, `?limit=7${cursor ? `&cursor=${cursor}` : ''}`);
      again.push(...page.items.map((p) => p.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(again).toHaveLength(45);
    expect(new Set(again).size).toBe(45);
    expect(new Set(again.slice(0, 20))).toEqual(new Set(created.slice(10, 30).map((p) => p.id)));
  });

  it('P5: every list statement walks an index in the list order and reads one page, not every proposal', async () => {
    const { client, user } = await signUp(server);
    for (let i = 0; i < 3; i++) await create(client, { title: `Indexed ${i}` });
    const cursor = (await list(client, '?limit=1')).nextCursor!;
    const plan = async (query: TProposalListQuery, opts: { accepted?: boolean } = {}) =>
      db().transaction(async (tx) => {
        // A few rows would be read whole anyway: the question is whether an index CAN give the order.
        await tx.execute(sql`set local enable_seqscan = off`);
        const explained = (await tx.execute(
          sql`explain ${proposalListSelect(tx, user.id, query, opts).getSQL()}`,
        )) as unknown as { rows: Array<Record<string, string>> };
        return explained.rows.map((row) => Object.values(row)[0]).join('\n');
      });
    const cases: TProposalListQuery[] = [
      { limit: 30 },
      { limit: 30, status: 'draft' },
      { limit: 1, cursor },
      { limit: 30, q: 'Indexed' },
    ];
    for (const query of cases) {
      const text = await plan(query);
      expect(text, JSON.stringify(query)).toMatch(/Index Scan using proposals_owner_(updated|status)_idx/);
      expect(text, JSON.stringify(query)).not.toMatch(/Sort/);
      // The app's list, with each accepted proposal's accepted totals: the same walk, and the
      // acceptance read by its index for the page's rows only.
      const withAccepted = await plan(query, { accepted: true });
      expect(withAccepted, JSON.stringify(query)).toMatch(/Index Scan using proposals_owner_(updated|status)_idx/);
      expect(withAccepted, JSON.stringify(query)).toMatch(/Index Scan using acceptances_proposal_idx/);
      expect(withAccepted, JSON.stringify(query)).not.toMatch(/Sort|Seq Scan/);
    }
  });

  it('issue 24: the list gives each accepted proposal what its client accepted, one-off and recurring, in its currency', async () => {
    const { client, user } = await signUp(server);
    await verifyEmail(server, user.id);
    const sample = sellingDocument();
    const fees = sample.blocks[1]!;
    if (fees.type !== 'pricing_table') throw new Error('the sample has its fees second');
    const retainer = { ...fees.lines[0]!, id: 'retainer', description: 'Retainer', unitPrice: 25_000 };
    const document: TDocument = {
      ...sample,
      blocks: [
        sample.blocks[0]!,
        { ...fees, lines: [...fees.lines, { ...retainer, billing: 'monthly', optional: true, selected: false }] },
      ],
    };
    const draft = await readyDraft(client, { currency: 'EUR', document });
    const sent = await send(client, draft);
    expect(sent.status, sent.text).toBe(200);
    // The draft switches to USD without being sent again: the client accepts the EUR revision.
    expect((await patch(client, draft.id, { version: sent.body.version, currency: 'USD' })).status).toBe(200);
    const link = await client.get(`/api/proposals/${draft.id}/share-link`);
    const token = new URL(link.body.url as string).pathname.split('/').pop()!;
    const visitor = server.client({ ip: nextIp() });
    const shared = (await visitor.get(`/api/share/${token}`)).body as TSharedProposal;
    const accept = await visitor.post(`/api/share/${token}/accept`, {
      name: 'Dana Reyes',
      email: 'dana@example.com',
      consent: true,
      revisionHash: shared.revision.hash,
      selection: { retainer: { selected: true }, seo: { selected: true } },
    });
    expect(accept.status, accept.text).toBe(201);
    const other = await create(client, { title: 'Not accepted' });

    const items = (await list(client)).items as TProposalListItem[];
    const accepted = items.find((p) => p.id === draft.id)!;
    expect(accepted).toMatchObject({ status: 'accepted', currency: 'USD' });
    // The proposal's own totals are the defaults (no retainer, no audit); the accepted ones are the choices.
    expect(accepted.totals.monthly.total).toBe(0);
    expect(accepted.accepted).toEqual({
      currency: 'EUR',
      totals: {
        one_off: { net: 190_000, discount: 0, tax: 0, total: 190_000 },
        monthly: { net: 25_000, discount: 0, tax: 0, total: 25_000 },
        yearly: { net: 0, discount: 0, tax: 0, total: 0 },
      },
    });
    expect(items.find((p) => p.id === other.id)!.accepted).toBeNull();
    // By status too; the public API's list keeps its own shape.
    expect(((await list(client, '?status=accepted')).items as TProposalListItem[])[0]!.accepted?.currency).toBe('EUR');
  });

  it('an edit moves a proposal to the top of the list', async () => {
    const { client } = await signUp(server);
    const old = await create(client, { title: 'Old one' });
    await create(client, { title: 'New one' });
    expect((await patch(client, old.id, { version: 1, title: 'Old one, edited' })).status).toBe(200);
    expect((await list(client)).items.map((p) => p.title)).toEqual(['Old one, edited', 'New one']);
  });

  it('searches title, number and client name or company case-insensitively, and filters by status', async () => {
    const { client, user } = await signUp(server);
    const acme = await addClient(user.id, 'Wile Coyote', 'ACME Corporation');
    const site = await create(client, { title: 'Website Redesign' });
    const app = await create(client, { title: 'Mobile app', clientId: acme.id });
    const seo = await create(client, { title: 'SEO retainer' });
    await db().update(proposals).set({ status: 'sent' }).where(eq(proposals.id, seo.id));

    const titles = async (query: string) => (await list(client, query)).items.map((p) => p.title).sort();
    expect(await titles('?q=website')).toEqual(['Website Redesign']);
    expect(await titles(`?q=${encodeURIComponent(app.number.toLowerCase())}`)).toEqual(['Mobile app']);
    expect(await titles('?q=coyote')).toEqual(['Mobile app']);
    expect(await titles('?q=acme%20corp')).toEqual(['Mobile app']);
    expect(await titles('?q=')).toEqual(['Mobile app', 'SEO retainer', 'Website Redesign']);
    expect(await titles('?status=sent')).toEqual(['SEO retainer']);
    expect(await titles('?status=draft')).toEqual(['Mobile app', 'Website Redesign']);
    expect(await titles('?status=draft&q=REDESIGN')).toEqual(['Website Redesign']);
    expect(await titles('?status=accepted')).toEqual([]);
    expect(site.status).toBe('draft');

    for (const bad of [
      '?status=archived',
      '?limit=0',
      '?limit=101',
      '?limit=ten',
      '?sort=title',
      '?status=draft&status=sent',
      '?limit=1.5',
      `?q=${'x'.repeat(201)}`,
    ]) {
      const res = await client.get(`/api/proposals${bad}`);
      expect(res.status, bad).toBe(400);
      expect(res.body.error.code).toBe('invalid');
    }
  });

  it('A20: SQL and LIKE metacharacters in q are literal, the query is parameterized', async () => {
    const { client } = await signUp(server);
    const literal = ['100% sure', 'snake_case', "Robert'; drop table proposals; --", 'back\\slash'];
    for (const title of [...literal, '100 percent', 'snakeXcase', 'backslash']) await create(client, { title });

    const search = async (q: string) => {
      const res = await client.get(`/api/proposals?q=${encodeURIComponent(q)}`);
      expect(res.status, q).toBe(200);
      return (res.body.items as TProposalSummary[]).map((p) => p.title);
    };
    expect(await search('%')).toEqual(['100% sure']);
    expect(await search('_')).toEqual(['snake_case']);
    expect(await search("'; drop table proposals; --")).toEqual(["Robert'; drop table proposals; --"]);
    expect(await search('\\')).toEqual(['back\\slash']);
    expect(await search("' or 1=1 --")).toEqual([]);
    expect((await client.get('/api/proposals?q=%00')).status).toBe(400);

    expect((await list(client)).items).toHaveLength(7);
    const [{ n }] = (await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(proposals)) as [{ n: number }];
    expect(n).toBeGreaterThanOrEqual(7);
  });

  it('refuses a tampered cursor with 400', async () => {
    const { client } = await signUp(server);
    const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
    for (const cursor of [
      'garbage!',
      b64({ k: 'not a time', id: MISSING_ID }),
      b64({ k: '2024-02-30T00:00:00.000000Z', id: MISSING_ID }),
      b64({ k: 12, id: MISSING_ID }),
      b64({ k: '2024-01-01T00:00:00.000000Z', id: 'x' }),
    ]) {
      const res = await client.get(`/api/proposals?cursor=${cursor}`);
      expect(res.status, cursor).toBe(400);
      expect(res.body.error.fields.cursor).toBeTruthy();
    }
  });

  it('GET answers the whole proposal; a malformed or unknown id is a 404', async () => {
    const { client } = await signUp(server);
    const p = await create(client, { title: 'Fetch me' });
    const res = await client.get(`/api/proposals/${p.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(p);
    for (const id of ['not-a-uuid', MISSING_ID, `${p.id}x`, "1' or '1'='1", '%00']) {
      expect((await client.get(`/api/proposals/${id}`)).status, id).toBe(404);
      expect((await patch(client, id, { version: 1, title: 'x' })).status, id).toBe(404);
      expect((await del(client, id)).status, id).toBe(404);
      expect((await client.post(`/api/proposals/${id}/duplicate`)).status, id).toBe(404);
    }
  });

  it('GET writes the stored document as PostgreSQL keeps it, and it reads back as the same value for any text', async () => {
    const { client } = await signUp(server);
    const p = await create(client, { title: 'Text of every kind' });
    // Quotes, backslashes, controls, separators JavaScript treats as line ends, astral and combining
    // characters, markup, and keys jsonb reorders: JSON's escapes and jsonb's own text must agree.
    const texts = [
      'He said "yes" \\ then\\no',
      'tab\tline\nreturn\r form\f back\b bell\u0007 esc\u001b',
      'separators \u2028 and \u2029',
      'emoji 👩🏽‍💻 astral 𝄞 combining é',
      '</script><!-- <b>&amp;',
      'non-ASCII: Grüße, 東京, עברית',
    ];
    const document: TDocument = {
      version: 1,
      blocks: [
        ...texts.map((text, i): TDocument['blocks'][number] => ({
          id: `t${i}`,
          type: 'rich_text',
          content: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] },
        })),
        ...pricedDocument().blocks,
      ],
    };
    const saved = await patch(client, p.id, { version: p.version, document });
    expect(saved.status, saved.text).toBe(200);
    const res = await client.get(`/api/proposals/${p.id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.body).toEqual(saved.body);
    expect((res.body as TProposal).document).toEqual(document);
    expect(Object.keys(res.body as object)).toEqual(Object.keys(saved.body as object));
    // A save without the document answers the stored one, read back as text.
    const renamed = await patch(client, p.id, { version: (saved.body as TProposal).version, title: 'Renamed' });
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.body).toEqual({
      ...(res.body as TProposal),
      title: 'Renamed',
      version: expect.any(Number),
      updatedAt: expect.any(String),
    });
    expect((renamed.body as TProposal).document).toEqual(document);
  });

  it('A1: another user gets 404 for every route on my proposal, and it is unchanged', async () => {
    const a = await signUp(server);
    const b = await signUp(server);
    const p = await create(a.client, { title: 'A private deal' });
    const before = await stored(p.id);

    const answers = [
      await b.client.get(`/api/proposals/${p.id}`),
      await patch(b.client, p.id, { version: 1, title: 'Hijacked' }),
      await del(b.client, p.id),
      await b.client.post(`/api/proposals/${p.id}/duplicate`),
    ];
    for (const res of answers) {
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('not_found');
      expect(res.text).not.toContain('A private deal');
    }
    expect(await stored(p.id)).toEqual(before);
    expect((await list(b.client)).items).toEqual([]);
    expect((await list(b.client, '?q=private')).items).toEqual([]);
  });

  it('A2: PATCH with ownerId, status, acceptedAt, totals, number … is a 400 naming them, and nothing changes', async () => {
    const a = await signUp(server);
    const b = await signUp(server);
    const p = await create(a.client);
    const before = await stored(p.id);
    const res = await patch(a.client, p.id, {
      version: 1,
      title: 'Sneaky',
      ownerId: b.user.id,
      status: 'accepted',
      acceptedAt: new Date().toISOString(),
      totals: { one_off: { net: 1, discount: 0, tax: 0, total: 1 } },
      number: 'P-1999-0001',
      id: MISSING_ID,
    });
    expect(res.status).toBe(400);
    const message = Object.values(res.body.error.fields as Record<string, string>).join(' ');
    for (const key of ['ownerId', 'status', 'acceptedAt', 'totals', 'number', 'id']) expect(message).toContain(key);
    expect(await stored(p.id)).toEqual(before);

    // A version that jumps ahead is a conflict, not a way to skip versions.
    const jump = await patch(a.client, p.id, { version: 99, title: 'Jumped' });
    expect(jump.status).toBe(409);
    expect(await stored(p.id)).toEqual(before);
    expect((await patch(a.client, p.id, { title: 'No version' })).status).toBe(400);
  });

  it('PATCH saves the editable fields, bumps the version and recomputes totals on the server', async () => {
    const { client, user } = await signUp(server);
    const saved = await addClient(user.id, 'Grace Hopper', 'Navy');
    const p = await create(client);
    const document = pricedDocument();
    const res = await patch(client, p.id, {
      version: 1,
      title: '  Cloud migration  ',
      currency: 'EUR',
      validUntil: '2031-05-31',
      clientId: saved.id,
      document,
    });
    expect(res.status, res.text).toBe(200);
    const next = res.body as TProposal;
    expect(next).toMatchObject({
      title: 'Cloud migration',
      currency: 'EUR',
      validUntil: '2031-05-31',
      clientId: saved.id,
      client: { name: 'Grace Hopper', company: 'Navy' },
      document,
      version: 2,
      number: p.number,
      status: 'draft',
    });
    expect(next.totals).toEqual(documentTotals(document));
    expect(next.totals.one_off.total).toBeGreaterThan(0);
    expect((await stored(p.id))!.totals).toEqual(documentTotals(document));
    expect(new Date(next.updatedAt).getTime()).toBeGreaterThan(new Date(p.updatedAt).getTime());

    // A client typed in by hand, then detached from the saved client.
    const manual = await patch(client, p.id, {
      version: 2,
      clientId: null,
      client: { name: 'Walk-in', email: 'walk@in.example' },
    });
    expect(manual.status, manual.text).toBe(200);
    expect(manual.body).toMatchObject({
      version: 3,
      clientId: null,
      client: { name: 'Walk-in', company: '', email: 'walk@in.example', phone: '', address: '' },
    });

    for (const bad of [
      { currency: 'usd' },
      { currency: 'XYZ' },
      { validUntil: '31/05/2031' },
      { validUntil: '0000-01-01' },
      { validUntil: '2031-02-30' },
      { version: 2 ** 40 },
      { version: 0 },
      { title: '' },
      { title: 'x'.repeat(201) },
      { client: { name: 'x', email: 'not-an-email' } },
      { client: { name: 'x', ssn: '123' } },
      { clientId: 'nope' },
      { document: { version: 1, blocks: [], extra: true } },
    ]) {
      const r = await patch(client, p.id, { version: 3, ...bad });
      expect(r.status, JSON.stringify(bad)).toBe(400);
    }
    const other = await signUp(server);
    const theirs = await addClient(other.user.id, 'Not Yours');
    expect((await patch(client, p.id, { version: 3, clientId: theirs.id })).status).toBe(404);
    expect((await stored(p.id))!.version).toBe(3);
  });

  it('a client-sent totals key is refused; stored totals always match documentTotals', async () => {
    const { client } = await signUp(server);
    const p = await create(client);
    const document = pricedDocument();
    const forged = await patch(client, p.id, {
      version: 1,
      document,
      totals: { one_off: { net: 0, discount: 0, tax: 0, total: 0 } },
    });
    expect(forged.status).toBe(400);
    expect(forged.body.error.fields._).toContain('totals');
    expect((await stored(p.id))!.totals).toEqual(documentTotals({ version: 1, blocks: [] }));
  });

  it('PATCH with a javascript: link in the document is a 400 and nothing is stored', async () => {
    const { client } = await signUp(server);
    const p = await create(client);
    const before = await stored(p.id);
    for (const href of ['javascript:alert(1)', 'JaVaScRiPt:alert(1)', 'java\tscript:alert(1)', 'data:text/html,x']) {
      const res = await patch(client, p.id, {
        version: 1,
        document: {
          version: 1,
          blocks: [
            {
              id: 'b1',
              type: 'rich_text',
              content: {
                type: 'doc',
                content: [
                  {
                    type: 'paragraph',
                    content: [{ type: 'text', text: 'click', marks: [{ type: 'link', attrs: { href } }] }],
                  },
                ],
              },
            },
          ],
        },
      });
      expect(res.status, href).toBe(400);
      expect(res.body.error.code).toBe('invalid');
    }
    expect(await stored(p.id)).toEqual(before);
  });

  it('a stale version is a 409 with the current record, and the newer save is kept', async () => {
    const { client } = await signUp(server);
    const p = await create(client);
    expect((await patch(client, p.id, { version: 1, title: 'Save N+1' })).status).toBe(200);
    const stale = await patch(client, p.id, { version: 1, title: 'Save N (late)' });
    expect(stale.status).toBe(409);
    expect(stale.body.error.code).toBe('conflict');
    expect(stale.body.error.message).toMatch(/changed elsewhere/);
    expect(stale.body.error.current).toMatchObject({ id: p.id, title: 'Save N+1', version: 2 });
    expect(stale.body.error.current.document).toEqual({ version: 1, blocks: [] });
    expect((await stored(p.id))!.title).toBe('Save N+1');
  });

  it('R6: two saves of the same version at once: exactly one 200 and one 409', async () => {
    const { client } = await signUp(server);
    const p = await create(client);
    const [x, y] = await Promise.all([
      patch(client, p.id, { version: 1, title: 'Tab one' }),
      patch(client, p.id, { version: 1, title: 'Tab two' }),
    ]);
    expect([x!.status, y!.status].sort()).toEqual([200, 409]);
    const winner = x!.status === 200 ? x! : y!;
    const loser = x!.status === 200 ? y! : x!;
    expect(loser.body.error.current).toEqual(winner.body);
    const row = await stored(p.id);
    expect(row).toMatchObject({ title: winner.body.title, version: 2 });
  });

  it('a sent proposal stays editable; an accepted one is locked (423) and cannot be deleted', async () => {
    const { client } = await signUp(server);
    const sent = await create(client, { title: 'Sent' });
    const accepted = await create(client, { title: 'Accepted' });
    await db().update(proposals).set({ status: 'sent', sentAt: new Date() }).where(eq(proposals.id, sent.id));
    await db()
      .update(proposals)
      .set({ status: 'accepted', acceptedAt: new Date() })
      .where(eq(proposals.id, accepted.id));

    const s = await patch(client, sent.id, { version: 1, title: 'Changed after sending' });
    expect(s.status).toBe(200);
    expect(s.body).toMatchObject({ status: 'sent', title: 'Changed after sending', version: 2 });
    const a = await patch(client, accepted.id, { version: 1, title: 'Changed after acceptance' });
    expect(a.status).toBe(423);
    expect(a.body.error).toMatchObject({ code: 'locked', message: 'An accepted proposal is locked.' });
    expect((await stored(accepted.id))!.title).toBe('Accepted');

    // Duplicating works whatever the status; deleting the signed record does not.
    const copy = await client.post(`/api/proposals/${accepted.id}/duplicate`);
    expect(copy.status).toBe(201);
    expect(copy.body).toMatchObject({ status: 'draft', acceptedAt: null, version: 1 });
    const refused = await del(client, accepted.id);
    expect(refused.status).toBe(423);
    expect(refused.body.error.code).toBe('locked');
    expect(await stored(accepted.id)).toBeDefined();
    expect((await del(client, sent.id)).status).toBe(204);
    expect((await client.get(`/api/proposals/${sent.id}`)).status).toBe(404);
  });

  it('duplicate makes a new draft: new number, "Copy of …", version 1, same content and totals', async () => {
    const { client } = await signUp(server);
    const p = await create(client, { title: 'Brand refresh' });
    const edited = (await patch(client, p.id, { version: 1, document: pricedDocument(), currency: 'GBP' }))
      .body as TProposal;
    const res = await client.post(`/api/proposals/${p.id}/duplicate`);
    expect(res.status).toBe(201);
    const copy = res.body as TProposal;
    expect(copy.id).not.toBe(p.id);
    expect(copy).toMatchObject({
      number: `P-${YEAR}-0002`,
      title: 'Copy of Brand refresh',
      status: 'draft',
      version: 1,
      currency: 'GBP',
      document: edited.document,
      totals: edited.totals,
      sentAt: null,
    });
    expect((await list(client)).items.map((x) => x.id)).toEqual([copy.id, p.id]);

    const long = await create(client, { title: 'y'.repeat(200) });
    const longCopy = await client.post(`/api/proposals/${long.id}/duplicate`);
    expect(longCopy.body.title).toHaveLength(200);
  });

  it('DELETE answers 204 once, then 404', async () => {
    const { client } = await signUp(server);
    const p = await create(client);
    expect((await del(client, p.id)).status).toBe(204);
    expect((await del(client, p.id)).status).toBe(404);
    expect((await client.get(`/api/proposals/${p.id}`)).status).toBe(404);
  });

  /** Moves a deletion back in time, as if the restore window had passed. */
  const ageDeletion = (id: string, ms: number) =>
    db()
      .update(proposals)
      .set({ deletedAt: sql`now() - make_interval(secs => ${ms / 1000})` })
      .where(eq(proposals.id, id));

  it('a delete is committed at once: gone from every read, save, list, overview and the client’s link', async () => {
    const { client, user } = await signUp(server);
    await verifyEmail(server, user.id);
    const draft = await create(client, { title: 'Deleted draft' });
    const kept = await create(client, { title: 'Kept draft' });
    const sentDraft = await readyDraft(client);
    expect((await send(client, sentDraft)).status).toBe(200);
    const link = await client.get(`/api/proposals/${sentDraft.id}/share-link`);
    const token = new URL(link.body.url as string).pathname.split('/').pop()!;
    expect((await server.client().get(`/api/share/${token}`)).status).toBe(200);

    for (const p of [draft, sentDraft]) expect((await del(client, p.id)).status).toBe(204);

    expect((await list(client)).items.map((x) => x.id)).toEqual([kept.id]);
    expect((await list(client, '?q=Deleted')).items).toEqual([]);
    for (const p of [draft, sentDraft]) {
      expect((await client.get(`/api/proposals/${p.id}`)).status).toBe(404);
      expect((await client.get(`/api/proposals/${p.id}/events`)).status).toBe(404);
      expect((await patch(client, p.id, { version: p.version, title: 'Saved after the delete' })).status).toBe(404);
      expect((await client.post(`/api/proposals/${p.id}/duplicate`)).status).toBe(404);
      expect((await del(client, p.id)).status).toBe(404);
    }
    expect((await client.post(`/api/proposals/${sentDraft.id}/withdraw`)).status).toBe(404);
    expect((await server.client().get(`/api/share/${token}`)).status).toBe(404);
    const overview = await client.get('/api/overview?tz=UTC');
    expect(overview.status, overview.text).toBe(200);
    expect(overview.body.counts).toMatchObject({ total: 1, draft: 1, sent: 0 });
    expect(JSON.stringify(overview.body)).not.toContain('Deleted draft');
    // Nothing else changed: the row waits for Undo.
    expect(await stored(draft.id)).toMatchObject({ title: 'Deleted draft', version: 1 });
  });

  it('Undo (restore) brings a deleted proposal back whole: same id, number, content, history and link', async () => {
    const { client, user } = await signUp(server);
    await verifyEmail(server, user.id);
    const p = await readyDraft(client);
    expect((await send(client, p)).status).toBe(200);
    const before = (await client.get(`/api/proposals/${p.id}`)).body as TProposal;
    const events = (await client.get(`/api/proposals/${p.id}/events`)).body.items as unknown[];
    const link = (await client.get(`/api/proposals/${p.id}/share-link`)).body.url as string;
    const token = new URL(link).pathname.split('/').pop()!;

    expect((await del(client, p.id)).status).toBe(204);
    const restored = await client.post(`/api/proposals/${p.id}/restore`);
    expect(restored.status, restored.text).toBe(200);
    expect(restored.body).toEqual(before);
    expect((await client.get(`/api/proposals/${p.id}`)).body).toEqual(before);
    expect((await client.get(`/api/proposals/${p.id}/events`)).body.items).toEqual(events);
    expect((await list(client)).items.map((x) => x.id)).toContain(p.id);
    expect((await server.client().get(`/api/share/${token}`)).status).toBe(200);
    // It saves on the version it had, as a tab that still shows it expects.
    expect((await patch(client, p.id, { version: before.version, title: 'Back again' })).status).toBe(200);

    // A second Undo is harmless; another user cannot restore (or learn of) mine.
    expect((await client.post(`/api/proposals/${p.id}/restore`)).status).toBe(200);
    expect((await del(client, p.id)).status).toBe(204);
    const other = await signUp(server);
    const refused = await other.client.post(`/api/proposals/${p.id}/restore`);
    expect(refused.status).toBe(404);
    expect((await stored(p.id))!.deletedAt).not.toBeNull();
    for (const id of ['not-a-uuid', MISSING_ID]) {
      expect((await client.post(`/api/proposals/${id}/restore`)).status, id).toBe(404);
    }
  });

  it('after the restore window a deleted proposal is purged with its history, and cannot be restored', async () => {
    const { client, user } = await signUp(server);
    const fresh = await create(client, { title: 'Deleted a moment ago' });
    const old = await create(client, { title: 'Deleted long ago' });
    const accepted = await create(client, { title: 'Accepted while deleted' });
    await db().insert(proposalEvents).values({ proposalId: old.id, ownerId: user.id, type: 'created', actor: 'owner' });
    for (const p of [fresh, old, accepted]) expect((await del(client, p.id)).status).toBe(204);
    await ageDeletion(old.id, RESTORE_WINDOW_MS + 1000);
    await ageDeletion(accepted.id, RESTORE_WINDOW_MS + 1000);
    // The client's page was open as it was deleted and the acceptance went through.
    await db()
      .update(proposals)
      .set({ status: 'accepted', acceptedAt: new Date() })
      .where(eq(proposals.id, accepted.id));

    const late = await client.post(`/api/proposals/${old.id}/restore`);
    expect(late.status).toBe(404);
    expect(late.body.error.message).toMatch(/deleted for good/);

    await purgeDeletedProposals(db());
    expect(await stored(old.id)).toBeUndefined();
    expect(await db().select().from(proposalEvents).where(eq(proposalEvents.proposalId, old.id))).toEqual([]);
    // Still within its window: kept, and Undo still works.
    expect(await stored(fresh.id)).toBeDefined();
    expect((await client.post(`/api/proposals/${fresh.id}/restore`)).status).toBe(200);
    // The signed record is never purged: it comes back.
    expect((await client.get(`/api/proposals/${accepted.id}`)).body).toMatchObject({ status: 'accepted' });
    // A second purge finds nothing more to do.
    expect(await purgeDeletedProposals(db())).toBe(0);
  });

  it('R1: a save retried after its answer was lost is not applied twice, and is no conflict with itself', async () => {
    const { client } = await signUp(server);
    const p = await create(client);
    const writer = crypto.randomUUID();
    const first = { version: 1, title: 'Typed before the crash', saveKey: { writer, seq: 1 } };
    const applied = await patch(client, p.id, first);
    expect(applied.status).toBe(200);
    expect(applied.body.version).toBe(2);

    // The same request again (its answer never arrived): the record as it stands, applied once.
    const again = await patch(client, p.id, first);
    expect(again.status, again.text).toBe(200);
    expect(again.body).toEqual(applied.body);
    expect((await stored(p.id))!.version).toBe(2);

    // The editor's retry: still on version 1, with what was typed since, as the session's next save.
    const retry = await patch(client, p.id, {
      version: 1,
      title: 'Typed before the crash, and after',
      saveKey: { writer, seq: 2 },
    });
    expect(retry.status, retry.text).toBe(200);
    expect(retry.body).toMatchObject({ title: 'Typed before the crash, and after', version: 3 });

    // An earlier save of the session arriving late changes nothing (R6).
    const late = await patch(client, p.id, {
      version: 1,
      title: 'Typed before the crash',
      saveKey: { writer, seq: 1 },
    });
    expect(late.status).toBe(200);
    expect(late.body).toMatchObject({ title: 'Typed before the crash, and after', version: 3 });
    expect((await stored(p.id))!).toMatchObject({ title: 'Typed before the crash, and after', version: 3 });
  });

  it('R3: a save key never lets a stale save overwrite another tab’s or an unkeyed save', async () => {
    const { client } = await signUp(server);
    const p = await create(client);
    const tabA = crypto.randomUUID();
    const tabB = crypto.randomUUID();
    expect((await patch(client, p.id, { version: 1, title: 'A1', saveKey: { writer: tabA, seq: 1 } })).status).toBe(
      200,
    );
    expect((await patch(client, p.id, { version: 2, title: 'B1', saveKey: { writer: tabB, seq: 1 } })).status).toBe(
      200,
    );
    // A's retry of a save made on version 1: B saved since, so this is a real conflict.
    const stale = await patch(client, p.id, { version: 1, title: 'A2', saveKey: { writer: tabA, seq: 2 } });
    expect(stale.status).toBe(409);
    expect(stale.body.error.current).toMatchObject({ title: 'B1', version: 3 });

    // A save without a key (another client of the API) ends the session's run as well.
    expect((await patch(client, p.id, { version: 3, title: 'API' })).status).toBe(200);
    const afterApi = await patch(client, p.id, { version: 2, title: 'B2', saveKey: { writer: tabB, seq: 2 } });
    expect(afterApi.status).toBe(409);
    expect((await stored(p.id))!).toMatchObject({ title: 'API', version: 4 });
  });

  it('refuses a malformed save key with 400 and changes nothing', async () => {
    const { client } = await signUp(server);
    const p = await create(client);
    const writer = crypto.randomUUID();
    const bad = [
      { writer: 'not-a-uuid', seq: 1 },
      { writer, seq: 0 },
      { writer, seq: -1 },
      { writer, seq: 1.5 },
      { writer, seq: 2 ** 31 },
      { writer, seq: '1' },
      { writer },
      { seq: 1 },
      { writer, seq: 1, extra: true },
      'key',
      null,
    ];
    for (const saveKey of bad) {
      const res = await patch(client, p.id, { version: 1, title: 'Changed', saveKey });
      expect(res.status, JSON.stringify(saveKey)).toBe(400);
      expect(res.body.error.code).toBe('invalid');
    }
    expect((await stored(p.id))!).toMatchObject({ title: 'Untitled proposal', version: 1 });
  });

  it('POST refuses unknown keys and a bad title', async () => {
    const { client } = await signUp(server);
    for (const body of [{ status: 'accepted' }, { number: 'P-2000-0001' }, { title: '' }, { title: 7 }]) {
      const res = await client.post('/api/proposals', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect((await list(client)).items).toEqual([]);
  });
});
