import { ZDocument, documentTotals, type TBlock, type TMilestone, type TPricingTable } from '@draftwell/shared';
import { DRAFT_TONES, ZBrief, type TBriefInput, type TDraftTone } from '@draftwell/shared/drafting/brief';
import { describe, expect, it } from 'vitest';
import { builtinDrafter, fit } from './builtin-drafter';
import { collectDraft, type TDraftInput, type TDraftSavedItem } from './drafter';

const TODAY = '2027-03-01';

const PROFILE: TDraftInput['profile'] = {
  displayName: 'Sam Rivera',
  company: 'Northwind Studio',
  defaultCurrency: 'EUR',
  defaultTaxRate: 2000,
  defaultValidityDays: 30,
  locale: 'en-US',
};

const CLIENT: TDraftInput['client'] = { name: 'Alex Morgan', company: 'Harbour Bakery', email: 'alex@harbour.test' };

const ITEMS: TDraftSavedItem[] = [
  {
    id: '0b6a3c52-8d3e-4f7a-9a57-000000000001',
    description: 'Logo design',
    unit: 'project',
    unitPrice: 120_000,
    currency: 'EUR',
    taxRate: 2000,
    billing: 'one_off',
  },
  {
    id: '0b6a3c52-8d3e-4f7a-9a57-000000000002',
    description: 'Website hosting and maintenance',
    unit: 'month',
    unitPrice: 4_900,
    currency: 'EUR',
    taxRate: 2000,
    billing: 'monthly',
  },
  {
    id: '0b6a3c52-8d3e-4f7a-9a57-000000000003',
    description: 'Logo design',
    unit: 'project',
    unitPrice: 99_000,
    currency: 'USD',
    taxRate: 0,
    billing: 'one_off',
  },
];

const BRIEF: TBriefInput = {
  client: { source: 'new', name: 'Alex Morgan', company: 'Harbour Bakery', email: 'alex@harbour.test' },
  need: 'They need a new brand and website for their bakery, which opens a second shop in the spring.',
  goals: 'More online orders\nA brand people recognise on the high street',
  deliverables: ['Logo design', 'Brand guidelines', 'Website hosting and maintenance', 'Launch photography'],
  budget: { amount: 500_000, currency: 'EUR' },
  deadline: '2027-05-31',
  tone: 'formal',
};

function input(brief: Partial<TBriefInput> = {}, rest: Partial<Omit<TDraftInput, 'brief'>> = {}): TDraftInput {
  return {
    brief: ZBrief.parse({ ...BRIEF, ...brief }),
    profile: PROFILE,
    savedItems: ITEMS,
    client: CLIENT,
    language: 'en',
    today: TODAY,
    ...rest,
  };
}

const draft = (i: TDraftInput) => collectDraft(builtinDrafter, i);

const block = <T extends TBlock['type']>(blocks: TBlock[], id: string, type: T) => {
  const found = blocks.find((b) => b.id === id);
  expect(found?.type).toBe(type);
  return found as Extract<TBlock, { type: T }>;
};

/** Every text of the document's rich text, in order. */
function texts(blocks: TBlock[]): string[] {
  const out: string[] = [];
  const walk = (node: unknown) => {
    if (typeof node !== 'object' || node === null) return;
    const { text, content } = node as { text?: string; content?: unknown[] };
    if (typeof text === 'string') out.push(text);
    content?.forEach(walk);
  };
  for (const b of blocks) if (b.type === 'rich_text') walk(b.content);
  return out;
}

