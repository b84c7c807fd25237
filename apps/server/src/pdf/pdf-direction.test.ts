import { execFileSync } from 'node:child_process';
import { Font } from '@react-pdf/renderer';
import { describe, expect, it } from 'vitest';
import { documentTotals } from '@draftwell/shared/document/pricing';
import type { TDocument, TRichTextNode } from '@draftwell/shared/document/schema';
import type { TLanguage } from '@draftwell/shared/i18n/languages';
import type { TAcceptanceCertificate } from '@draftwell/shared/share/revision';
import { renderProposalPdfInThread } from './pdf-render';
import { registerPdfFonts } from './pdf-fonts';
import type { TPdfWorkerInput } from './pdf-types';
import { snapshotOf } from './test-snapshot';

/**
 * A right-to-left proposal's lines in the order the client's page shows them (it sets the
 * proposal's direction on the whole document): a sentence that starts with a Latin name, the
 * footer's reference with its number, revision and hash, and a typed signature. Read back with
 * poppler (`pdftotext -bbox`: each word and where it is).
 */

const HASH = '9d3c2b1a0f9e8d7c6b5a49382716f5e4d3c2b1a09f8e7d6c5b4a392817f6e5d4';
const HEBREW = 'Draftwell Ltd. מציעה לכם הצעה זו בסך 1,250.00 EUR לשנה.';
const ARABIC_NAME = 'محمد عبد الرحمن';
const RTL_LETTER = /[\u0590-\u05ff\u0600-\u06ff]/u;
const paragraph = (text: string): TRichTextNode => ({ type: 'paragraph', content: [{ type: 'text', text }] });

function inputOf(language: TLanguage, text: string, signer: string): TPdfWorkerInput {
  const document: TDocument = {
    version: 1,
    blocks: [
      { id: 'intro', type: 'rich_text', content: { type: 'doc', content: [paragraph(text)] } },
      {
        id: 'plan',
        type: 'timeline',
        milestones: [{ id: 'm1', title: 'Kickoff', description: text, date: null, durationDays: 5 }],
      },
      { id: 'sign', type: 'signature', signers: [] },
    ],
  } as TDocument;
  const snapshot = snapshotOf(document, language, signer);
  const signedAt = '2026-03-04T10:20:30.000Z';
  const certificate = {
    id: '6e1f3c2a-2b7d-4c1e-9a55-0d4c3b2a1f00',
    proposalNumber: snapshot.number,
    proposalTitle: snapshot.title,
    senderName: 'Sam Carter',
    senderCompany: 'North Pixel',
    name: signer,
    email: 'client@example.com',
    acceptedAt: signedAt,
    ipAddress: '203.0.113.7',
    userAgent: 'Mozilla/5.0',
    revisionNumber: 9,
    revisionHash: HASH,
    consentText: 'I agree.',
    consentHash: 'a'.repeat(64),
    selection: {},
    totals: snapshot.totals,
    currency: 'EUR',
    signatures: [
      {
        id: '6e1f3c2a-2b7d-4c1e-9a55-0d4c3b2a1f01',
        position: 1,
        party: 'client',
        name: signer,
        email: 'client@example.com',
        role: '',
        signedAt,
        ipAddress: '203.0.113.7',
        userAgent: 'Mozilla/5.0',
        consentText: 'I agree.',
        consentHash: 'a'.repeat(64),
        emailProof: 'link',
        mark: { kind: 'typed', text: signer },
      },
    ],
  } as TAcceptanceCertificate;
  return {
    snapshot,
    revision: { number: 9, hash: HASH },
    certificate,
    showMadeWithFooter: false,
    images: {},
  };
}

type TWord = { page: number; xMin: number; xMax: number; yMin: number; yMax: number; text: string };

/**
 * Every word poppler finds (bidi marks taken out), with its page (from 1) and box, in points.
 * poppler gives words in the order they are drawn: a right-to-left word's letters reversed.
 */
function wordsOf(pdf: Uint8Array): TWord[] {
  const xml = execFileSync('pdftotext', ['-bbox', '-enc', 'UTF-8', '-', '-'], { input: Buffer.from(pdf) }).toString(
    'utf8',
  );
  const words: TWord[] = [];
  xml.split('<page ').forEach((page, i) => {
    for (const [, xMin, yMin, xMax, yMax, text] of page.matchAll(
      /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</g,
    )) {
      const bare = text!.replace(/[\u200e\u200f]/g, '');
      if (bare) words.push({ page: i, xMin: +xMin!, yMin: +yMin!, xMax: +xMax!, yMax: +yMax!, text: bare });
    }
  });
  return words;
}

const middle = (w: TWord) => (w.yMin + w.yMax) / 2;
/** The words on `word`'s line, left to right (their boxes' heights differ with their fonts). */
const lineOf = (words: TWord[], word: TWord) =>
  words.filter((w) => w.page === word.page && Math.abs(middle(w) - middle(word)) < 4).sort((a, b) => a.xMin - b.xMin);
const drawn = (text: string) => [...text].reverse().join('');

