import { ZDocument, documentTotals, type TBlock, type TDocument, type TPricingTable } from '@draftwell/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { backends, countRows, withTwoUsers } from './helpers';

/** A deadline some weeks after the server's today, whatever day the suite runs. */
function daysFromNow(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

const pricing = (document: TDocument) =>
  document.blocks.find((b): b is TPricingTable => b.type === 'pricing_table' && b.id === 'pricing')!;

const text = (blocks: readonly TBlock[]) => JSON.stringify(blocks);

describe.each(backends())('drafts API (%s)', (backend) => {
  const t = withTwoUsers(backend);
  const ids = { logo: '', hosting: '', usd: '', bobClient: '', aliceClient: '' };

  beforeAll(async () => {
    const profile = await t.alice.request('/api/profile', {
      method: 'PUT',
      json: {
        displayName: 'Alice Example',
        company: 'Example Studio',
        jobTitle: 'Founder',
        phone: '',
        website: '',
        address: '',
        brandColor: '#0f766e',
        defaultCurrency: 'EUR',
        defaultTaxRate: 1900,
        defaultValidityDays: 45,
        emailSignature: '',
        version: 0,
      },
    });
    expect(profile.status, profile.text).toBe(200);
    const item = async (json: Record<string, unknown>) => {
      const res = await t.alice.post('/api/saved-items', json);
      expect(res.status, res.text).toBe(201);
      return res.body.id as string;
    };
    ids.logo = await item({
      description: 'Logo design',
      unit: 'project',
      unitPrice: 150_000,
      currency: 'EUR',
      taxRate: 1900,
    });
    ids.hosting = await item({
      description: 'Website hosting and care',
      unit: 'month',
      unitPrice: 5_000,
      currency: 'EUR',
      taxRate: 1900,
      billing: 'monthly',
    });
    ids.usd = await item({ description: 'Brand guidelines', unit: 'document', unitPrice: 80_000, currency: 'USD' });
    const bobs = await t.bob.post('/api/clients', { name: 'Bob’s client', company: 'Secret Co' });
    expect(bobs.status).toBe(201);
    ids.bobClient = bobs.body.id;
    const alices = await t.alice.post('/api/clients', {
      name: 'Dana Reyes',
      company: 'Reyes Florists',
      email: 'dana@reyes.example',
      phone: '+1 555 0199',
    });
    expect(alices.status).toBe(201);
    ids.aliceClient = alices.body.id;
  });

  const brief = (overrides: Record<string, unknown> = {}) => ({
    client: { source: 'new', name: 'Morgan Lee', company: 'Harbour Bakery', email: 'morgan@harbour.example' },
    need: 'A new brand and website for the bakery before the second shop opens.',
    goals: 'More online orders\nA name people remember',
    deliverables: ['Logo design', 'Brand guidelines', 'Website hosting and care', 'Launch photography'],
    budget: { amount: 600_000, currency: 'EUR' },
    deadline: daysFromNow(60),
    tone: 'friendly',
    ...overrides,
  });

  it('drafts a complete proposal from a brief, priced from the saved items that match', async () => {
    const res = await t.alice.post('/api/drafts', brief());
    expect(res.status, res.text).toBe(201);
    const proposal = res.body;
    expect(proposal).toMatchObject({
      status: 'draft',
      number: expect.stringMatching(/^P-\d{4}-\d{4}$/),
      clientId: null,
      client: {
        name: 'Morgan Lee',
        company: 'Harbour Bakery',
        email: 'morgan@harbour.example',
        phone: '',
        address: '',
      },
      currency: 'EUR',
      validUntil: daysFromNow(45),
    });
    expect(proposal.title).toContain('Harbour Bakery');
    expect(proposal.title).toMatch(/new brand and website for the bakery/);

    const parsed = ZDocument.safeParse(proposal.document);
    expect(parsed.error?.issues).toBeUndefined();
    const ids_ = (proposal.document as TDocument).blocks.map((b) => b.id);
    expect(ids_).toEqual([
      'introduction',
      'understanding',
      'approach',
      'deliverables',
      'timeline-intro',
      'timeline',
      'investment',
      'pricing',
      'terms',
      'next-steps',
      'signature',
    ]);

    const lines = pricing(proposal.document).lines;
    expect(lines.map((l) => l.savedItemId ?? null)).toEqual([ids.logo, null, ids.hosting, null]);
    expect(lines[0]).toMatchObject({
      description: 'Logo design',
      unitPrice: 150_000,
      taxPercent: 1900,
      unit: 'project',
    });
    expect(lines[2]).toMatchObject({ billing: 'monthly', unitPrice: 5_000 });
    // The USD item is not used in a EUR proposal; the budget left after the logo and its tax
    // (178,500) is split over the rest, tax included: 210,750 each, 177,101 before 19 % tax.
    expect(lines[1]).toMatchObject({ description: 'Brand guidelines', unitPrice: 177_101, taxPercent: 1900 });
    expect(lines[3]).toMatchObject({ description: 'Launch photography', unitPrice: 177_101 });

    expect(proposal.totals).toEqual(documentTotals(proposal.document));
    expect(proposal.totals.one_off).toEqual({ net: 504_202, discount: 0, tax: 95_798, total: 600_000 });
    expect(proposal.totals.monthly.total).toBe(5_950);

    const timeline = (proposal.document as TDocument).blocks.find((b) => b.type === 'timeline');
    expect(timeline?.type === 'timeline' && timeline.milestones.at(-1)?.when).toEqual({
      kind: 'date',
      date: daysFromNow(60),
    });

    const read = await t.alice.get(`/api/proposals/${proposal.id}`);
    expect(read.status).toBe(200);
    expect(read.body.document).toEqual(proposal.document);
    const list = await t.alice.get('/api/proposals');
    expect(list.body.items.map((p: { id: string }) => p.id)).toContain(proposal.id);
  });

  it('fills the client from a saved client of the caller’s', async () => {
    const res = await t.alice.post(
      '/api/drafts',
      brief({ client: { source: 'saved', clientId: ids.aliceClient }, tone: 'formal', budget: null, deadline: null }),
    );
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({
      clientId: ids.aliceClient,
      client: { name: 'Dana Reyes', company: 'Reyes Florists', email: 'dana@reyes.example', phone: '+1 555 0199' },
      currency: 'EUR',
    });
    expect(res.body.title).toContain('Reyes Florists');
    const lines = pricing(res.body.document).lines;
    expect(lines.map((l) => l.unitPrice)).toEqual([150_000, 0, 5_000, 0]);
    expect(text(res.body.document.blocks)).toContain('Our understanding of your need');
  });

  it('uses the budget’s currency for the proposal and the saved items in it', async () => {
    const res = await t.alice.post('/api/drafts', brief({ budget: { amount: 100_000, currency: 'USD' } }));
    expect(res.status, res.text).toBe(201);
    expect(res.body.currency).toBe('USD');
    const lines = pricing(res.body.document).lines;
    expect(lines.map((l) => l.savedItemId ?? null)).toEqual([null, ids.usd, null, null]);
    // Within the budget with the tax added, short of it by what rounding each line loses.
    const { total } = documentTotals(res.body.document).one_off;
    expect(total).toBeLessThanOrEqual(100_000);
    expect(total).toBeGreaterThanOrEqual(100_000 - 3);
  });

  it('writes the same document for the same brief', async () => {
    const body = brief({ tone: 'persuasive' });
    const first = await t.alice.post('/api/drafts', body);
    const second = await t.alice.post('/api/drafts', body);
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body.id).not.toBe(first.body.id);
    expect(second.body.number).not.toBe(first.body.number);
    expect(second.body.document).toEqual(first.body.document);
    expect(second.body.title).toBe(first.body.title);
  });

  it('answers 404 for another user’s client, and creates nothing', async () => {
    const before = await countRows(t.server, 'proposals');
    const res = await t.alice.post('/api/drafts', brief({ client: { source: 'saved', clientId: ids.bobClient } }));
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('not_found');
    expect(res.body.error.message).toBe('That client does not exist, or it is not yours.');
    expect(res.body.error.fields['client.clientId']).toMatch(/saved clients/);
    expect(JSON.stringify(res.body)).not.toContain('Secret Co');
    expect(await countRows(t.server, 'proposals')).toBe(before);
  });

  it('answers 400 with a message per field for a bad brief', async () => {
    const before = await countRows(t.server, 'proposals');
    const res = await t.alice.post('/api/drafts', {
      client: { source: 'new', name: '  ', email: 'not-an-email' },
      need: '',
      deliverables: [],
      budget: { amount: -5, currency: 'eur' },
      deadline: '2026-02-30',
      tone: 'sarcastic',
      extra: true,
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('invalid');
    expect(Object.keys(res.body.error.fields).sort()).toEqual(
      [
        '_',
        'budget.amount',
        'budget.currency',
        'client.email',
        'client.name',
        'deadline',
        'deliverables',
        'need',
        'tone',
      ].sort(),
    );
    expect(res.body.error.fields.need).toMatch(/Describe what the client needs/);
    expect(res.body.error.fields.deliverables).toBe('List at least one deliverable.');

    const tooMany = await t.alice.post(
      '/api/drafts',
      brief({ deliverables: Array.from({ length: 21 }, (_, i) => `Item ${i}`) }),
    );
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error.fields.deliverables).toBe('List at most 20 deliverables.');

    const past = await t.alice.post('/api/drafts', brief({ deadline: daysFromNow(0) }));
    expect(past.status).toBe(400);
    expect(past.body.error.fields).toEqual({ deadline: 'Choose a deadline after today, or leave it empty.' });

    const notJson = await t.alice.request('/api/drafts', {
      method: 'POST',
      body: JSON.stringify(brief()),
      headers: { 'content-type': 'text/plain' },
    });
    expect(notJson.status).toBe(415);
    expect(await countRows(t.server, 'proposals')).toBe(before);
  });

  it('answers 401 without a session', async () => {
    const res = await t.server.client().post('/api/drafts', brief());
    expect(res.status).toBe(401);
  });

  it('refuses a request from another origin, even with the session cookie', async () => {
    const before = await countRows(t.server, 'proposals');
    const res = await t.alice.post('/api/drafts', brief(), { origin: 'https://evil.example' });
    expect(res.status).toBe(403);
    expect(await countRows(t.server, 'proposals')).toBe(before);
  });
});