describe('the built-in drafter', () => {
  it('writes every section in order, with the fixed ids an editor and a test can rely on', async () => {
    const result = await draft(input());
    expect(result.document.blocks.map((b) => `${b.id}:${b.type}`)).toEqual([
      'introduction:rich_text',
      'understanding:rich_text',
      'approach:rich_text',
      'deliverables:rich_text',
      'timeline-intro:rich_text',
      'timeline:timeline',
      'investment:rich_text',
      'pricing:pricing_table',
      'terms:rich_text',
      'next-steps:rich_text',
      'signature:signature',
    ]);
    expect(result.currency).toBe('EUR');
    expect(result.validUntil).toBe('2027-03-31');
    expect(result.title).toBe('A new brand and website for the bakery — proposal for Harbour Bakery');
  });

  it('greets the client through the client.name variable and speaks to them in the second person', async () => {
    const { document } = await draft(input());
    const intro = block(document.blocks, 'introduction', 'rich_text');
    expect(intro.content.content[1]).toEqual({
      type: 'paragraph',
      content: [
        { type: 'text', text: 'Dear ' },
        { type: 'variable', attrs: { name: 'client.name' } },
        { type: 'text', text: ',' },
      ],
    });
    expect(JSON.stringify(intro)).toContain('"client.company"');
    expect(JSON.stringify(intro)).toContain('"proposal.valid_until"');
    const understanding = texts([block(document.blocks, 'understanding', 'rich_text')]);
    expect(understanding).toContain(
      'You need a new brand and website for your bakery, which opens a second shop in the spring.',
    );
    expect(understanding).toContain('More online orders.');
    expect(understanding).toContain('A brand people recognise on the high street.');
  });

  it('derives the approach phases and the bullet list from the deliverables', async () => {
    const { document } = await draft(input());
    const approach = texts([block(document.blocks, 'approach', 'rich_text')]);
    // Each phase's paragraph: its name in bold, then what it does.
    const logo = block(document.blocks, 'approach', 'rich_text').content.content[3];
    expect(logo).toEqual({
      type: 'paragraph',
      content: [
        { type: 'text', text: 'Logo design.', marks: [{ type: 'bold' }] },
        {
          type: 'text',
          text: ' We will produce the logo design, presenting work in progress for your review before it is finalised.',
        },
      ],
    });
    expect(approach).toEqual(
      expect.arrayContaining([
        'Discovery and planning.',
        'Logo design.',
        ' We will produce the logo design, presenting work in progress for your review before it is finalised.',
        'Launch photography.',
        'Review and handover.',
      ]),
    );
    expect(approach).toContain(
      'We propose to carry out the work in six phases, each concluding with a review, so that you retain full control over the direction and quality of the work.',
    );
    const list = block(document.blocks, 'deliverables', 'rich_text').content.content[2];
    expect(list?.type).toBe('bulletList');
    expect(texts([block(document.blocks, 'deliverables', 'rich_text')]).slice(2)).toEqual(BRIEF.deliverables);
  });

  it('puts "the" before a deliverable in a sentence only where English wants one', async () => {
    const { document } = await draft(input({ deliverables: ['Two landing pages', '3 short videos', 'API design'] }));
    const approach = texts([block(document.blocks, 'approach', 'rich_text')]).join(' ');
    expect(approach).toContain('We will produce two landing pages, presenting');
    expect(approach).toContain('We will produce 3 short videos, presenting');
    expect(approach).toContain('We will produce the API design, presenting');
  });

  it('groups many deliverables into at most five delivery phases, keeping every one', async () => {
    const deliverables = Array.from({ length: 20 }, (_, i) => `Deliverable number ${i + 1}`);
    const { document } = await draft(input({ deliverables }));
    const milestones = block(document.blocks, 'timeline', 'timeline').milestones;
    expect(milestones.map((m) => m.id)).toEqual([
      'm-kickoff',
      'm-phase-1',
      'm-phase-2',
      'm-phase-3',
      'm-phase-4',
      'm-phase-5',
      'm-handover',
    ]);
    const described = milestones.map((m) => m.description ?? '').join(' ');
    for (const d of deliverables) expect(described).toContain(`deliverable number ${d.split(' ').at(-1)}`);
  });

  it('spreads dated milestones from just after today to the deadline', async () => {
    const { document } = await draft(input());
    const milestones = block(document.blocks, 'timeline', 'timeline').milestones;
    const dates = milestones.map((m) => (m.when.kind === 'date' ? m.when.date : 'none'));
    // 91 days: kick-off after 7, 15 % of the rest (12 days) kept for review, four phases of 18 days.
    expect(dates).toEqual(['2027-03-08', '2027-03-26', '2027-04-13', '2027-05-01', '2027-05-19', '2027-05-31']);
    expect([...dates].sort()).toEqual(dates);
    expect(texts([block(document.blocks, 'timeline-intro', 'rich_text')]).join(' ')).toContain('May 31, 2027');
    expect(texts([block(document.blocks, 'next-steps', 'rich_text')]).join(' ')).toContain('March 8, 2027');
  });

  it.each([
    ['en-US', 'May 31, 2027', 'March 8, 2027'],
    ['en-GB', '31 May 2027', '8 March 2027'],
    ['de-DE', '31. Mai 2027', '8. März 2027'],
    ['fr-FR', '31 mai 2027', '8 mars 2027'],
  ] as const)(
    'writes its dates in the account’s date format (%s), as the proposal’s own dates are',
    async (locale, deadline, kickoff) => {
      const { document } = await draft(input({}, { profile: { ...PROFILE, locale } }));
      const understanding = texts([block(document.blocks, 'understanding', 'rich_text')]).join(' ');
      expect(understanding).toContain(`by ${deadline}`);
      expect(texts([block(document.blocks, 'timeline-intro', 'rich_text')]).join(' ')).toContain(deadline);
      expect(texts([block(document.blocks, 'next-steps', 'rich_text')]).join(' ')).toContain(kickoff);
    },
  );

  it('keeps every date within a deadline of tomorrow', async () => {
    const { document } = await draft(input({ deadline: '2027-03-02' }));
    const dates = block(document.blocks, 'timeline', 'timeline').milestones.map((m: TMilestone) =>
      m.when.kind === 'date' ? m.when.date : 'none',
    );
    expect(new Set(dates)).toEqual(new Set(['2027-03-02']));
  });

  it('gives durations instead of dates when there is no deadline', async () => {
    const { document } = await draft(input({ deadline: null }));
    const milestones = block(document.blocks, 'timeline', 'timeline').milestones;
    expect(milestones.map((m) => m.when)).toEqual([
      { kind: 'duration', value: 1, unit: 'weeks' },
      { kind: 'duration', value: 2, unit: 'weeks' },
      { kind: 'duration', value: 2, unit: 'weeks' },
      { kind: 'duration', value: 2, unit: 'weeks' },
      { kind: 'duration', value: 2, unit: 'weeks' },
      { kind: 'duration', value: 1, unit: 'weeks' },
    ]);
  });

  describe('pricing', () => {
    const table = async (i: TDraftInput) =>
      block((await draft(i)).document.blocks, 'pricing', 'pricing_table') as TPricingTable;

    it('prices a deliverable with the saved item in the proposal currency that matches it', async () => {
      const lines = (await table(input())).lines;
      expect(lines[0]).toEqual({
        id: 'line-1',
        description: 'Logo design',
        quantity: 1000,
        unit: 'project',
        unitPrice: 120_000,
        discountPercent: 0,
        taxPercent: 2000,
        billing: 'one_off',
        optional: false,
        selected: true,
        savedItemId: ITEMS[0]!.id,
      });
      expect(lines[2]).toMatchObject({
        savedItemId: ITEMS[1]!.id,
        billing: 'monthly',
        unitPrice: 4_900,
        unit: 'month',
      });
    });

    it('splits what the matched one-off items leave of the budget, tax included, exactly over the other lines', async () => {
      const brief = input({ budget: { amount: 500_001, currency: 'EUR' } });
      const lines = (await table(brief)).lines;
      // 500,001 less the logo's 144,000 with its 20 % tax leaves 178,001 + 178,000 for two lines
      // at the default 20 %: before tax 148,334 (+ 29,667) and 148,333 (+ 29,667).
      expect(lines[1]).toMatchObject({ description: 'Brand guidelines', unitPrice: 148_334, unit: 'deliverable' });
      expect(lines[3]).toMatchObject({ description: 'Launch photography', unitPrice: 148_333, taxPercent: 2000 });
      expect(lines[1]).not.toHaveProperty('savedItemId');
      expect(documentTotals((await draft(brief)).document).one_off).toEqual({
        net: 416_667,
        discount: 0,
        tax: 83_334,
        total: 500_001,
      });
    });

    it.each([0, 700, 1250, 1999, 2000, 2500, 10_000])(
      'never passes the budget with its tax, at a default tax of %i basis points',
      async (defaultTaxRate) => {
        for (const amount of [1, 2, 3, 7, 99, 1_001, 123_457, 500_001, 9_999_999]) {
          const brief = input(
            { deliverables: ['Alpha', 'Beta', 'Gamma'], budget: { amount, currency: 'EUR' } },
            { profile: { ...PROFILE, defaultTaxRate } },
          );
          const { total } = documentTotals((await draft(brief)).document).one_off;
          expect(total, `${amount} at ${defaultTaxRate}`).toBeLessThanOrEqual(amount);
          // What is left unspent is at most a few minor units lost to rounding per line.
          expect(amount - total, `${amount} at ${defaultTaxRate}`).toBeLessThanOrEqual(3);
        }
      },
    );

    it('splits a budget smaller than the number of lines without losing a cent', async () => {
      const lines = (
        await table(input({ deliverables: ['Alpha', 'Beta', 'Gamma'], budget: { amount: 2, currency: 'EUR' } }))
      ).lines;
      expect(lines.map((l) => l.unitPrice)).toEqual([1, 1, 0]);
    });

    it('uses only saved items in the budget’s currency, which becomes the proposal’s', async () => {
      const result = await draft(input({ budget: { amount: 300_000, currency: 'USD' } }));
      expect(result.currency).toBe('USD');
      const lines = block(result.document.blocks, 'pricing', 'pricing_table').lines;
      expect(lines[0]).toMatchObject({ savedItemId: ITEMS[2]!.id, unitPrice: 99_000 });
      expect(lines[2]).not.toHaveProperty('savedItemId');
      expect(documentTotals(result.document).one_off.total).toBe(300_000);
    });

    it('prices the other lines at 0 without a budget, and says nothing of a budget', async () => {
      const result = await draft(input({ budget: null }));
      const lines = block(result.document.blocks, 'pricing', 'pricing_table').lines;
      expect(lines.map((l) => l.unitPrice)).toEqual([120_000, 0, 4_900, 0]);
      expect(lines[1]!.description).toBe('Brand guidelines');
      expect(texts([block(result.document.blocks, 'investment', 'rich_text')]).join(' ')).not.toMatch(/budget/);
    });

    it('says so when the matched items alone exceed the budget', async () => {
      const result = await draft(input({ budget: { amount: 100_000, currency: 'EUR' } }));
      const lines = block(result.document.blocks, 'pricing', 'pricing_table').lines;
      expect(lines.map((l) => l.unitPrice)).toEqual([120_000, 0, 4_900, 0]);
      expect(texts([block(result.document.blocks, 'investment', 'rich_text')]).join(' ')).toContain(
        'With tax, they exceed the budget of €1,000 that you indicated',
      );
    });

    it('mentions a budget the fees fit', async () => {
      const result = await draft(input());
      expect(texts([block(result.document.blocks, 'investment', 'rich_text')]).join(' ')).toContain(
        'With tax, they have been set within the budget of €5,000 that you indicated.',
      );
    });
  });

  it('states the validity in days and the recurring billing in the terms', async () => {
    const terms = texts([block((await draft(input())).document.blocks, 'terms', 'rich_text')]);
    expect(terms).toContain('This proposal is valid for 30 days, until ');
    expect(terms).toContain('Recurring fees are invoiced in advance at the start of each period.');
    const noRecurring = texts([
      block((await draft(input({ deliverables: ['Logo design'] }))).document.blocks, 'terms', 'rich_text'),
    ]);
    expect(noRecurring.join(' ')).not.toContain('Recurring');
  });

  it('signs for both companies', async () => {
    const { document } = await draft(input());
    expect(block(document.blocks, 'signature', 'signature')).toEqual({
      id: 'signature',
      type: 'signature',
      sender: { role: 'For Northwind Studio' },
      client: { role: 'For Harbour Bakery' },
    });
  });

  it('gives the same draft for the same input, every time', async () => {
    const a = await draft(input());
    const b = await draft(input());
    expect(JSON.stringify(b)).toBe(JSON.stringify(a));
  });

  it('streams a heading first, then the blocks one by one', async () => {
    const parts = [];
    for await (const part of builtinDrafter.draft(input())) parts.push(part.kind);
    expect(parts[0]).toBe('heading');
    expect(parts.slice(1)).toEqual(Array(11).fill('block'));
  });

  it('writes each tone in its own words, not the same text with a word changed', async () => {
    const sentences = async (tone: TDraftTone) => {
      const { document } = await draft(input({ tone }));
      // Only the drafter's own wording: the brief's text and the item names are the same in all.
      const own = texts(document.blocks).filter(
        (t) =>
          t.length > 20 &&
          !['bakery', 'online orders', 'high street', ...BRIEF.deliverables].some((brief) => t.includes(brief)),
      );
      return new Set(own);
    };
    const byTone = await Promise.all(DRAFT_TONES.map(sentences));
    for (const [i, a] of byTone.entries()) {
      expect(a.size).toBeGreaterThan(15);
      for (const b of byTone.slice(i + 1)) {
        const same = [...a].filter((s) => b.has(s));
        expect(same).toEqual([]);
      }
    }
    const friendly = texts((await draft(input({ tone: 'friendly' }))).document.blocks);
    expect(friendly[1]).toBe('Hi ');
    expect(friendly).toContain('What we heard');
  });

  describe('always writes a valid document', () => {
    const long = (n: number, word = 'lorem') =>
      `${word} `
        .repeat(Math.ceil(n / (word.length + 1)))
        .slice(0, n)
        .trim();
    const cases: [string, TDraftInput][] = [
      ['a minimal brief', input({ goals: '', deliverables: ['Audit'], budget: null, deadline: null })],
      ['no saved items', input({}, { savedItems: [] })],
      [
        'twenty deliverables at their longest',
        input({ deliverables: Array.from({ length: 20 }, (_, i) => `${i} ${long(197)}`) }),
      ],
      ['need and goals at their longest', input({ need: long(4000, 'necessity'), goals: long(4000, 'objective') })],
      [
        'unicode everywhere',
        input(
          {
            need: 'Нам нужен сайт для пекарни 🍞. 新しいウェブサイト.',
            goals: '• Más pedidos 📈\n• 顧客を増やす',
            deliverables: ['Дизайн логотипа', 'ウェブサイト', '🎨 Ilustraciones'],
          },
          { client: { name: 'Zoë Ørsted', company: 'Café Ümlaut 🍰', email: '' } },
        ),
      ],
      [
        'a client without a company, the longest names',
        input(
          {},
          { client: { name: long(200, 'Name'), company: '', email: '' }, profile: { ...PROFILE, company: '' } },
        ),
      ],
      [
        'the largest budget and a far deadline',
        input({ budget: { amount: 10 ** 13, currency: 'EUR' }, deadline: '2031-12-31' }),
      ],
      ['a deadline of tomorrow', input({ deadline: '2027-03-02' })],
      ['deliverables that are only punctuation and numbers', input({ deliverables: ['...', '42', '—'] })],
      ['goals split by semicolons', input({ goals: 'faster checkout; fewer calls; happier staff' })],
      ['the longest validity', input({}, { profile: { ...PROFILE, defaultValidityDays: 365 } })],
    ];
    const matrix: [string, TDraftInput][] = DRAFT_TONES.flatMap((tone) =>
      cases.map(([name, i]): [string, TDraftInput] => [`${name} (${tone})`, { ...i, brief: { ...i.brief, tone } }]),
    );

    it.each(matrix)('%s', async (_name, i) => {
      const result = await draft(i);
      const parsed = ZDocument.safeParse(result.document);
      expect(parsed.error?.issues).toBeUndefined();
      expect(parsed.data).toEqual(result.document);
      expect(result.title.length).toBeGreaterThan(0);
      expect(result.title.length).toBeLessThanOrEqual(200);
      expect(result.validUntil).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(() => documentTotals(result.document)).not.toThrow();
      expect(block(result.document.blocks, 'pricing', 'pricing_table').lines).toHaveLength(i.brief.deliverables.length);
    });
  });
});

