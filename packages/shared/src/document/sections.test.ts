import { describe, expect, it } from 'vitest';
import type { TDocument } from './schema';
import {
  documentSections,
  MAX_SECTIONS,
  SECTION_TITLE_MAX,
  secondsBySection,
  sectionStarts,
  sectionTimesOf,
  sumSectionTimes,
} from './sections';
import type { TDocumentContext } from './variables';

const context: TDocumentContext = {
  proposal: { title: 'Website', number: 'P-2026-0001', validUntil: null, currency: 'USD', totals: null },
  client: { name: 'Dana Reyes', company: 'Reyes Bakery', email: 'dana@example.com' },
  sender: { name: 'Olivia Owner', company: 'Studio Lind' },
  locale: 'en-US',
};

type TNode = Record<string, unknown>;
const heading = (level: 1 | 2 | 3, ...content: TNode[]): TNode => ({ type: 'heading', attrs: { level }, content });
const text = (t: string): TNode => ({ type: 'text', text: t });
const paragraph = (t: string): TNode => ({ type: 'paragraph', content: [text(t)] });
const doc = (...blocks: TNode[][]): TDocument =>
  ({
    version: 1,
    blocks: blocks.map((content, i) => ({ id: `b${i}`, type: 'rich_text', content: { type: 'doc', content } })),
  }) as unknown as TDocument;

describe('documentSections', () => {
  it('names the headings of the top level used, across text blocks, with variables filled', () => {
    const d = doc(
      [heading(2, text('About '), { type: 'variable', attrs: { name: 'sender.company' } }), paragraph('We build.')],
      [heading(3, text('Not a section')), heading(2, text('  Scope \n of work ')), paragraph('…')],
      [heading(2, text('Pricing'))],
    );
    expect(documentSections(d, context)).toEqual(['About Studio Lind', 'Scope of work', 'Pricing']);
    expect(sectionStarts(d)).toEqual({
      level: 2,
      starts: [
        { block: 0, heading: 0 },
        { block: 1, heading: 0 },
        { block: 2, heading: 0 },
      ],
    });
  });

  it('level 1 headings start the sections when there are two; the text before them is its own entry; nested headings are not sections', () => {
    const d = doc([
      heading(2, text('Intro')),
      heading(1, text('Part one')),
      { type: 'blockquote', content: [heading(1, text('Quoted'))] },
      heading(1, text('Part two')),
    ]);
    expect(documentSections(d, context)).toEqual(['Intro', 'Part one', 'Part two']);
    expect(sectionStarts(d)).toEqual({
      level: 1,
      starts: [
        { block: 0, heading: null },
        { block: 0, heading: 0 },
        { block: 0, heading: 1 },
      ],
    });
  });

  it('a lone top heading is the title: the level under it, used twice, starts the sections', () => {
    const d = doc(
      [heading(1, text('A new website')), paragraph('Dear Dana,')],
      [heading(2, text('What we heard')), paragraph('…')],
      [heading(2, text('Our approach')), heading(3, text('Design'))],
    );
    expect(documentSections(d, context)).toEqual(['A new website', 'What we heard', 'Our approach']);
    expect(sectionStarts(d)?.level).toBe(2);
    // No level used twice: the highest one used.
    expect(documentSections(doc([heading(3, text('Notes')), heading(2, text('Scope'))]), context)).toEqual([
      'Notes',
      'Scope',
    ]);
  });

  it('text without headings is one entry, "Opening"; an empty heading is an untitled section; nothing, nothing to time', () => {
    expect(documentSections(doc([paragraph('Only text')], [paragraph('More text')]), context)).toEqual(['Opening']);
    expect(sectionStarts(doc([paragraph('Only text')]))).toEqual({
      level: null,
      starts: [{ block: 0, heading: null }],
    });
    expect(sectionStarts(doc([]))).toBeNull();
    expect(sectionStarts({ version: 1, blocks: [] })).toBeNull();
    expect(documentSections(doc([heading(1), heading(1, text('   '))]), context)).toEqual([
      'Untitled section',
      'Untitled section',
    ]);
  });

  it('long names are cut by characters, never inside one (astral text and emoji)', () => {
    const long = '𝒜'.repeat(SECTION_TITLE_MAX + 10);
    const [name] = documentSections(doc([heading(1, text(long))]), context);
    expect(Array.from(name!)).toHaveLength(SECTION_TITLE_MAX);
    expect(name!.endsWith('…')).toBe(true);
    expect(encodeURIComponent(name!)).toBeTruthy(); // throws on a lone surrogate
  });

  it(`counts at most ${MAX_SECTIONS} sections`, () => {
    const many = doc(Array.from({ length: MAX_SECTIONS + 5 }, (_, i) => heading(2, text(`S${i}`))));
    expect(documentSections(many, context)).toHaveLength(MAX_SECTIONS);
    expect(sectionStarts(many)?.starts).toHaveLength(MAX_SECTIONS);
    expect(sectionStarts(many)?.starts.at(-1)).toEqual({ block: 0, heading: MAX_SECTIONS - 1 });
  });
});

