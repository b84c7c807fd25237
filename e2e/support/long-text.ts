import type { TDocument } from '@draftwell/shared/document/schema';

/**
 * Text a person may type or paste that has no place to break (issue 24): a 300-character URL and
 * a 120-character word, and the document that carries them in every part a proposal has. Plain
 * data, shared by the browser and API tests.
 */

/** 300 characters with no space, hyphen or other place a browser would break a line at. */
export const LONG_URL = `https://files.example.com/d/${'Xa7Kq2Lm9P'.repeat(27)}Zz`;
/** 120 characters, no space. */
export const LONG_WORD = `Donaudampfschiff${'fahrtsgesellschaft'.repeat(5)}${'x'.repeat(14)}`;
/** 100 characters, no space: a signer's role and a signature label hold at most 100. */
export const LONG_ROLE = LONG_WORD.slice(0, 100);
/** Both, as most fields hold them (those of 200 characters at most hold the word alone). */
export const LONG_TEXT = `See ${LONG_URL} and ${LONG_WORD}.`;

if (LONG_URL.length !== 300 || LONG_WORD.length !== 120) throw new Error('The long texts lost their length.');

const text = (value: string) => ({ type: 'text' as const, text: value });
const paragraph = (value: string) => ({ type: 'paragraph' as const, content: [text(value)] });

/** A proposal with the long texts in its text, a table, a list, a link, prices, milestones and signatures. */
export function longTextDocument(): TDocument {
  return {
    version: 1,
    blocks: [
      {
        id: 'intro',
        type: 'rich_text',
        content: {
          type: 'doc',
          content: [
            { type: 'heading', attrs: { level: 2 }, content: [text(LONG_WORD)] },
            {
              type: 'paragraph',
              content: [
                text('Dear '),
                { type: 'variable', attrs: { name: 'client.name' } },
                text(' of '),
                { type: 'variable', attrs: { name: 'client.company' } },
                text(`, the files are at ${LONG_URL} and `),
                text(LONG_URL),
                text(' '),
                { ...text(LONG_URL), marks: [{ type: 'link', attrs: { href: LONG_URL } }] },
                text(' '),
                { ...text(LONG_WORD), marks: [{ type: 'bold' }] },
                text(' '),
                { ...text(LONG_WORD), marks: [{ type: 'code' }] },
              ],
            },
            { type: 'bulletList', content: [{ type: 'listItem', content: [paragraph(LONG_TEXT)] }] },
            { type: 'blockquote', content: [paragraph(LONG_WORD)] },
            {
              type: 'table',
              content: [
                {
                  type: 'tableRow',
                  content: [
                    { type: 'tableHeader', content: [paragraph(LONG_WORD)] },
                    { type: 'tableHeader', content: [paragraph('Link')] },
                  ],
                },
                {
                  type: 'tableRow',
                  content: [
                    { type: 'tableCell', content: [paragraph(LONG_WORD)] },
                    { type: 'tableCell', content: [paragraph(LONG_URL)] },
                  ],
                },
              ],
            },
          ],
        },
      },
      {
        id: 'fees',
        type: 'pricing_table',
        title: LONG_WORD,
        kind: 'lines',
        lines: [
          {
            id: 'build',
            description: LONG_TEXT,
            quantity: 1000,
            unit: 'x'.repeat(20),
            unitPrice: 150_000,
            discountPercent: 1000,
            taxPercent: 2000,
            billing: 'one_off',
            optional: false,
            selected: true,
          },
          {
            id: 'extra',
            description: LONG_WORD,
            quantity: 2000,
            unit: '',
            unitPrice: 40_000,
            discountPercent: 0,
            taxPercent: 0,
            billing: 'monthly',
            optional: true,
            selected: true,
            quantityRange: { min: 1000, max: 5000 },
          },
        ],
      },
      {
        id: 'plan',
        type: 'timeline',
        milestones: [
          {
            id: 'm1',
            title: LONG_WORD,
            description: LONG_TEXT,
            when: { kind: 'duration', value: 2, unit: 'weeks' },
          },
        ],
      },
      {
        id: 'sign',
        type: 'signature',
        sender: { label: LONG_ROLE, role: LONG_ROLE },
        client: { label: LONG_ROLE, role: LONG_ROLE },
      },
    ],
  };
}