describe('the built-in drafter in the proposal’s language', () => {
  const GERMAN: Partial<TBriefInput> = {
    need: 'Eine neue Marke und Website für die Bäckerei, die im Frühjahr eine zweite Filiale eröffnet.',
    goals: 'Mehr Online-Bestellungen\nEine Marke, die man in der Innenstadt wiedererkennt',
    deliverables: ['Logo-Design', 'Markenrichtlinien', 'Website-Hosting und Wartung', 'Fotos zur Eröffnung'],
  };
  const german = (tone: TDraftTone = 'formal', rest: Partial<Omit<TDraftInput, 'brief'>> = {}) =>
    input({ ...GERMAN, tone }, { savedItems: [], language: 'de', ...rest });

  /** Every text a reader sees: rich text, milestones, pricing lines and signature roles. */
  function allTexts(result: { title: string; document: { blocks: TBlock[] } }): string[] {
    const out = [result.title, ...texts(result.document.blocks)];
    for (const b of result.document.blocks) {
      if (b.type === 'timeline') for (const m of b.milestones) out.push(m.title, m.description ?? '');
      if (b.type === 'pricing_table') out.push(b.title, ...b.lines.flatMap((l) => [l.description, l.unit]));
      if (b.type === 'signature') out.push(b.sender?.role ?? '', b.client?.role ?? '');
    }
    return out.filter((t) => t.trim() !== '');
  }
  const ENGLISH = /(?<![\p{L}\p{N}])(the|and|you|your|we|our|with|for|of|will|to|is|are)(?![\p{L}\p{N}])/iu;

  it.each(DRAFT_TONES)('writes a German draft with no English left (%s)', async (tone) => {
    const result = await draft(german(tone));
    const words = allTexts(result);
    expect(words.filter((t) => ENGLISH.test(t))).toEqual([]);
    // Nor any of the English draft's own sentences.
    const english = new Set(allTexts(await draft(input({ tone }, { savedItems: [] }))).filter((t) => t.length > 12));
    expect(words.filter((t) => english.has(t))).toEqual([]);
  });

  it('greets, counts, dates and prices as German does', async () => {
    const result = await draft(german());
    const { blocks } = result.document;
    expect(result.title).toBe('Eine neue Marke und Website für die Bäckerei — Angebot für Harbour Bakery');
    expect(block(blocks, 'introduction', 'rich_text').content.content[1]).toEqual({
      type: 'paragraph',
      content: [
        { type: 'text', text: 'Guten Tag ' },
        { type: 'variable', attrs: { name: 'client.name' } },
        { type: 'text', text: ',' },
      ],
    });
    const understanding = texts([block(blocks, 'understanding', 'rich_text')]);
    // The brief's own words as they were written: no English pronoun swaps.
    expect(understanding).toContain(GERMAN.need);
    expect(understanding).toContain('Mehr Online-Bestellungen.');
    // Figures, not English number words; the date in German, whatever the account's format (en-US).
    expect(understanding).toContain(
      'Um diese Anforderungen zu erfüllen, schlagen wir die 4 unten beschriebenen Leistungen vor, fertiggestellt bis zum 31. Mai 2027.',
    );
    expect(texts([block(blocks, 'approach', 'rich_text')]).join(' ')).toContain('in 6 Phasen');
    expect(texts([block(blocks, 'approach', 'rich_text')])).toContain(
      ' Wir erarbeiten folgende Leistungen: Logo-Design. Zwischenstände legen wir Ihnen vor der Fertigstellung zur Prüfung vor.',
    );
    expect(texts([block(blocks, 'investment', 'rich_text')]).join(' ')).toMatch(/Budgets von 5\.000\s€\./u);
    expect(texts([block(blocks, 'next-steps', 'rich_text')]).join(' ')).toContain('am 8. März 2027');
    expect(texts([block(blocks, 'terms', 'rich_text')])).toContain('Dieses Angebot ist 30 Tage gültig, bis zum ');
    const pricing = block(blocks, 'pricing', 'pricing_table');
    expect(pricing.title).toBe('Honorar');
    expect(pricing.lines.map((l) => l.unit)).toEqual(Array(4).fill('Leistung'));
    expect(block(blocks, 'signature', 'signature')).toMatchObject({
      sender: { role: 'Für Northwind Studio' },
      client: { role: 'Für Harbour Bakery' },
    });
  });

  it('keeps each tone its own in German too', async () => {
    // Only the drafter's own wording: the brief's text and the deliverables are the same in all.
    const brief = ['Bäckerei', 'Online-Bestellungen', 'Innenstadt', ...GERMAN.deliverables!];
    const sentences = async (tone: TDraftTone) =>
      new Set(
        texts((await draft(german(tone))).document.blocks).filter(
          (t) => t.length > 20 && !brief.some((words) => t.includes(words)),
        ),
      );
    const byTone = await Promise.all(DRAFT_TONES.map(sentences));
    for (const [i, a] of byTone.entries()) {
      expect(a.size).toBeGreaterThan(15);
      for (const b of byTone.slice(i + 1)) expect([...a].filter((t) => b.has(t))).toEqual([]);
    }
  });

  it('writes Japanese with its own dates, counts and full stops', async () => {
    const result = await draft(
      input(
        { need: '新しいブランドとウェブサイトが必要です', goals: '', deliverables: ['ロゴデザイン', 'ウェブサイト'] },
        { savedItems: [], language: 'ja' },
      ),
    );
    const words = allTexts(result);
    expect(words.filter((t) => /[A-Za-z]{3,}/.test(t.replace(/Harbour Bakery|Northwind Studio/g, '')))).toEqual([]);
    expect(result.title).toBe('新しいブランドとウェブサイトが必要です — Harbour Bakery向けご提案書');
    const understanding = texts([block(result.document.blocks, 'understanding', 'rich_text')]);
    expect(understanding).toContain('新しいブランドとウェブサイトが必要です。');
    expect(understanding).toContain(
      'このご要件にお応えするため、以下に記載する2件の成果物を2027年5月31日までに完成させることをご提案いたします。',
    );
  });

  it.each(['it', 'ko', 'ar'] as const)('writes English for a language beyond the app’s six (%s)', async (language) => {
    const english = await draft(input());
    expect(JSON.stringify(await draft(input({}, { language })))).toBe(JSON.stringify(english));
  });
});

describe('fit', () => {
  it('keeps short text, cuts long text at a word with an ellipsis, never inside a surrogate pair', () => {
    expect(fit('short', 10)).toBe('short');
    expect(fit('alpha beta gamma delta', 15)).toBe('alpha beta…');
    expect(fit('abcdefghijklmnop', 8)).toBe('abcdefg…');
    const cut = fit(`${'a'.repeat(8)}😀😀`, 10);
    expect(cut.length).toBeLessThanOrEqual(10);
    expect(cut).not.toMatch(/[\uD800-\uDBFF]…$/);
  });
});
