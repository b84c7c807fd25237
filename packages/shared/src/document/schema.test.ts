import { describe, expect, it } from 'vitest';
import { documentTotals } from './pricing';
import {
  DOCUMENT_LIMITS,
  VARIABLES,
  ZDocument,
  ZPricingSelection,
  ZRichTextDoc,
  emptyDocument,
  withoutReviewMarks,
  type TDocument,
} from './schema';
import { DOCUMENT_MESSAGES } from './schema-messages';
import { messages as germanLater } from '../i18n/catalogs/page-later/de';
import { fillMessage, matchMessage } from '../i18n/declare';
import { messageKey } from '../i18n/message-key';

const FILE = '/api/files/3f0c8a5e-2b7d-4c1e-9a6f-0d4b8e2c7a91';

function validDocument(): TDocument {
  return {
    version: 1,
    blocks: [
      {
        id: 'intro',
        type: 'rich_text',
        content: {
          type: 'doc',
          content: [
            { type: 'heading', attrs: { level: 1 }, content: [{ type: 'text', text: 'Website redesign' }] },
            {
              type: 'paragraph',
              content: [
                { type: 'text', text: 'Prepared for ' },
                { type: 'variable', attrs: { name: 'client.company' } },
                { type: 'text', text: '. See ', marks: [{ type: 'bold' }] },
                {
                  type: 'text',
                  text: 'our work',
                  marks: [
                    { type: 'italic' },
                    // As TipTap's Link extension writes it.
                    {
                      type: 'link',
                      attrs: {
                        href: 'https://example.com/work',
                        target: '_blank',
                        rel: 'noopener noreferrer nofollow',
                        class: null,
                      },
                    },
                  ],
                },
                { type: 'hardBreak' },
                { type: 'text', text: 'Questions: ' },
                {
                  type: 'text',
                  text: 'mail us',
                  marks: [{ type: 'link', attrs: { href: 'mailto:hello@example.com' } }],
                },
              ],
            },
            {
              type: 'bulletList',
              content: [
                {
                  type: 'listItem',
                  content: [
                    {
                      type: 'paragraph',
                      content: [{ type: 'text', text: 'Discovery', marks: [{ type: 'underline' }] }],
                    },
                  ],
                },
                {
                  type: 'listItem',
                  content: [
                    { type: 'paragraph', content: [{ type: 'text', text: 'Design' }] },
                    {
                      type: 'orderedList',
                      attrs: { start: 1, type: null },
                      content: [
                        {
                          type: 'listItem',
                          content: [
                            {
                              type: 'paragraph',
                              content: [
                                { type: 'text', text: 'Wireframes', marks: [{ type: 'strike' }, { type: 'code' }] },
                              ],
                            },
                          ],
                        },
                      ],
                    },
                  ],
                },
              ],
            },
            {
              type: 'blockquote',
              content: [{ type: 'paragraph', content: [{ type: 'text', text: 'They delivered on time.' }] }],
            },
            { type: 'image', attrs: { src: FILE, alt: 'The current home page', title: null } },
            {
              type: 'table',
              content: [
                {
                  type: 'tableRow',
                  content: [
                    {
                      type: 'tableHeader',
                      attrs: { colspan: 1, rowspan: 1, colwidth: null },
                      content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Phase' }] }],
                    },
                    {
                      type: 'tableHeader',
                      content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Weeks' }] }],
                    },
                  ],
                },
                {
                  type: 'tableRow',
                  content: [
                    { type: 'tableCell', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Build' }] }] },
                    {
                      type: 'tableCell',
                      attrs: { colspan: 1, rowspan: 1, colwidth: [120] },
                      content: [{ type: 'paragraph' }],
                    },
                  ],
                },
              ],
            },
            { type: 'paragraph' },
          ],
        },
      },
      {
        id: 'prices',
        type: 'pricing_table',
        title: 'Investment',
        kind: 'lines',
        lines: [
          {
            id: 'design',
            description: 'Design and build',
            quantity: 1000,
            unit: 'project',
            unitPrice: 650_000,
            discountPercent: 0,
            taxPercent: 2000,
            billing: 'one_off',
            optional: false,
            selected: true,
          },
          {
            id: 'pages',
            description: 'Extra pages',
            quantity: 3000,
            unit: 'page',
            unitPrice: 25_000,
            discountPercent: 1250,
            taxPercent: 2000,
            billing: 'one_off',
            optional: true,
            selected: false,
            quantityRange: { min: 1000, max: 10_000 },
            savedItemId: '8d1f2a3b-4c5d-4e6f-8a9b-0c1d2e3f4a5b',
          },
          {
            id: 'care',
            description: 'Care plan',
            quantity: 1000,
            unit: 'month',
            unitPrice: 9900,
            discountPercent: 0,
            taxPercent: 2000,
            billing: 'monthly',
            optional: true,
            selected: true,
          },
        ],
      },
      {
        id: 'packages',
        type: 'pricing_table',
        title: 'Hosting',
        kind: 'choice',
        lines: [
          {
            id: 'basic',
            description: 'Basic',
            quantity: 1000,
            unit: 'year',
            unitPrice: 12_000,
            discountPercent: 0,
            taxPercent: 0,
            billing: 'yearly',
            optional: false,
            selected: true,
          },
          {
            id: 'pro',
            description: 'Pro',
            quantity: 1000,
            unit: 'year',
            unitPrice: 30_000,
            discountPercent: 0,
            taxPercent: 0,
            billing: 'yearly',
            optional: false,
            selected: false,
          },
        ],
      },
      {
        id: 'plan',
        type: 'timeline',
        milestones: [
          { id: 'kickoff', title: 'Kick-off', when: { kind: 'date', date: '2026-03-02' } },
          {
            id: 'design',
            title: 'Design',
            description: 'Two rounds of revisions.',
            when: { kind: 'duration', value: 3, unit: 'weeks' },
          },
        ],
      },
      { id: 'break', type: 'page_break' },
      {
        id: 'sign',
        type: 'signature',
        sender: { label: 'For Studio North', role: 'Director' },
        client: { label: 'For the client' },
      },
    ],
  };
}

type TIssue = { path: PropertyKey[]; message: string };

function issuesOf(input: unknown): TIssue[] {
  const result = ZDocument.safeParse(input);
  expect(result.success).toBe(false);
  return result.error?.issues.map(({ path, message }) => ({ path, message })) ?? [];
}

/** A valid document with one change made to a copy of it. */
function edited(change: (doc: TDocument) => void): unknown {
  const doc = validDocument();
  change(doc);
  return doc;
}

function richText(doc: TDocument) {
  const block = doc.blocks[0];
  if (block?.type !== 'rich_text') throw new Error('the first block is rich text');
  return block.content;
}

function pricing(doc: TDocument, index = 1) {
  const block = doc.blocks[index];
  if (block?.type !== 'pricing_table') throw new Error(`block ${index} is a pricing table`);
  return block;
}

const withParagraph = (node: unknown) =>
  edited((doc) => {
    (richText(doc).content as unknown[]).push({ type: 'paragraph', content: [node] });
  });
const linkTo = (href: string) =>
  withParagraph({ type: 'text', text: 'click', marks: [{ type: 'link', attrs: { href } }] });
const imageFrom = (src: string) =>
  edited((doc) => {
    (richText(doc).content as unknown[]).push({ type: 'image', attrs: { src, alt: 'x' } });
  });

describe('ZDocument', () => {
  it('accepts a realistic proposal unchanged', () => {
    const doc = validDocument();
    expect(ZDocument.parse(doc)).toEqual(doc);
    // 6,500.00 + 1,300.00 tax one-off; 99.00 + 19.80 monthly; the basic package yearly.
    expect(documentTotals(ZDocument.parse(doc))).toMatchObject({
      one_off: { total: 780_000 },
      monthly: { total: 11_880 },
      yearly: { total: 12_000 },
    });
  });

  it('accepts the empty document', () => {
    expect(ZDocument.parse(emptyDocument())).toEqual({ version: 1, blocks: [] });
  });

  it('lists the variables a text may hold', () => {
    expect(VARIABLES).toEqual([
      'client.name',
      'client.company',
      'client.email',
      'sender.name',
      'sender.company',
      'proposal.title',
      'proposal.number',
      'proposal.valid_until',
      'proposal.total',
    ]);
  });

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    '//evil.example.com',
    '/relative/path',
    'https:///evil.example.com',
    'http://',
    'ftp://example.com',
  ])('refuses the link %j', (href) => {
    expect(issuesOf(linkTo(href))).toEqual([
      {
        path: ['blocks', 0, 'content', 'content', 7, 'content', 0, 'marks', 0, 'attrs', 'href'],
        message: 'Links must start with http://, https:// or mailto: (and contain no spaces).',
      },
    ]);
  });

  it.each(['HTTPS://Example.com', 'http://localhost:3000/a?b=c#d', 'mailto:a@b.example?subject=Hi%20there'])(
    'accepts the link %j',
    (href) => {
      expect(ZDocument.safeParse(linkTo(href)).success).toBe(true);
    },
  );

  it.each([
    'data:image/png;base64,iVBORw0KGgo=',
    'https://example.com/logo.png',
    '/api/files/not-a-uuid',
    `${FILE}/../../secrets`,
    FILE.replace('/api/files/', '/api/files/../'),
  ])('refuses the image %j', (src) => {
    expect(issuesOf(imageFrom(src))).toEqual([
      {
        path: ['blocks', 0, 'content', 'content', 7, 'attrs', 'src'],
        message: 'Images must be files uploaded to Draftwell (/api/files/<id>).',
      },
    ]);
  });

  it('refuses an unknown node type and names the allowed ones', () => {
    const input = edited((doc) => {
      (richText(doc).content as unknown[]).push({ type: 'iframe', attrs: { src: 'https://evil.example.com' } });
    });
    expect(issuesOf(input)).toEqual([
      {
        path: ['blocks', 0, 'content', 'content', 7, 'type'],
        message:
          '"iframe" is not allowed here; a text block may be one of: paragraph, heading, bulletList, orderedList, blockquote, image, table.',
      },
    ]);
  });

  it('refuses a block node where only inline text may go', () => {
    expect(issuesOf(withParagraph({ type: 'paragraph' }))[0]?.message).toMatch(
      /^"paragraph" is not allowed here; a piece of inline text may be one of: text, hardBreak, variable\.$/,
    );
  });

  it('refuses an unknown block type', () => {
    const input = edited((doc) => {
      (doc.blocks as unknown[]).push({ id: 'x', type: 'embed', html: '<script></script>' });
    });
    expect(issuesOf(input)[0]).toEqual({
      path: ['blocks', 6, 'type'],
      message:
        '"embed" is not allowed here; a block may be one of: rich_text, pricing_table, timeline, signature, page_break.',
    });
  });

  it.each<[string, (doc: TDocument) => void, PropertyKey[]]>([
    [
      'on a node',
      (doc) => Object.assign(richText(doc).content[0]!, { style: 'color: red' }),
      ['blocks', 0, 'content', 'content', 0],
    ],
    [
      'on a mark',
      (doc) =>
        (richText(doc).content as unknown[]).push({
          type: 'paragraph',
          content: [{ type: 'text', text: 'x', marks: [{ type: 'bold', attrs: { onclick: 'x' } }] }],
        }),
      ['blocks', 0, 'content', 'content', 7, 'content', 0, 'marks', 0],
    ],
    [
      'on a pricing line',
      (doc) => Object.assign(pricing(doc).lines[0]!, { costPrice: 100 }),
      ['blocks', 1, 'lines', 0],
    ],
    ['on a block', (doc) => Object.assign(doc.blocks[4]!, { html: '<hr>' }), ['blocks', 4]],
    ['on the document', (doc) => Object.assign(doc, { owner: 'x' }), []],
  ])('refuses an unknown key %s', (_name, change, path) => {
    expect(issuesOf(edited(change))).toEqual([{ path, message: expect.stringMatching(/^Unrecognized key: "\w+"$/) }]);
  });

  it.each([[DOCUMENT_LIMITS.richTextDepth + 5], [50_000]])(
    'refuses a tree %i levels deep without overflowing the stack',
    (levels) => {
      let node: unknown = { type: 'paragraph', content: [{ type: 'text', text: 'deep' }] };
      for (let i = 0; i < levels; i++) node = { type: 'blockquote', content: [node] };
      const input = edited((doc) => {
        (richText(doc).content as unknown[]).push(node);
      });
      const issues = issuesOf(input);
      expect(issues).toHaveLength(1);
      expect(issues[0]?.message).toBe('Text is nested too deeply: at most 20 levels.');
    },
  );

  it('accepts nesting up to the limit', () => {
    // doc (1) > 17 blockquotes (2..18) > paragraph (19) > text (20)
    let node: unknown = { type: 'paragraph', content: [{ type: 'text', text: 'deep' }] };
    for (let i = 0; i < 17; i++) node = { type: 'blockquote', content: [node] };
    expect(ZRichTextDoc.safeParse({ type: 'doc', content: [node] }).success).toBe(true);
    expect(ZRichTextDoc.safeParse({ type: 'doc', content: [{ type: 'blockquote', content: [node] }] }).success).toBe(
      false,
    );
  });

  it('refuses too much text, in one block or across blocks', () => {
    const half = 'x'.repeat(DOCUMENT_LIMITS.textChars / 2 + 1);
    const block = (id: string, text: string) => ({
      id,
      type: 'rich_text',
      content: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] },
    });
    expect(issuesOf({ version: 1, blocks: [block('a', half + half)] })[0]?.message).toBe(
      'This text is too long: at most 200000 characters.',
    );
    expect(issuesOf({ version: 1, blocks: [block('a', half), block('b', half)] })).toEqual([
      { path: ['blocks'], message: 'The text is too long: at most 200000 characters in all.' },
    ]);
  });

  it('refuses a variable that is not on the list', () => {
    expect(issuesOf(withParagraph({ type: 'variable', attrs: { name: 'user.password' } }))[0]?.message).toMatch(
      /^Use one of the variables: client\.name/,
    );
  });

  it('refuses a heading level 4', () => {
    const input = edited((doc) => {
      (richText(doc).content as unknown[]).push({ type: 'heading', attrs: { level: 4 } });
    });
    expect(issuesOf(input)[0]?.message).toBe('Headings go from level 1 to 3.');
  });

  it('refuses a negative price', () => {
    expect(issuesOf(edited((doc) => (pricing(doc).lines[0]!.unitPrice = -100)))).toEqual([
      { path: ['blocks', 1, 'lines', 0, 'unitPrice'], message: "A price can't be negative." },
    ]);
  });

  it('refuses a fractional price', () => {
    expect(issuesOf(edited((doc) => (pricing(doc).lines[0]!.unitPrice = 10.5)))[0]?.message).toBe(
      'Enter the price in whole minor units (cents).',
    );
  });

  it('refuses a quantity outside its range', () => {
    expect(issuesOf(edited((doc) => (pricing(doc).lines[1]!.quantity = 12_000)))).toEqual([
      {
        path: ['blocks', 1, 'lines', 1, 'quantity'],
        message: 'The quantity must be from 1 to 10, the range the client may choose in.',
      },
    ]);
  });

  it('refuses a range upside down', () => {
    expect(issuesOf(edited((doc) => (pricing(doc).lines[1]!.quantityRange = { min: 5000, max: 2000 })))[0]).toEqual({
      path: ['blocks', 1, 'lines', 1, 'quantityRange', 'max'],
      message: 'The largest quantity must not be below the smallest.',
    });
  });

  it('refuses a discount over 100 %', () => {
    expect(issuesOf(edited((doc) => (pricing(doc).lines[0]!.discountPercent = 10_001)))[0]?.message).toBe(
      "A percentage can't be more than 100 %.",
    );
  });

  it('refuses a choice group with two packages chosen', () => {
    expect(issuesOf(edited((doc) => (pricing(doc, 2).lines[1]!.selected = true)))).toEqual([
      { path: ['blocks', 2, 'lines'], message: 'Choose exactly one package in a choice group; 2 are chosen.' },
    ]);
  });

  it('refuses a line whose total cannot be computed exactly', () => {
    const input = edited((doc) => Object.assign(pricing(doc).lines[0]!, { unitPrice: 1e13, quantity: 1e9 }));
    expect(issuesOf(input)).toContainEqual({
      path: ['blocks', 1, 'lines', 0, 'unitPrice'],
      message: "This line's total is too large to compute exactly.",
    });
  });

  it('refuses a document whose largest possible total cannot be computed exactly', () => {
    // Each range tops out at 9 x 10^15; both ticked in, the client could reach 1.8 x 10^16.
    const input = edited((doc) => {
      pricing(doc).lines = [pricing(doc).lines[1]!, { ...pricing(doc).lines[1]!, id: 'pages2' }].map((l) => ({
        ...l,
        unitPrice: 1e13,
        discountPercent: 0,
        taxPercent: 0,
        quantity: 1000,
        quantityRange: { min: 1000, max: 900_000 },
      }));
    });
    expect(issuesOf(input)).toEqual([
      {
        path: ['blocks'],
        message: 'The prices add up to more than can be computed exactly; lower some prices or quantities.',
      },
    ]);
  });

  it('refuses two blocks or two pricing lines with the same id', () => {
    expect(issuesOf(edited((doc) => (doc.blocks[4]!.id = 'intro')))).toEqual([
      { path: ['blocks', 4, 'id'], message: 'Two blocks share the id "intro".' },
    ]);
    expect(issuesOf(edited((doc) => (pricing(doc, 2).lines[0]!.id = 'design')))).toEqual([
      { path: ['blocks', 2, 'lines', 0, 'id'], message: 'Two pricing lines share the id "design".' },
    ]);
  });

  it.each(['', 'a'.repeat(65), 'has space', 'quote"', '__proto__'])('refuses the id %j', (id) => {
    expect(issuesOf(edited((doc) => (doc.blocks[4]!.id = id)))[0]?.path).toEqual(['blocks', 4, 'id']);
  });

  it('refuses a date that is not on the calendar', () => {
    const input = edited((doc) => {
      const timeline = doc.blocks[3];
      if (timeline?.type === 'timeline') timeline.milestones[0]!.when = { kind: 'date', date: '2026-02-30' };
    });
    expect(issuesOf(input)).toEqual([
      { path: ['blocks', 3, 'milestones', 0, 'when', 'date'], message: 'Enter the date as yyyy-mm-dd.' },
    ]);
  });

  it('refuses a newer document version', () => {
    expect(issuesOf({ version: 2, blocks: [] })[0]?.message).toBe(
      'This document was written by a newer version of Draftwell.',
    );
  });
});

