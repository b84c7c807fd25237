import { describe, expect, it } from 'vitest';
import type { TBlock, TDocument } from '../document/schema';
import { messages as pageDe } from '../i18n/catalogs/page/de';
import { messages as laterDe } from '../i18n/catalogs/page-later/de';
import { englishI18n } from '../i18n/english';
import { createI18n } from '../i18n/i18n';
import { describeSectionContent, SAVED_SECTION_LIMITS, ZSavedSectionInput, ZSavedSectionPatch } from './saved-sections';

const paragraph = (id: string, text: string): TBlock => ({
  id,
  type: 'rich_text',
  content: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] },
});
const doc = (...blocks: TBlock[]): TDocument => ({ version: 1, blocks });
const input = (content: unknown, extra: Record<string, unknown> = {}) => ({
  name: 'About us',
  category: 'About',
  content,
  ...extra,
});

function fieldsOf(value: unknown): Record<string, string> {
  const result = ZSavedSectionInput.safeParse(value);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('ZSavedSectionInput', () => {
  it('accepts a named, categorised section and trims its name and category', () => {
    const parsed = ZSavedSectionInput.parse(
      input(doc(paragraph('a', 'Hello')), { name: '  About us ', category: ' About ' }),
    );
    expect(parsed).toMatchObject({ name: 'About us', category: 'About' });
  });

  it('needs a name, a category and some content, each with a message', () => {
    expect(fieldsOf(input(doc(paragraph('a', 'x')), { name: '  ' }))).toEqual({
      name: 'Enter a name for the section.',
    });
    expect(fieldsOf(input(doc(paragraph('a', 'x')), { category: '' }))).toEqual({
      category: expect.stringMatching(/Enter a category/),
    });
    expect(fieldsOf(input(doc()))).toEqual({ 'content.blocks': expect.stringMatching(/needs some content/) });
  });

  it('bounds the name, the category, the blocks, the text and the size, saying what to do', () => {
    expect(fieldsOf(input(doc(paragraph('a', 'x')), { name: 'n'.repeat(121) }))).toEqual({
      name: 'Use at most 120 characters for the name.',
    });
    expect(fieldsOf(input(doc(paragraph('a', 'x')), { category: 'c'.repeat(61) }))).toEqual({
      category: 'Use at most 60 characters for the category.',
    });
    const many = doc(...Array.from({ length: 51 }, (_, i) => paragraph(`b${i}`, 'x')));
    expect(fieldsOf(input(many))['content.blocks']).toMatch(/at most 50 blocks \(this one has 51\)\. Select fewer/);
    const long = doc(paragraph('a', 'x'.repeat(30_000)), paragraph('b', 'y'.repeat(20_001)));
    expect(fieldsOf(input(long))['content.blocks']).toMatch(
      /at most 50,000 characters of text \(this one has 50,001\)/,
    );
    // Under the text bound, over the size bound: many marked-up pieces of text.
    const marked = doc(
      ...Array.from({ length: 40 }, (_, b) => ({
        id: `m${b}`,
        type: 'rich_text' as const,
        content: {
          type: 'doc' as const,
          content: [
            {
              type: 'paragraph' as const,
              content: Array.from({ length: 100 }, (_, i) => ({
                type: 'text' as const,
                text: String(i % 10),
                marks: [{ type: 'bold' as const }, { type: 'italic' as const }, { type: 'underline' as const }],
              })),
            },
          ],
        },
      })),
    );
    expect(JSON.stringify(marked).length).toBeGreaterThan(SAVED_SECTION_LIMITS.contentChars);
    expect(fieldsOf(input(marked))['content.blocks']).toMatch(/too large to save .* at most 200,000\)/);
  });

  it('refuses what the document schema refuses: unknown keys, scripts in links, unknown variables', () => {
    expect(fieldsOf({ ...input(doc(paragraph('a', 'x'))), ownerId: 'x' })).toHaveProperty('');
    const bad = doc({
      id: 'a',
      type: 'rich_text',
      content: {
        type: 'doc',
        content: [
          {
            type: 'paragraph',
            content: [{ type: 'text', text: 'x', marks: [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }] }],
          },
        ],
      },
    });
    expect(Object.keys(fieldsOf(input(bad)))[0]).toMatch(/^content\.blocks\.0/);
  });

  it('patches any field with a version', () => {
    expect(ZSavedSectionPatch.safeParse({ name: 'x' }).success).toBe(false);
    expect(ZSavedSectionPatch.parse({ category: 'Terms', version: 3 })).toEqual({ category: 'Terms', version: 3 });
  });
});

describe('describeSectionContent', () => {
  it('gives the start of the text with variables as labels, and the block types', () => {
    const content = doc(
      {
        id: 'a',
        type: 'rich_text',
        content: {
          type: 'doc',
          content: [
            { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'About' }] },
            {
              type: 'bulletList',
              content: [
                {
                  type: 'listItem',
                  content: [
                    {
                      type: 'paragraph',
                      content: [
                        { type: 'text', text: 'Made for ' },
                        { type: 'variable', attrs: { name: 'client.company' } },
                      ],
                    },
                  ],
                },
              ],
            },
          ],
        },
      },
      { id: 'p', type: 'pricing_table', title: 'Investment', kind: 'lines', lines: [] },
      { id: 'b', type: 'page_break' },
    );
    expect(describeSectionContent(englishI18n, content)).toEqual({
      preview: 'About · Made for [Client company] · Pricing table: Investment',
      blockTypes: ['rich_text', 'pricing_table', 'page_break'],
    });
  });

  it('writes the variables’ and blocks’ names in the owner’s language', () => {
    const german = createI18n('de', pageDe, laterDe);
    const content = doc(
      {
        id: 'a',
        type: 'rich_text',
        content: {
          type: 'doc',
          content: [
            {
              type: 'paragraph',
              content: [
                { type: 'text', text: 'Für ' },
                { type: 'variable', attrs: { name: 'client.company' } },
              ],
            },
          ],
        },
      },
      { id: 'p', type: 'pricing_table', title: 'Investition', kind: 'lines', lines: [] },
    );
    expect(describeSectionContent(german, content).preview).toBe('Für [Firma des Kunden] · Preistabelle: Investition');
    expect(describeSectionContent(german, doc({ id: 't', type: 'timeline', milestones: [] })).preview).toBe('Zeitplan');
  });

  it('names the blocks of a section without text, and cuts long text between words', () => {
    expect(describeSectionContent(englishI18n, doc({ id: 't', type: 'timeline', milestones: [] })).preview).toBe(
      'Timeline',
    );
    const long = describeSectionContent(englishI18n, doc(paragraph('a', 'word '.repeat(100)))).preview;
    expect(long.length).toBeLessThanOrEqual(SAVED_SECTION_LIMITS.preview);
    expect(long).toMatch(/word…$/);
  });
});