describe('a right-to-left proposal laid out as the client’s page shows it', { timeout: 60_000 }, () => {
  it('writes the footer’s reference from the right, each value whole: hash, revision, number', async () => {
    for (const language of ['he', 'ar'] as const) {
      const words = wordsOf(await renderProposalPdfInThread(inputOf(language, HEBREW, ARABIC_NAME)));
      const numbers = words.filter((w) => w.page === 1 && w.text === 'P-2026-0025');
      // The footer's is the lowest on the page.
      const footer = numbers.reduce((low, w) => (w.yMin > low.yMin ? w : low));
      // The reference is the footer row's right part (the page number is on its left).
      const line = lineOf(words, footer)
        .filter((w) => w.xMin > 250 && w.text !== '·')
        .map((w) => w.text);
      // Read from the right: the number, the word "Revision" and its number, then the hash.
      expect(line, language).toEqual(['9d3c2b1a0f9e', '9', expect.stringMatching(RTL_LETTER), 'P-2026-0025']);
    }
  });

  it('reads a paragraph, a heading’s and a milestone’s text right to left though it starts with a Latin name', async () => {
    const words = wordsOf(await renderProposalPdfInThread(inputOf('he', HEBREW, ARABIC_NAME)));
    const starts = words.filter((w) => w.page === 1 && w.text.includes('Draftwell'));
    // The paragraph and the milestone's description.
    expect(starts).toHaveLength(2);
    for (const start of starts) {
      const line = lineOf(words, start).map((w) => w.text);
      // Its first words on the right ("Ltd." its full stop on the left of "Draftwell", as the
      // sentence goes on that way), its last ("EUR" then "a year.") on the left, as on the page.
      expect(line.at(-1)).toBe('Ltd');
      expect(line.findIndex((w) => w.includes('EUR'))).toBeLessThan(line.findIndex((w) => w.includes('Draftwell')));
      expect(line[0]).toBe(drawn('לשנה.'));
    }
  });

  it('draws a typed name on one line, from the right of its box, over the lines below it', async () => {
    const words = wordsOf(await renderProposalPdfInThread(inputOf('ar', 'نص', ARABIC_NAME)));
    const parts = ARABIC_NAME.split(' ').map(drawn);
    // The mark: the name's words drawn large (the handwriting size), on page 1 and the certificate.
    const marks = words.filter((w) => parts.includes(w.text) && w.yMax - w.yMin > 25);
    expect(marks.length).toBeGreaterThanOrEqual(2 * parts.length);
    for (const page of [1, 2]) {
      const mark = marks.filter((w) => w.page === page);
      expect(mark, `page ${page}`).toHaveLength(parts.length);
      // One line.
      expect(Math.max(...mark.map((w) => w.yMin)) - Math.min(...mark.map((w) => w.yMin))).toBeLessThan(2);
      // Its right end where the line below it ends (the signature box's, the certificate's right
      // edge), in its column (page 1 has two boxes side by side: the page's halves).
      const side = (w: TWord) => w.xMax < 297.6;
      const column = words.filter((w) => w.page === page && side(w) === side(mark[0]!));
      const top = mark[0]!.yMin;
      const next = column.filter((w) => w.yMin > top + 5).sort((a, b) => a.yMin - b.yMin)[0]!;
      const below = lineOf(column, next);
      expect(Math.abs(Math.max(...mark.map((w) => w.xMax)) - Math.max(...below.map((w) => w.xMax)))).toBeLessThan(3);
    }
  });
});

/** A right-to-left proposal with one pricing table: a line of an hour with a discount, and its totals. */
function pricingInput(language: TLanguage): TPdfWorkerInput {
  const input = inputOf(language, 'نص', ARABIC_NAME);
  const document: TDocument = {
    version: 1,
    blocks: [
      {
        id: 'fees',
        type: 'pricing_table',
        title: '',
        kind: 'lines',
        lines: [
          {
            id: 'build',
            description: 'Website',
            quantity: 1000,
            unit: 'ساعة',
            unitPrice: 500_000,
            discountPercent: 1000,
            taxPercent: 0,
            billing: 'one_off',
            optional: false,
            selected: true,
          },
        ],
      },
    ],
  };
  const totals = documentTotals(document);
  return {
    ...input,
    snapshot: { ...input.snapshot, document, totals },
    certificate: { ...input.certificate!, totals },
  };
}