describe('ZPricingSelection', () => {
  it('accepts the picks a client sends', () => {
    expect(ZPricingSelection.parse({ pages: { selected: true, quantity: 4000 }, basic: { selected: false } })).toEqual({
      pages: { selected: true, quantity: 4000 },
      basic: { selected: false },
    });
  });

  it('refuses an unknown key or a fractional quantity', () => {
    expect(ZPricingSelection.safeParse({ pages: { price: 1 } }).success).toBe(false);
    expect(ZPricingSelection.safeParse({ pages: { quantity: 1.5 } }).success).toBe(false);
  });
});

describe('review marks', () => {
  const line = (id: string, needsReview?: true) => ({
    id,
    description: id,
    quantity: 1000,
    unit: '',
    unitPrice: 100,
    discountPercent: 0,
    taxPercent: 0,
    billing: 'one_off' as const,
    optional: false,
    selected: true,
    ...(needsReview ? { needsReview } : {}),
  });

  it('are stored only as true, and taken out of what a client receives', () => {
    const doc = ZDocument.parse({
      version: 1,
      blocks: [{ id: 'p', type: 'pricing_table', title: '', kind: 'lines', lines: [line('a', true), line('b')] }],
    });
    expect(
      ZDocument.safeParse({ ...doc, blocks: [{ ...doc.blocks[0], lines: [{ ...line('c'), needsReview: false }] }] })
        .success,
    ).toBe(false);
    const sent = withoutReviewMarks(doc);
    expect(JSON.stringify(sent)).not.toContain('needsReview');
    expect(sent.blocks[0]).toMatchObject({ lines: [{ id: 'a' }, { id: 'b' }] });
    expect(JSON.stringify(doc)).toContain('needsReview');
    const clean = withoutReviewMarks(sent);
    expect(clean).toBe(sent);
  });
});

