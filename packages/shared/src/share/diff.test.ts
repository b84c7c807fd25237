import { englishI18n as i18n } from '../i18n/english';
import { describe, expect, it, vi } from 'vitest';
import { documentTotals } from '../document/pricing';
import type {
  TBlock,
  TDocument,
  TInlineNode,
  TMilestone,
  TPricingLine,
  TPricingTable,
  TRichTextBlock,
  TRichTextNode,
  TSignatureBlock,
  TTimelineBlock,
} from '../document/schema';
import {
  diffRevisions,
  diffSentRevisions,
  diffText,
  richTextPlainText,
  type TDiffSegment,
  type TRevisionChange,
} from './diff';
import type { TRevisionSnapshot } from './revision';

// The client's page imports diff.ts and must not pull zod in; loading it here fails the file.
vi.mock('zod', () => {
  throw new Error('diff.ts must not load zod');
});

// ---------------------------------------------------------------- fixtures

const text = (value: string): TInlineNode => ({ type: 'text', text: value });
const paragraph = (...content: (string | TInlineNode)[]): TRichTextNode => ({
  type: 'paragraph',
  content: content.map((c) => (typeof c === 'string' ? text(c) : c)),
});
const variableNode = (name: 'client.company' | 'proposal.valid_until'): TInlineNode => ({
  type: 'variable',
  attrs: { name },
});
const heading = (value: string, level: 1 | 2 | 3 = 2): TRichTextNode => ({
  type: 'heading',
  attrs: { level },
  content: [text(value)],
});
const rich = (id: string, ...content: TRichTextNode[]): TRichTextBlock => ({
  id,
  type: 'rich_text',
  content: { type: 'doc', content },
});

function line(id: string, overrides: Partial<TPricingLine> = {}): TPricingLine {
  return {
    id,
    description: 'Design',
    quantity: 1000,
    unit: '',
    unitPrice: 120_000,
    discountPercent: 0,
    taxPercent: 0,
    billing: 'one_off',
    optional: false,
    selected: false,
    ...overrides,
  };
}

function table(id: string, lines: TPricingLine[], overrides: Partial<TPricingTable> = {}): TPricingTable {
  return { id, type: 'pricing_table', title: 'Prices', kind: 'lines', lines, ...overrides };
}

const timeline = (id: string, milestones: TMilestone[]): TTimelineBlock => ({ id, type: 'timeline', milestones });

function snapshot(blocks: TBlock[] = [], overrides: Partial<TRevisionSnapshot> = {}): TRevisionSnapshot {
  const document: TDocument = { version: 1, blocks };
  return {
    proposalId: '8d6f1f1e-3b2a-4c4d-9e8f-0a1b2c3d4e5f',
    number: 'P-2026-0042',
    title: 'Website redesign',
    client: { name: 'Ada Lovelace', company: 'Analytical Ltd', email: 'ada@example.com', phone: '', address: '' },
    currency: 'USD',
    validUntil: '2026-12-31',
    document,
    totals: documentTotals(document),
    sender: {
      name: 'Sam Seller',
      company: 'Northwind Studio',
      jobTitle: '',
      email: 'sam@example.com',
      phone: '',
      website: '',
      address: '',
      brandColor: '#336699',
      logoFileId: null,
    },
    message: '',
    sentAt: '2026-03-01T10:00:00.000Z',
    ...overrides,
  };
}

/** Both sides of a segment list, to check that a diff loses nothing. */
function sides(segments: readonly TDiffSegment[]): { before: string; after: string } {
  return {
    before: segments
      .filter((s) => s.kind !== 'added')
      .map((s) => s.text)
      .join(''),
    after: segments
      .filter((s) => s.kind !== 'removed')
      .map((s) => s.text)
      .join(''),
  };
}

