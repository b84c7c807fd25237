import { documentTotals, type TDocument, type TPricingLine } from '@draftwell/shared';
import { findStarterTemplate } from '@draftwell/shared/templates/starter-templates';
import { beforeAll, describe, expect, it } from 'vitest';
import { backends, withTwoUsers } from './helpers';

/**
 * The business profile's defaults (currency, tax rate, validity) fill every new proposal, however
 * it is made: from a starter template, from a template of the user's own, or from a brief.
 */

const daysFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

const linesOf = (document: TDocument): TPricingLine[] =>
  document.blocks.flatMap((block) => (block.type === 'pricing_table' ? block.lines : []));

const PROFILE = {
  displayName: 'Alice Example',
  company: 'Example Studio',
  jobTitle: 'Founder',
  phone: '',
  website: '',
  address: '',
  brandColor: '#0f766e',
  defaultCurrency: 'EUR',
  defaultTaxRate: 2000,
  defaultValidityDays: 10,
  emailSignature: '',
  version: 0,
};

/** An own template: one line taxed at 7 %, one saved deliberately with none. */
const OWN_DOCUMENT: TDocument = {
  version: 1,
  blocks: [
    {
      id: 'fees',
      type: 'pricing_table',
      title: 'Fees',
      kind: 'lines',
      lines: [
        {
          id: 'books',
          description: 'Printed books',
          quantity: 1000,
          unit: '',
          unitPrice: 10_000,
          discountPercent: 0,
          taxPercent: 700,
          billing: 'one_off',
          optional: false,
          selected: true,
        },
        {
          id: 'export',
          description: 'Export service',
          quantity: 1000,
          unit: '',
          unitPrice: 20_000,
          discountPercent: 0,
          taxPercent: 0,
          billing: 'one_off',
          optional: false,
          selected: true,
        },
      ],
    },
  ],
};

describe.each(backends())('defaults from the business profile (%s)', (backend) => {
  // A paid plan: own templates past the free plan's 3 are not what this suite is about.
  const t = withTwoUsers(backend, { DEFAULT_PLAN: 'pro' });
  let savedItemId = '';

  beforeAll(async () => {
    const profile = await t.alice.request('/api/profile', { method: 'PUT', json: PROFILE });
    expect(profile.status, profile.text).toBe(200);
    const item = await t.alice.post('/api/saved-items', {
      description: 'Logo design',
      unit: 'project',
      unitPrice: 150_000,
      currency: 'EUR',
      taxRate: 500,
    });
    expect(item.status, item.text).toBe(201);
    savedItemId = item.body.id;
  });

  it.each(['starter-web-design', 'starter-marketing-retainer', 'starter-event-services'])(
    'a draft from the starter %s takes the currency, validity and tax rate of the profile',
    async (id) => {
      const res = await t.alice.post(`/api/templates/${id}/use`);
      expect(res.status, res.text).toBe(201);
      expect(res.body).toMatchObject({ currency: 'EUR', validUntil: daysFromNow(10) });
      const document = res.body.document as TDocument;
      const lines = linesOf(document);
      expect(lines.length).toBeGreaterThan(0);
      expect(lines.map((line) => line.taxPercent)).toEqual(lines.map(() => 2000));
      // Only the tax changed: the starter's prices, quantities and text are the starter's.
      const starterLines = linesOf(findStarterTemplate(id)!.document);
      expect(lines.map(({ taxPercent: _tax, ...rest }) => rest)).toEqual(
        starterLines.map(({ taxPercent: _tax, ...rest }) => rest),
      );
      expect(res.body.totals).toEqual(documentTotals(document));
      const oneOff = res.body.totals.one_off;
      expect(oneOff.tax).toBe(Math.round(oneOff.net / 5));
    },
  );

  it('a copy of a starter is the user’s own, with the profile’s tax rate in its lines', async () => {
    const copy = await t.alice.post('/api/templates/starter-consulting/duplicate');
    expect(copy.status, copy.text).toBe(201);
    expect(linesOf(copy.body.document).map((line) => line.taxPercent)).toEqual(
      linesOf(copy.body.document).map(() => 2000),
    );
  });

  it('a user who never saved a profile gets the profile’s own defaults: USD, 30 days, no tax', async () => {
    const res = await t.bob.post('/api/templates/starter-photography/use');
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ currency: 'USD', validUntil: daysFromNow(30) });
    expect(linesOf(res.body.document).every((line) => line.taxPercent === 0)).toBe(true);
  });

  it('a draft from an own template takes the profile’s currency and validity, and keeps its lines’ tax', async () => {
    const template = await t.alice.post('/api/templates', { name: 'Books abroad', document: OWN_DOCUMENT });
    expect(template.status, template.text).toBe(201);
    const res = await t.alice.post(`/api/templates/${template.body.id}/use`);
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ currency: 'EUR', validUntil: daysFromNow(10) });
    expect(res.body.document).toEqual(OWN_DOCUMENT);
    expect(linesOf(res.body.document).map((line) => line.taxPercent)).toEqual([700, 0]);
    expect(res.body.totals.one_off).toEqual({ net: 30_000, discount: 0, tax: 700, total: 30_700 });
  });

  it('a draft from a brief takes the profile’s currency, validity and tax rate; a saved item keeps its own', async () => {
    const res = await t.alice.post('/api/drafts', {
      client: { source: 'new', name: 'Morgan Lee', company: 'Harbour Bakery', email: 'morgan@harbour.example' },
      need: 'A new brand for the bakery before the second shop opens.',
      goals: 'A name people remember',
      deliverables: ['Logo design', 'Shop signage'],
      budget: null,
      deadline: null,
      tone: 'friendly',
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ currency: 'EUR', validUntil: daysFromNow(10) });
    const lines = linesOf(res.body.document);
    expect(lines.map((line) => [line.description, line.savedItemId ?? null, line.taxPercent])).toEqual([
      ['Logo design', savedItemId, 500],
      ['Shop signage', null, 2000],
    ]);
  });
});