describe('ZDocument’s refusals reach the owner in their language', () => {
  const templates = Object.values(DOCUMENT_MESSAGES);
  const inCatalog = (id: string) => Object.hasOwn(germanLater, messageKey(id));
  const longText = 'x'.repeat(DOCUMENT_LIMITS.textChars + 1);
  const deep = (levels: number): unknown =>
    levels === 0 ? { type: 'paragraph' } : { type: 'blockquote', content: [deep(levels - 1)] };

  // One bad document for every refusal an owner can cause in the editor or by pasting, each a
  // different place: a text node, a link, an image, lines and packages, milestones, the document.
  const refusals: Record<string, unknown> = {
    'empty text': withParagraph({ type: 'text', text: '' }),
    'unsafe link': linkTo('javascript:alert(1)'),
    'long link': linkTo(`https://example.com/${'a'.repeat(2048)}`),
    'long alt text': edited((doc) => {
      (richText(doc).content as unknown[]).push({ type: 'image', attrs: { src: FILE, alt: 'a'.repeat(501) } });
    }),
    'heading level': edited((doc) => {
      (richText(doc).content as unknown[]).push({ type: 'heading', attrs: { level: 4 } });
    }),
    'nested too deeply': edited((doc) => {
      (richText(doc).content as unknown[]).push(deep(DOCUMENT_LIMITS.richTextDepth + 1));
    }),
    'text too long': withParagraph({ type: 'text', text: longText }),
    'negative price': edited((doc) => (pricing(doc).lines[0]!.unitPrice = -1)),
    'quantity too large': edited((doc) => (pricing(doc).lines[0]!.quantity = Number.MAX_SAFE_INTEGER)),
    'quantity out of range': edited((doc) => (pricing(doc).lines[1]!.quantity = 20_000)),
    'range upside down': edited((doc) => (pricing(doc).lines[1]!.quantityRange = { min: 5000, max: 2000 })),
    'percent over 100': edited((doc) => (pricing(doc).lines[0]!.taxPercent = 10_001)),
    'long unit': edited((doc) => (pricing(doc).lines[0]!.unit = 'u'.repeat(21))),
    'two packages chosen': edited((doc) => (pricing(doc, 2).lines[1]!.selected = true)),
    'too many lines': edited((doc) => {
      const line = pricing(doc).lines[0]!;
      pricing(doc).lines = Array.from({ length: DOCUMENT_LIMITS.pricingLines + 1 }, (_, i) => ({
        ...line,
        id: `l${i}`,
      }));
    }),
    'long milestone title': edited((doc) => {
      const block = doc.blocks[3];
      if (block?.type === 'timeline') block.milestones[0]!.title = 't'.repeat(201);
    }),
    'duration too long': edited((doc) => {
      const block = doc.blocks[3];
      if (block?.type === 'timeline') block.milestones[1]!.when = { kind: 'duration', value: 1000, unit: 'weeks' };
    }),
    'too many blocks': edited((doc) => {
      doc.blocks = Array.from({ length: DOCUMENT_LIMITS.blocks + 1 }, (_, i) => ({ id: `b${i}`, type: 'page_break' }));
    }),
  };

  it.each(Object.entries(refusals))('%s: every message is declared, or a declared template filled', (_, input) => {
    const messages = issuesOf(input).map((issue) => issue.message);
    expect(messages.length).toBeGreaterThan(0);
    for (const message of messages) {
      const filled = matchMessage(message, templates);
      expect(filled ? inCatalog(filled.template) : inCatalog(message), message).toBe(true);
      if (filled) expect(fillMessage(filled.template, filled.values)).toBe(message);
    }
  });

  it('fills a template with the limit, and finds it again', () => {
    const [issue] = issuesOf(refusals['too many blocks']);
    expect(issue?.message).toBe(`Use at most ${DOCUMENT_LIMITS.blocks} blocks.`);
    expect(matchMessage(issue!.message, templates)).toEqual({
      template: DOCUMENT_MESSAGES.blocksAtMost,
      values: { max: String(DOCUMENT_LIMITS.blocks) },
    });
    const range = issuesOf(refusals['quantity out of range']).find((i) => i.message.startsWith('The quantity'));
    expect(matchMessage(range!.message, templates)?.values).toEqual({ min: '1', max: '10' });
  });

  it('every template is in the catalogs', () => {
    for (const template of templates) expect(inCatalog(template), template).toBe(true);
  });
});