describe('every block counts (issue 24)', () => {
  const textBlock = (id: string, ...content: TNode[]): TNode => ({
    id,
    type: 'rich_text',
    content: { type: 'doc', content },
  });
  const table = (id: string, title: string): TNode => ({ id, type: 'pricing_table', title, kind: 'lines', lines: [] });
  const blocks = (...all: TNode[]): TDocument => ({ version: 1, blocks: all }) as unknown as TDocument;

  it('blocks before the first heading are entries of their own, named by what they are', () => {
    const d = blocks(
      table('fees', '  Fees  '),
      table('extras', ''),
      { id: 'plan', type: 'timeline', milestones: [] },
      { id: 'sign', type: 'signature' },
      { id: 'break', type: 'page_break' },
      textBlock('letter', paragraph('Dear Dana,')),
      textBlock('more', heading(3, text('Why us')), paragraph('…')),
      textBlock('scope', heading(1, text('Scope')), paragraph('…')),
    );
    expect(documentSections(d, context)).toEqual(['Fees', 'Pricing', 'Timeline', 'Signatures', 'Why us', 'Scope']);
    expect(sectionStarts(d)).toEqual({
      level: 1,
      starts: [
        { block: 0, heading: null },
        { block: 1, heading: null },
        { block: 2, heading: null },
        { block: 3, heading: null },
        { block: 5, heading: null },
        { block: 7, heading: 0 },
      ],
    });
  });

  it('after a heading, every block, whatever it is, is in that heading’s section', () => {
    const d = blocks(
      textBlock('intro', paragraph('Dear Dana,'), heading(2, text('Scope'))),
      { id: 'plan', type: 'timeline', milestones: [] },
      table('fees', 'Investment'),
      textBlock('terms', heading(2, text('Terms'))),
      { id: 'sign', type: 'signature' },
    );
    expect(documentSections(d, context)).toEqual(['Opening', 'Scope', 'Terms']);
    expect(sectionStarts(d)?.starts).toEqual([
      { block: 0, heading: null },
      { block: 0, heading: 0 },
      { block: 3, heading: 0 },
    ]);
  });

  it('a starter template: its title, each section, the timeline and the pricing in theirs', () => {
    const d = blocks(
      textBlock('intro', heading(1, text('A new website that works as hard as you do')), paragraph('Dear Dana,')),
      textBlock('need', heading(2, text('What we heard'))),
      textBlock('deliverables', heading(2, text('Deliverables'))),
      { id: 'timeline', type: 'timeline', milestones: [] },
      table('pricing', 'Investment'),
      textBlock('terms', heading(2, text('Terms'))),
      { id: 'signature', type: 'signature' },
    );
    expect(documentSections(d, context)).toEqual([
      'A new website that works as hard as you do',
      'What we heard',
      'Deliverables',
      'Terms',
    ]);
  });
});

describe('section times', () => {
  it('adds visits up on the revision’s sections; an entry counted another way goes by its name', () => {
    const titles = ['Opening', 'Scope', 'Pricing'];
    expect(
      secondsBySection(titles, [
        [
          { index: 0, title: 'Opening', seconds: 4 },
          { index: 2, title: 'Pricing', seconds: 10 },
        ],
        // Recorded when the text before the first heading was not counted: Scope was 0, Pricing 1.
        [
          { index: 0, title: 'Scope', seconds: 6 },
          { index: 1, title: 'Pricing', seconds: 5 },
          { index: 1, title: 'Gone since', seconds: 9 },
        ],
      ]),
    ).toEqual([4, 6, 15]);
  });

  it('adds visits up by section, longest first, ties in document order', () => {
    const total = sumSectionTimes([
      [
        { index: 0, title: 'About', seconds: 10 },
        { index: 2, title: 'Pricing', seconds: 30 },
      ],
      [
        { index: 2, title: 'Pricing', seconds: 15 },
        { index: 1, title: 'Scope', seconds: 10 },
      ],
    ]);
    expect(total).toEqual([
      { index: 2, title: 'Pricing', seconds: 45 },
      { index: 0, title: 'About', seconds: 10 },
      { index: 1, title: 'Scope', seconds: 10 },
    ]);
  });

  it('reads only well-formed stored sections', () => {
    expect(sectionTimesOf({})).toEqual([]);
    expect(sectionTimesOf({ sections: 'Pricing' })).toEqual([]);
    expect(
      sectionTimesOf({
        sections: [
          { index: 0, title: 'About', seconds: 5 },
          { index: 1, title: 'Zero', seconds: 0 },
          { index: '2', title: 'Bad index', seconds: 5 },
          null,
          { index: 3, title: 4, seconds: 5 },
        ],
      }),
    ).toEqual([{ index: 0, title: 'About', seconds: 5 }]);
  });
});