describe(
  'a right-to-left proposal’s amounts and quantities as the client’s page shows them',
  { timeout: 60_000 },
  () => {
    it('puts the currency sign at the left of each amount and a quantity’s number at its right', async () => {
      for (const language of ['he', 'ar'] as const) {
        const words = wordsOf(await renderProposalPdfInThread(pricingInput(language)));
        // Each line's words left to right, poppler's no-break spaces (inside a word) as spaces.
        const lines = new Map<string, string>();
        for (const word of words) {
          const line = lineOf(words, word);
          lines.set(`${word.page} ${middle(line[0]!)}`, line.map((w) => w.text.replace(/\u00a0/g, ' ')).join(' '));
        }
        const text = [...lines.values()].join('\n');
        // The price, the subtotal, the discount and the total, with the currency's sign on their
        // left (the line's price and total and the table's totals on page 1, the certificate's on
        // page 2), as the page's cells and totals, in the proposal's direction, show "€ 5,000".
        for (const [figures, least] of [
          ['5,000', 3],
          ['4,500', 3],
          ['500 −', 2],
        ] as const) {
          expect(text.split(`€ ${figures}`).length - 1, `${language} ${figures}\n${text}`).toBeGreaterThanOrEqual(
            least,
          );
          expect(text, language).not.toMatch(new RegExp(`${figures.split(' ')[0]} ?€`));
        }
        // "1 ساعة": read from the right, the number first.
        const hours = words.filter((w) => w.text === drawn('ساعة'));
        expect(hours.length, language).toBe(1);
        const line = lineOf(words, hours[0]!);
        expect(line[line.indexOf(hours[0]!) + 1]?.text, language).toBe('1');
      }
    });
  },
);

describe('a right-to-left certificate’s signer headings', { timeout: 60_000 }, () => {
  it('reads "1. Dana Reyes" right to left, its number at the right, as the other names', async () => {
    for (const language of ['he', 'ar'] as const) {
      const words = wordsOf(await renderProposalPdfInThread(inputOf(language, 'نص', 'Dana Reyes')));
      // The heading on the certificate (page 2): the line holding the number "1." and the name.
      const heading = words
        .filter((w) => w.page === 2 && w.text === 'Reyes')
        .map((w) => lineOf(words, w).map((v) => v.text))
        .find((line) => line.some((text) => /^\.?1\.?$/.test(text)));
      expect(heading, language).toBeDefined();
      // Right to left: the number is the rightmost word, the name on its left.
      expect(heading!.at(-1), `${language} ${JSON.stringify(heading)}`).toMatch(/^\.?1\.?$/);
      expect(heading!.slice(0, -1), language).toEqual(['Dana', 'Reyes']);
    }
  });
});

describe('a typed Arabic signature and the lines under it', { timeout: 60_000 }, () => {
  type TGlyph = { bbox: { minY: number; maxY: number } };
  type TShaper = { unitsPerEm: number; layout(text: string): { glyphs: TGlyph[] } };
  /** How far `text`'s glyphs reach below and above the baseline in Noto Sans Arabic, in ems. */
  async function inkOf(text: string, fontWeight: 400 | 700): Promise<{ below: number; above: number }> {
    registerPdfFonts();
    const family = { fontFamily: 'Noto Sans Arabic', fontWeight, fontStyle: 'normal' as const };
    await Font.load(family);
    const font = (Font.getFont(family) as unknown as { data: TShaper }).data;
    const glyphs = font.layout(text).glyphs;
    return {
      below: -Math.min(...glyphs.map((g) => g.bbox.minY)) / font.unitsPerEm,
      above: Math.max(...glyphs.map((g) => g.bbox.maxY)) / font.unitsPerEm,
    };
  }

  it('leaves what the name draws below its baseline clear of the letters of the line below', async () => {
    // Its final م reaches 0.39 em below the baseline, the deepest of Noto Sans Arabic's letters.
    const name = 'مريم إبراهيم';
    const pdf = await renderProposalPdfInThread(inputOf('ar', 'نص', name));
    // poppler's word box runs from the font's ascent to its descent (its descriptor's, in 1/1000 em).
    const raw = Buffer.from(pdf).toString('latin1');
    const metrics = /\/FontName \/[A-Z]+\+NotoSansArabic-Regular[^]*?\/Ascent (-?\d+)[^]*?\/Descent (-?\d+)/.exec(raw);
    expect(metrics).not.toBeNull();
    const [ascent, descent] = [Number(metrics![1]) / 1000, Number(metrics![2]) / 1000];
    const sizeOf = (w: TWord) => (w.yMax - w.yMin) / (ascent - descent);
    const baselineOf = (w: TWord) => w.yMin + ascent * sizeOf(w);
    const words = wordsOf(pdf).filter((w) => w.page === 1 && RTL_LETTER.test(w.text));
    // The name drawn large in the client's box, and the line under it ("Accepted by …", bold).
    const mark = words.filter((w) => w.yMax - w.yMin > 25);
    expect(mark).toHaveLength(2);
    const markBottom = Math.max(...mark.map((w) => w.yMax));
    const below = words
      .filter((w) => w.yMin > markBottom - 20 && w.xMin > 297.6 === mark[0]!.xMin > 297.6 && !mark.includes(w))
      .sort((a, b) => a.yMin - b.yMin);
    const next = lineOf(below, below[0]!);
    const nameInk = await inkOf(name, 400);
    const nextInk = await inkOf(next.map((w) => drawn(w.text)).join(' '), 700);
    const dots = baselineOf(mark[0]!) + nameInk.below * sizeOf(mark[0]!);
    const tops = baselineOf(next[0]!) - nextInk.above * sizeOf(next[0]!);
    expect(tops - dots, `dots at ${dots}, the next line's letters from ${tops}`).toBeGreaterThan(1);
  });
});
