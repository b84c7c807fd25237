import { describe, expect, it } from 'vitest';
import type { TDocument } from './schema';
import {
  documentSections,
  MAX_SECTIONS,
  SECTION_TITLE_MAX,
  sectionOutline,
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
    expect(sectionOutline(d)).toEqual({ level: 2, count: 3 });
  });

  it('level 1 headings start the sections when there are any; nested headings are not sections', () => {
    const d = doc([
      heading(2, text('Intro')),
      heading(1, text('Part one')),
      { type: 'blockquote', content: [heading(1, text('Quoted'))] },
      heading(1, text('Part two')),
    ]);
    expect(documentSections(d, context)).toEqual(['Part one', 'Part two']);
    expect(sectionOutline(d)).toEqual({ level: 1, count: 2 });
  });

  it('no headings, no sections; an empty heading is an untitled section', () => {
    expect(documentSections(doc([paragraph('Only text')]), context)).toEqual([]);
    expect(sectionOutline(doc([paragraph('Only text')]))).toBeNull();
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
    expect(sectionOutline(many)).toEqual({ level: 2, count: MAX_SECTIONS });
  });
});

describe('section times', () => {
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