/** Deterministic pseudo-random numbers (mulberry32), so the large inputs are the same every run. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const VOCABULARY = [
  'proposal', 'design', 'client', 'budget', 'timeline', 'delivery', 'scope', 'review', 'launch', 'content',
  'support', 'hosting', 'research', 'testing', 'pages', 'mobile', 'brand', 'team', 'weekly', 'feedback',
  'the', 'a', 'and', 'of', 'to', 'we', 'will', 'your', 'with', 'for',
]; // prettier-ignore

function words(count: number, next: () => number, vocabulary = VOCABULARY): string[] {
  return Array.from({ length: count }, () => vocabulary[Math.floor(next() * vocabulary.length)]!);
}

// ---------------------------------------------------------------- revisions

describe('diffRevisions', () => {
  const everyBlock = (): TBlock[] => [
    rich('intro', heading('Introduction'), paragraph('Hello ', { type: 'variable', attrs: { name: 'client.name' } })),
    table('prices', [line('l1'), line('l2', { billing: 'monthly', unitPrice: 5_000, optional: true })]),
    timeline('plan', [{ id: 'm1', title: 'Kickoff', when: { kind: 'date', date: '2026-04-01' } }]),
    { id: 'sign', type: 'signature' },
    { id: 'break', type: 'page_break' },
  ];

  it('finds nothing between identical revisions', () => {
    expect(diffRevisions(i18n, snapshot(everyBlock()), snapshot(everyBlock()))).toEqual([]);
    expect(diffRevisions(i18n, snapshot(), snapshot())).toEqual([]);
  });

  it('ignores when the revision was sent and what the sender looks like', () => {
    const after = snapshot(everyBlock(), { sentAt: '2026-04-01T09:00:00.000Z', number: 'P-2026-0042' });
    expect(diffRevisions(i18n, snapshot(everyBlock()), after)).toEqual([]);
  });

  it('reports the title and the client details, in a fixed order', () => {
    const before = snapshot();
    const after = snapshot([], {
      title: 'Website redesign and hosting',
      client: {
        name: 'Ada King',
        company: '',
        email: 'ada.king@example.com',
        phone: '+44 20 7946 0000',
        address: '',
      },
    });
    expect(diffRevisions(i18n, before, after)).toEqual<TRevisionChange[]>([
      { kind: 'field', label: 'Title', before: 'Website redesign', after: 'Website redesign and hosting' },
      { kind: 'field', label: 'Client name', before: 'Ada Lovelace', after: 'Ada King' },
      { kind: 'field', label: 'Client company', before: 'Analytical Ltd', after: '—' },
      { kind: 'field', label: 'Client email', before: 'ada@example.com', after: 'ada.king@example.com' },
      { kind: 'field', label: 'Client phone', before: '—', after: '+44 20 7946 0000' },
    ]);
  });

  it('reports the currency, the validity date and the message, formatted', () => {
    const before = snapshot([], { validUntil: null, message: '' });
    const after = snapshot([], { currency: 'EUR', validUntil: '2026-06-30', message: 'Updated as we discussed.' });
    expect(diffRevisions(i18n, before, after)).toEqual<TRevisionChange[]>([
      { kind: 'field', label: 'Currency', before: 'USD — US Dollar', after: 'EUR — Euro' },
      { kind: 'field', label: 'Valid until', before: '—', after: 'June 30, 2026' },
      { kind: 'field', label: 'Message', before: '—', after: 'Updated as we discussed.' },
    ]);
  });

  it('shows a paragraph with one word changed as a word diff', () => {
    const before = snapshot([rich('scope', paragraph('We will deliver the new site in six weeks.'))]);
    const after = snapshot([rich('scope', paragraph('We will deliver the new site in eight weeks.'))]);
    expect(diffRevisions(i18n, before, after)).toEqual<TRevisionChange[]>([
      {
        kind: 'text_changed',
        blockLabel: 'We will deliver the new site in eight weeks.',
        segments: [
          { kind: 'same', text: 'We will deliver the new site in ' },
          { kind: 'removed', text: 'six' },
          { kind: 'added', text: 'eight' },
          { kind: 'same', text: ' weeks.' },
        ],
      },
    ]);
  });

  it('labels a text block by its first line, shortened at a word', () => {
    const long = 'Our approach to the redesign of your online shop, step by step, from research to launch';
    const before = snapshot([rich('a', heading(long), paragraph('One.'))]);
    const after = snapshot([rich('a', heading(long), paragraph('Two.'))]);
    expect(diffRevisions(i18n, before, after)).toEqual<TRevisionChange[]>([
      {
        kind: 'text_changed',
        blockLabel: 'Our approach to the redesign of your online shop, step by…',
        segments: [
          { kind: 'same', text: `${long}\n` },
          { kind: 'removed', text: 'One' },
          { kind: 'added', text: 'Two' },
          { kind: 'same', text: '.' },
        ],
      },
    ]);
  });

  it('reports a block added and a block removed where it stood', () => {
    const before = snapshot([
      rich('intro', paragraph('Hello.')),
      rich('old', heading('Old terms'), paragraph('Pay in 60 days.')),
      rich('end', paragraph('Thanks.')),
    ]);
    const after = snapshot([
      rich('intro', paragraph('Hello.')),
      rich('new', heading('Terms'), paragraph('Pay in 30 days.')),
      rich('end', paragraph('Thanks.')),
      { id: 'sign', type: 'signature', client: { label: 'Client', role: 'Director' } },
    ]);
    expect(diffRevisions(i18n, before, after)).toEqual<TRevisionChange[]>([
      { kind: 'block_removed', blockType: 'rich_text', blockLabel: 'Old terms', text: 'Old terms\nPay in 60 days.' },
      { kind: 'block_added', blockType: 'rich_text', blockLabel: 'Terms', text: 'Terms\nPay in 30 days.' },
      { kind: 'block_added', blockType: 'signature', blockLabel: 'Signature', text: 'Sender\nClient — Director' },
    ]);
  });

  it('puts a removed first block first', () => {
    const before = snapshot([rich('a', paragraph('Gone.')), rich('b', paragraph('Kept.'))]);
    const after = snapshot([rich('c', paragraph('New.')), rich('b', paragraph('Kept.'))]);
    expect(diffRevisions(i18n, before, after).map((c) => c.kind)).toEqual(['block_removed', 'block_added']);
  });

  it('summarises an added pricing table, timeline and page break', () => {
    const after = snapshot([
      table(
        't',
        [line('l1'), line('l2', { description: 'Hosting', unitPrice: 2_500, billing: 'monthly', optional: true })],
        {
          title: 'Investment',
        },
      ),
      timeline('plan', [
        { id: 'm1', title: 'Kickoff', when: { kind: 'date', date: '2026-04-01' } },
        { id: 'm2', title: 'Launch', when: { kind: 'duration', value: 6, unit: 'weeks' } },
      ]),
      { id: 'pb', type: 'page_break' },
    ]);
    expect(diffRevisions(i18n, snapshot(), after)).toEqual<TRevisionChange[]>([
      {
        kind: 'block_added',
        blockType: 'pricing_table',
        blockLabel: 'Investment',
        text: 'Design — $1,200\nHosting — $25 per month (optional)',
      },
      {
        kind: 'block_added',
        blockType: 'timeline',
        blockLabel: 'Timeline',
        text: 'Kickoff — April 1, 2026\nLaunch — 6 weeks',
      },
      { kind: 'block_added', blockType: 'page_break', blockLabel: 'Page break', text: '' },
      { kind: 'totals_changed', billing: 'one_off', label: 'One-off total', before: '$0', after: '$1,200' },
    ]);
  });

  it('reports a moved block once, not as removed and added', () => {
    const blocks = [rich('a', paragraph('First.')), rich('b', paragraph('Second.')), rich('c', paragraph('Third.'))];
    const before = snapshot(blocks);
    const after = snapshot([blocks[2]!, blocks[0]!, blocks[1]!]);
    expect(diffRevisions(i18n, before, after)).toEqual<TRevisionChange[]>([
      { kind: 'block_moved', blockType: 'rich_text', blockLabel: 'Third.' },
    ]);
  });

  it('reports one of two swapped blocks as moved, and an edit in either', () => {
    const before = snapshot([rich('a', paragraph('First.')), rich('b', paragraph('Second.'))]);
    const after = snapshot([rich('b', paragraph('Second, revised.')), rich('a', paragraph('First.'))]);
    expect(diffRevisions(i18n, before, after)).toEqual<TRevisionChange[]>([
      {
        kind: 'text_changed',
        blockLabel: 'Second, revised.',
        segments: [
          { kind: 'same', text: 'Second' },
          { kind: 'added', text: ', revised' },
          { kind: 'same', text: '.' },
        ],
      },
      { kind: 'block_moved', blockType: 'rich_text', blockLabel: 'First.' },
    ]);
  });

  it('reports a block whose type changed under the same id as removed and added', () => {
    const before = snapshot([{ id: 'x', type: 'page_break' }]);
    const after = snapshot([rich('x', paragraph('Now text.'))]);
    expect(diffRevisions(i18n, before, after)).toEqual<TRevisionChange[]>([
      { kind: 'block_removed', blockType: 'page_break', blockLabel: 'Page break', text: '' },
      { kind: 'block_added', blockType: 'rich_text', blockLabel: 'Now text.', text: 'Now text.' },
    ]);
  });

  it('does not report formatting that leaves the words as they were', () => {
    const before = snapshot([rich('a', paragraph('Bold words.'))]);
    const after = snapshot([rich('a', paragraph({ type: 'text', text: 'Bold words.', marks: [{ type: 'bold' }] }))]);
    expect(diffRevisions(i18n, before, after)).toEqual([]);
  });

  describe('pricing', () => {
    it('reports a price change with exact money and the totals', () => {
      const before = snapshot([table('t', [line('l1')])]);
      const after = snapshot([table('t', [line('l1', { unitPrice: 150_000 })])]);
      expect(diffRevisions(i18n, before, after)).toEqual<TRevisionChange[]>([
        {
          kind: 'line_changed',
          table: 'Prices',
          description: 'Design',
          changes: [
            { label: 'Unit price', before: '$1,200', after: '$1,500' },
            { label: 'Line total', before: '$1,200', after: '$1,500' },
          ],
        },
        { kind: 'totals_changed', billing: 'one_off', label: 'One-off total', before: '$1,200', after: '$1,500' },
      ]);
    });

    it('shows cents when an amount has them', () => {
      const before = snapshot([table('t', [line('l1', { quantity: 2000 })])]);
      const after = snapshot([table('t', [line('l1', { quantity: 2000, unitPrice: 120_050 })])]);
      expect(diffRevisions(i18n, before, after)).toEqual<TRevisionChange[]>([
        {
          kind: 'line_changed',
          table: 'Prices',
          description: 'Design',
          changes: [
            { label: 'Unit price', before: '$1,200', after: '$1,200.50' },
            { label: 'Line total', before: '$2,400', after: '$2,401' },
          ],
        },
        { kind: 'totals_changed', billing: 'one_off', label: 'One-off total', before: '$2,400', after: '$2,401' },
      ]);
    });

    it('reports lines added and removed with their amounts and billing', () => {
      const before = snapshot([
        table('t', [line('l1'), line('l2', { description: 'Copywriting', unitPrice: 40_000 })]),
      ]);
      const after = snapshot([
        table('t', [
          line('l1'),
          line('l3', { description: 'Hosting', unitPrice: 2_500, billing: 'monthly', taxPercent: 2000 }),
          line('l4', { description: 'Domain', unitPrice: 1_500, billing: 'yearly' }),
        ]),
      ]);
      expect(diffRevisions(i18n, before, after)).toEqual<TRevisionChange[]>([
        { kind: 'line_removed', table: 'Prices', description: 'Copywriting', amount: '$400' },
        { kind: 'line_added', table: 'Prices', description: 'Hosting', amount: '$30 per month' },
        { kind: 'line_added', table: 'Prices', description: 'Domain', amount: '$15 per year' },
        { kind: 'totals_changed', billing: 'one_off', label: 'One-off total', before: '$1,600', after: '$1,200' },
        { kind: 'totals_changed', billing: 'monthly', label: 'Monthly total', before: '$0', after: '$30' },
        { kind: 'totals_changed', billing: 'yearly', label: 'Yearly total', before: '$0', after: '$15' },
      ]);
    });

    it('reports a line moved to another table as removed from one and added to the other', () => {
      const before = snapshot([table('t1', [line('l1'), line('l2', { description: 'Hosting' })]), table('t2', [])]);
      const after = snapshot([
        table('t1', [line('l1')]),
        table('t2', [line('l2', { description: 'Hosting' })], { title: 'Extras' }),
      ]);
      expect(diffRevisions(i18n, before, after)).toEqual<TRevisionChange[]>([
        { kind: 'line_removed', table: 'Prices', description: 'Hosting', amount: '$1,200' },
        {
          kind: 'block_changed',
          blockType: 'pricing_table',
          blockLabel: 'Extras',
          changes: [{ label: 'Title', before: 'Prices', after: 'Extras' }],
        },
        { kind: 'line_added', table: 'Extras', description: 'Hosting', amount: '$1,200' },
      ]);
    });

    it('reports an optional line toggled, and whether it starts included', () => {
      const before = snapshot([table('t', [line('l1'), line('l2', { description: 'Logo' })])]);
      const after = snapshot([table('t', [line('l1'), line('l2', { description: 'Logo', optional: true })])]);
      expect(diffRevisions(i18n, before, after)).toEqual<TRevisionChange[]>([
        {
          kind: 'line_changed',
          table: 'Prices',
          description: 'Logo',
          changes: [
            { label: 'Optional', before: 'No', after: 'Yes' },
            { label: 'Included by default', before: 'Yes', after: 'No' },
          ],
        },
        { kind: 'totals_changed', billing: 'one_off', label: 'One-off total', before: '$2,400', after: '$1,200' },
      ]);
      const ticked = snapshot([
        table('t', [line('l1'), line('l2', { description: 'Logo', optional: true, selected: true })]),
      ]);
      expect(diffRevisions(i18n, before, ticked)).toEqual<TRevisionChange[]>([
        {
          kind: 'line_changed',
          table: 'Prices',
          description: 'Logo',
          changes: [{ label: 'Optional', before: 'No', after: 'Yes' }],
        },
      ]);
    });

    it('reports a quantity range added and changed', () => {
      const fixed = snapshot([table('t', [line('l1', { quantity: 2000 })])]);
      const ranged = snapshot([table('t', [line('l1', { quantity: 2000, quantityRange: { min: 1000, max: 5000 } })])]);
      const wider = snapshot([table('t', [line('l1', { quantity: 2000, quantityRange: { min: 500, max: 10_000 } })])]);
      expect(diffRevisions(i18n, fixed, ranged)).toEqual<TRevisionChange[]>([
        {
          kind: 'line_changed',
          table: 'Prices',
          description: 'Design',
          changes: [{ label: 'Quantity range', before: '—', after: '1–5' }],
        },
      ]);
      expect(diffRevisions(i18n, ranged, wider)).toEqual<TRevisionChange[]>([
        {
          kind: 'line_changed',
          table: 'Prices',
          description: 'Design',
          changes: [{ label: 'Quantity range', before: '1–5', after: '0.5–10' }],
        },
      ]);
    });

    it('formats quantity, unit, percentages and billing', () => {
      const before = snapshot([table('t', [line('l1', { unit: 'h', quantity: 1500, discountPercent: 1000 })])]);
      const after = snapshot([
        table('t', [
          line('l1', {
            description: 'Design work',
            unit: 'days',
            quantity: 2000,
            discountPercent: 1250,
            taxPercent: 2000,
            billing: 'monthly',
          }),
        ]),
      ]);
      expect(diffRevisions(i18n, before, after)).toEqual<TRevisionChange[]>([
        {
          kind: 'line_changed',
          table: 'Prices',
          description: 'Design work',
          changes: [
            { label: 'Description', before: 'Design', after: 'Design work' },
            { label: 'Quantity', before: '1.5', after: '2' },
            { label: 'Unit', before: 'h', after: 'days' },
            { label: 'Discount', before: '10%', after: '12.5%' },
            { label: 'Tax', before: '0%', after: '20%' },
            { label: 'Billing', before: 'One-off', after: 'Monthly' },
            { label: 'Line total', before: '$1,620', after: '$2,520' },
          ],
        },
        { kind: 'totals_changed', billing: 'one_off', label: 'One-off total', before: '$1,620', after: '$0' },
        { kind: 'totals_changed', billing: 'monthly', label: 'Monthly total', before: '$0', after: '$2,520' },
      ]);
    });

    it('reports the package chosen in a choice group, and the table title and type', () => {
      const packages = (chosen: string, kind: TPricingTable['kind'], title: string) =>
        table(
          't',
          [
            line('basic', { description: 'Basic', unitPrice: 100_000, selected: chosen === 'basic' }),
            line('pro', { description: 'Pro', unitPrice: 200_000, selected: chosen === 'pro' }),
          ],
          { kind, title },
        );
      const before = snapshot([packages('basic', 'choice', 'Packages')]);
      const after = snapshot([packages('pro', 'choice', 'Pick a package')]);
      expect(diffRevisions(i18n, before, after)).toEqual<TRevisionChange[]>([
        {
          kind: 'block_changed',
          blockType: 'pricing_table',
          blockLabel: 'Pick a package',
          changes: [{ label: 'Title', before: 'Packages', after: 'Pick a package' }],
        },
        {
          kind: 'line_changed',
          table: 'Pick a package',
          description: 'Basic',
          changes: [{ label: 'Included by default', before: 'Yes', after: 'No' }],
        },
        {
          kind: 'line_changed',
          table: 'Pick a package',
          description: 'Pro',
          changes: [{ label: 'Included by default', before: 'No', after: 'Yes' }],
        },
        { kind: 'totals_changed', billing: 'one_off', label: 'One-off total', before: '$1,000', after: '$2,000' },
      ]);
      const asLines = snapshot([packages('basic', 'lines', 'Packages')]);
      expect(diffRevisions(i18n, asLines, before)).toEqual<TRevisionChange[]>([
        {
          kind: 'block_changed',
          blockType: 'pricing_table',
          blockLabel: 'Packages',
          changes: [{ label: 'Kind of table', before: 'Line items', after: 'Choice of packages' }],
        },
        {
          kind: 'line_changed',
          table: 'Packages',
          description: 'Pro',
          changes: [{ label: 'Included by default', before: 'Yes', after: 'No' }],
        },
        { kind: 'totals_changed', billing: 'one_off', label: 'One-off total', before: '$3,000', after: '$1,000' },
      ]);
    });

    it('formats yen with no decimals and dinars with three', () => {
      const yen = (unitPrice: number) => snapshot([table('t', [line('l1', { unitPrice })])], { currency: 'JPY' });
      expect(diffRevisions(i18n, yen(120_000), yen(150_500))).toEqual<TRevisionChange[]>([
        {
          kind: 'line_changed',
          table: 'Prices',
          description: 'Design',
          changes: [
            { label: 'Unit price', before: '¥120,000', after: '¥150,500' },
            { label: 'Line total', before: '¥120,000', after: '¥150,500' },
          ],
        },
        { kind: 'totals_changed', billing: 'one_off', label: 'One-off total', before: '¥120,000', after: '¥150,500' },
      ]);
      const dinars = (unitPrice: number) => snapshot([table('t', [line('l1', { unitPrice })])], { currency: 'KWD' });
      expect(diffRevisions(i18n, dinars(1_200_000), dinars(1_234_567))).toEqual<TRevisionChange[]>([
        {
          kind: 'line_changed',
          table: 'Prices',
          description: 'Design',
          changes: [
            { label: 'Unit price', before: 'KWD\u00a01,200', after: 'KWD\u00a01,234.567' },
            { label: 'Line total', before: 'KWD\u00a01,200', after: 'KWD\u00a01,234.567' },
          ],
        },
        {
          kind: 'totals_changed',
          billing: 'one_off',
          label: 'One-off total',
          before: 'KWD\u00a01,200',
          after: 'KWD\u00a01,234.567',
        },
      ]);
    });

    it('formats each side in its own currency when the currency changed', () => {
      const before = snapshot([table('t', [line('l1', { unitPrice: 120_000 })])], { currency: 'JPY' });
      const after = snapshot([table('t', [line('l1', { unitPrice: 120_000 })])], { currency: 'USD' });
      expect(diffRevisions(i18n, before, after)).toEqual<TRevisionChange[]>([
        { kind: 'field', label: 'Currency', before: 'JPY — Japanese Yen', after: 'USD — US Dollar' },
        {
          kind: 'line_changed',
          table: 'Prices',
          description: 'Design',
          changes: [
            { label: 'Unit price', before: '¥120,000', after: '$1,200' },
            { label: 'Line total', before: '¥120,000', after: '$1,200' },
          ],
        },
        { kind: 'totals_changed', billing: 'one_off', label: 'One-off total', before: '¥120,000', after: '$1,200' },
      ]);
    });

    it("formats for the reader's locale", () => {
      const before = snapshot([table('t', [line('l1', { taxPercent: 1950 })])], { currency: 'EUR', validUntil: null });
      const after = snapshot([table('t', [line('l1', { taxPercent: 2100, unitPrice: 123_456 })])], {
        currency: 'EUR',
        validUntil: '2026-12-31',
      });
      expect(diffRevisions(i18n, before, after, 'de-DE')).toEqual<TRevisionChange[]>([
        { kind: 'field', label: 'Valid until', before: '—', after: '31. Dezember 2026' },
        {
          kind: 'line_changed',
          table: 'Prices',
          description: 'Design',
          changes: [
            { label: 'Unit price', before: '1.200\u00a0€', after: '1.234,56\u00a0€' },
            { label: 'Tax', before: '19,5\u00a0%', after: '21\u00a0%' },
            { label: 'Line total', before: '1.434\u00a0€', after: '1.493,82\u00a0€' },
          ],
        },
        {
          kind: 'totals_changed',
          billing: 'one_off',
          label: 'One-off total',
          before: '1.434\u00a0€',
          after: '1.493,82\u00a0€',
        },
      ]);
    });

    it('reports each billing kind whose total changed, and only those', () => {
      const lines = (monthly: number, yearly: number) => [
        line('once', { unitPrice: 50_000 }),
        line('month', { description: 'Care plan', unitPrice: monthly, billing: 'monthly' }),
        line('year', { description: 'Licence', unitPrice: yearly, billing: 'yearly' }),
      ];
      const before = snapshot([table('t', lines(9_900, 30_000))]);
      const after = snapshot([table('t', lines(14_900, 30_000))]);
      expect(diffRevisions(i18n, before, after).filter((c) => c.kind === 'totals_changed')).toEqual<TRevisionChange[]>([
        { kind: 'totals_changed', billing: 'monthly', label: 'Monthly total', before: '$99', after: '$149' },
      ]);
      const yearly = snapshot([table('t', lines(9_900, 36_000))]);
      expect(diffRevisions(i18n, before, yearly).filter((c) => c.kind === 'totals_changed')).toEqual<TRevisionChange[]>(
        [{ kind: 'totals_changed', billing: 'yearly', label: 'Yearly total', before: '$300', after: '$360' }],
      );
    });
  });

  it('reports milestones added, removed and changed', () => {
    const before = snapshot([
      timeline('plan', [
        { id: 'm1', title: 'Kickoff', when: { kind: 'date', date: '2026-04-01' } },
        { id: 'm2', title: 'Design', when: { kind: 'duration', value: 2, unit: 'weeks' } },
        { id: 'm3', title: 'Review', when: { kind: 'duration', value: 1, unit: 'weeks' } },
      ]),
    ]);
    const after = snapshot([
      timeline('plan', [
        { id: 'm1', title: 'Kickoff', when: { kind: 'date', date: '2026-04-08' } },
        { id: 'm2', title: 'Design', description: 'Two rounds.', when: { kind: 'duration', value: 1, unit: 'months' } },
        { id: 'm4', title: 'Launch', when: { kind: 'duration', value: 1, unit: 'days' } },
      ]),
    ]);
    expect(diffRevisions(i18n, before, after)).toEqual<TRevisionChange[]>([
      {
        kind: 'milestone_changed',
        timeline: 'Timeline',
        title: 'Kickoff',
        changes: [{ label: 'When', before: 'April 1, 2026', after: 'April 8, 2026' }],
      },
      {
        kind: 'milestone_changed',
        timeline: 'Timeline',
        title: 'Design',
        changes: [
          { label: 'Description', before: '—', after: 'Two rounds.' },
          { label: 'When', before: '2 weeks', after: '1 month' },
        ],
      },
      { kind: 'milestone_removed', timeline: 'Timeline', title: 'Review', when: '1 week' },
      { kind: 'milestone_added', timeline: 'Timeline', title: 'Launch', when: '1 day' },
    ]);
  });

  it("reports a signature's labels and roles", () => {
    const before = snapshot([{ id: 's', type: 'signature' }]);
    const signature: TSignatureBlock = {
      id: 's',
      type: 'signature',
      sender: { label: 'Studio', role: 'Founder' },
      client: { label: '' },
    };
    expect(diffRevisions(i18n, before, snapshot([signature]))).toEqual<TRevisionChange[]>([
      {
        kind: 'block_changed',
        blockType: 'signature',
        blockLabel: 'Signature',
        changes: [
          { label: 'Sender label', before: 'Sender', after: 'Studio' },
          { label: 'Sender role', before: '—', after: 'Founder' },
        ],
      },
    ]);
  });

  it('orders fields, then blocks in the newer order with removed ones in place, then totals', () => {
    const before = snapshot(
      [rich('a', paragraph('Alpha.')), table('t', [line('l1')]), rich('gone', paragraph('Gone.'))],
      { title: 'Old' },
    );
    const after = snapshot([rich('a', paragraph('Alpha beta.')), table('t', [line('l1', { unitPrice: 1 })])], {
      title: 'New',
    });
    expect(diffRevisions(i18n, before, after).map((c) => c.kind)).toEqual([
      'field',
      'text_changed',
      'line_changed',
      'block_removed',
      'totals_changed',
    ]);
  });

  it('finds a few edits among 300 blocks of text exactly', () => {
    const next = random(1);
    const texts = Array.from({ length: 300 }, () => `${words(60, next).join(' ')}.`);
    const blocks = texts.map((t, i) => rich(`b${i}`, paragraph(t)));
    const edited = [...blocks];
    edited[10] = rich('b10', paragraph(`${texts[10]} Extra sentence.`));
    edited.splice(100, 1);
    edited.splice(200, 0, rich('new', paragraph('A new section.')));
    const changes = diffRevisions(i18n, snapshot(blocks), snapshot(edited));
    expect(changes).toEqual<TRevisionChange[]>([
      {
        kind: 'text_changed',
        blockLabel: expect.any(String) as string,
        segments: [
          { kind: 'same', text: texts[10]! },
          { kind: 'added', text: ' Extra sentence.' },
        ],
      },
      { kind: 'block_removed', blockType: 'rich_text', blockLabel: expect.any(String) as string, text: texts[100]! },
      { kind: 'block_added', blockType: 'rich_text', blockLabel: 'A new section.', text: 'A new section.' },
    ]);
  });

  it('finds a few edits in one block of 300 paragraphs exactly', () => {
    const next = random(2);
    const texts = Array.from({ length: 300 }, () => `${words(60, next).join(' ')}.`);
    const edited = [...texts];
    edited[5] = `Revised: ${texts[5]}`;
    edited[250] = texts[250]!.replace(/\.$/, ' and more.');
    const before = snapshot([rich('all', heading('Scope'), ...texts.map((t) => paragraph(t)))]);
    const after = snapshot([rich('all', heading('Scope'), ...edited.map((t) => paragraph(t)))]);
    const [change, ...rest] = diffRevisions(i18n, before, after);
    expect(rest).toEqual([]);
    expect(change?.kind).toBe('text_changed');
    const segments = change?.kind === 'text_changed' ? change.segments : [];
    expect(segments.filter((s) => s.kind !== 'same')).toEqual([
      { kind: 'added', text: 'Revised: ' },
      { kind: 'added', text: ' and more' },
    ]);
    expect(sides(segments)).toEqual({
      before: ['Scope', ...texts].join('\n'),
      after: ['Scope', ...edited].join('\n'),
    });
  });
});

// ---------------------------------------------------------------- text

describe('diffText', () => {
  it('answers nothing for two empty texts and one same segment for equal ones', () => {
    expect(diffText('', '')).toEqual([]);
    expect(diffText('Same.', 'Same.')).toEqual([{ kind: 'same', text: 'Same.' }]);
  });

  it('handles a text added to or removed from nothing', () => {
    expect(diffText('', 'New text')).toEqual([{ kind: 'added', text: 'New text' }]);
    expect(diffText('Old text', '')).toEqual([{ kind: 'removed', text: 'Old text' }]);
  });

  it('shows a replaced phrase as one removal and one addition', () => {
    expect(diffText('We start in early spring next year.', 'We start in late autumn this year.')).toEqual([
      { kind: 'same', text: 'We start in ' },
      { kind: 'removed', text: 'early spring next' },
      { kind: 'added', text: 'late autumn this' },
      { kind: 'same', text: ' year.' },
    ]);
  });

  it('keeps deletions and insertions that touch nothing else apart', () => {
    expect(diffText('one two three four', 'one three four five')).toEqual([
      { kind: 'same', text: 'one ' },
      { kind: 'removed', text: 'two ' },
      { kind: 'same', text: 'three four' },
      { kind: 'added', text: ' five' },
    ]);
  });

  it('diffs punctuation and numbers as their own words', () => {
    expect(diffText('Total: $1,200.50, due now.', 'Total: $1,500.50; due now!')).toEqual([
      { kind: 'same', text: 'Total: $' },
      { kind: 'removed', text: '1,200.50,' },
      { kind: 'added', text: '1,500.50;' },
      { kind: 'same', text: ' due now' },
      { kind: 'removed', text: '.' },
      { kind: 'added', text: '!' },
    ]);
  });

  it('diffs text without spaces character by character', () => {
    expect(diffText('東京で会議', '大阪で会議')).toEqual([
      { kind: 'removed', text: '東京' },
      { kind: 'added', text: '大阪' },
      { kind: 'same', text: 'で会議' },
    ]);
  });

  it('keeps changes on separate lines apart', () => {
    expect(diffText('First line\nSecond line\nThird line', 'First one\nSecond line\nThird one')).toEqual([
      { kind: 'same', text: 'First ' },
      { kind: 'removed', text: 'line' },
      { kind: 'added', text: 'one' },
      { kind: 'same', text: '\nSecond line\nThird ' },
      { kind: 'removed', text: 'line' },
      { kind: 'added', text: 'one' },
    ]);
    expect(diffText('A\nC', 'A\nB\nC')).toEqual([
      { kind: 'same', text: 'A\n' },
      { kind: 'added', text: 'B\n' },
      { kind: 'same', text: 'C' },
    ]);
  });

  it('loses nothing: both texts can be read back from every diff', () => {
    const next = random(3);
    for (let round = 0; round < 200; round++) {
      const a = words(1 + Math.floor(next() * 40), next);
      const b = [...a];
      for (let edit = Math.floor(next() * 6); edit > 0; edit--) {
        const at = Math.floor(next() * (b.length + 1));
        const roll = next();
        if (roll < 0.33) b.splice(at, 1);
        else if (roll < 0.66) b.splice(at, 0, ...words(1 + Math.floor(next() * 3), next));
        else b.splice(at, 1, next() < 0.5 ? '\n' : 'changed,');
      }
      const before = a.join(next() < 0.5 ? ' ' : '\n');
      const after = b.join(' ');
      const segments = diffText(before, after);
      expect(sides(segments)).toEqual({ before, after });
      for (let i = 1; i < segments.length; i++) expect(segments[i]!.kind).not.toBe(segments[i - 1]!.kind);
      expect(segments.every((s) => s.text !== '')).toBe(true);
    }
  });

  it('finds scattered edits in a long paragraph exactly', () => {
    const next = random(4);
    const a = words(3000, next);
    const b = a.map((word, i) => (i % 60 === 30 ? 'CHANGED' : word));
    const segments = diffText(a.join(' '), b.join(' '));
    expect(segments.filter((s) => s.kind === 'added')).toEqual(
      Array.from({ length: 50 }, () => ({ kind: 'added', text: 'CHANGED' })),
    );
    expect(sides(segments)).toEqual({ before: a.join(' '), after: b.join(' ') });
  });

  it('replaces two unrelated texts of 20,000 words whole, within its bounds', () => {
    const next = random(5);
    const a = `Alpha ${words(20_000, next).join(' ')}`;
    const b = `Beta ${words(20_000, next).join(' ')}`;
    expect(diffText(a, b)).toEqual([
      { kind: 'removed', text: a },
      { kind: 'added', text: b },
    ]);
    const onLines = (t: string) => t.replace(/ (\w+) (\w+) (\w+) (\w+) /g, ' $1 $2 $3 $4\n');
    expect(diffText(onLines(a), onLines(b))).toEqual([
      { kind: 'removed', text: onLines(a) },
      { kind: 'added', text: onLines(b) },
    ]);
  });

  it('replaces two rewritten paragraphs of 20,000 words through diffRevisions', () => {
    const next = random(6);
    const vocabularyB = VOCABULARY.map((w) => w.toUpperCase());
    const a = words(20_000, next).join(' ');
    const b = words(20_000, next, vocabularyB).join(' ');
    const [change, ...rest] = diffRevisions(
      i18n,
      snapshot([rich('x', paragraph(a))]),
      snapshot([rich('x', paragraph(b))]),
    );
    expect(rest).toEqual([]);
    expect(change).toEqual({
      kind: 'text_changed',
      blockLabel: expect.any(String) as string,
      segments: [
        { kind: 'removed', text: a },
        { kind: 'added', text: b },
      ],
    });
  });
});

describe('richTextPlainText', () => {
  it('puts headings, paragraphs, list items, table rows and images on lines', () => {
    const block = rich(
      'x',
      heading('Scope', 1),
      paragraph('Dear ', { type: 'variable', attrs: { name: 'client.name' } }, { type: 'hardBreak' }, 'thank you.'),
      paragraph(),
      {
        type: 'bulletList',
        content: [
          { type: 'listItem', content: [paragraph('Design')] },
          {
            type: 'listItem',
            content: [
              paragraph('Build', { type: 'hardBreak' }, 'and host'),
              { type: 'orderedList', content: [{ type: 'listItem', content: [paragraph('Front end')] }] },
            ],
          },
        ],
      },
      { type: 'blockquote', content: [paragraph('Quoted.')] },
      {
        type: 'table',
        content: [
          {
            type: 'tableRow',
            content: [
              { type: 'tableHeader', content: [paragraph('Phase')] },
              { type: 'tableHeader', content: [paragraph('Weeks')] },
            ],
          },
          {
            type: 'tableRow',
            content: [
              { type: 'tableCell', content: [paragraph('Design'), paragraph('and review')] },
              { type: 'tableCell', content: [paragraph('3', { type: 'hardBreak' }, 'or 4')] },
            ],
          },
        ],
      },
      {
        type: 'image',
        attrs: { src: '/api/files/8d6f1f1e-3b2a-4c4d-9e8f-0a1b2c3d4e5f', alt: 'Site map' },
      },
      { type: 'image', attrs: { src: '/api/files/8d6f1f1e-3b2a-4c4d-9e8f-0a1b2c3d4e5f', alt: '' } },
    );
    expect(richTextPlainText(i18n, block.content)).toBe(
      [
        'Scope',
        'Dear {{client.name}}',
        'thank you.',
        '• Design',
        '• Build',
        '  and host',
        '  • Front end',
        'Quoted.',
        'Phase | Weeks',
        'Design and review | 3 or 4',
        '[Image: Site map]',
        '[Image]',
      ].join('\n'),
    );
  });
});

describe('diffSentRevisions', () => {
  const dear = (...after: (string | TInlineNode)[]) =>
    rich('intro', paragraph('Dear ', { type: 'variable', attrs: { name: 'client.name' } }, ...after));

  it('fills each revision’s variables with its own values, as its reader saw them', () => {
    const before = snapshot([dear(', welcome.')], { client: { ...snapshot().client, name: 'Ada Lovlace' } });
    const after = snapshot([
      dear(', welcome.'),
      rich('valid', paragraph('Open until ', variableNode('proposal.valid_until'))),
    ]);
    expect(diffSentRevisions(i18n, before, after)).toEqual<TRevisionChange[]>([
      { kind: 'field', label: 'Client name', before: 'Ada Lovlace', after: 'Ada Lovelace' },
      {
        kind: 'text_changed',
        blockLabel: 'Dear Ada Lovelace, welcome.',
        segments: [
          { kind: 'same', text: 'Dear Ada ' },
          { kind: 'removed', text: 'Lovlace' },
          { kind: 'added', text: 'Lovelace' },
          { kind: 'same', text: ', welcome.' },
        ],
      },
      {
        kind: 'block_added',
        blockType: 'rich_text',
        blockLabel: 'Open until December 31, 2026',
        text: 'Open until December 31, 2026',
      },
    ]);
    // Without values (two drafts in the editor) a variable reads as its name.
    expect(diffRevisions(i18n, before, after)[1]).toMatchObject({ blockLabel: 'Open until {{proposal.valid_until}}' });
  });

  it('writes a variable with no value as the page does, by its label', () => {
    const before = snapshot([dear()]);
    const after = snapshot([dear(' of ', variableNode('client.company'))], {
      client: { ...snapshot().client, company: '' },
    });
    const change = diffSentRevisions(i18n, before, after).find((c) => c.kind === 'text_changed');
    expect(change).toMatchObject({ blockLabel: 'Dear Ada Lovelace of [Client company]' });
  });
});
