import { execFileSync } from 'node:child_process';
import { Font } from '@react-pdf/renderer';
import { describe, expect, it } from 'vitest';
import type { TDocument } from '@draftwell/shared/document/schema';
import type { TLanguage } from '@draftwell/shared/i18n/languages';

import { bodyCoverage, bodyFontFamilies } from './pdf-fonts';
import { renderProposalPdfInThread } from './pdf-render';
import type { TPdfWorkerInput } from './pdf-types';
import { snapshotOf } from './test-snapshot';

/**
 * Which font draws what: Han characters in the forms of the proposal's language, and an emoji
 * sequence joined with U+200D in one piece. Read back with poppler (`pdffonts`, `pdftotext -bbox`).
 */

function inputOf(language: TLanguage, text: string): TPdfWorkerInput {
  const document: TDocument = {
    version: 1,
    blocks: [
      {
        id: 'intro',
        type: 'rich_text',
        content: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] },
      },
    ],
  };
  const snapshot = snapshotOf(document, language, 'Jane Doe');
  return {
    snapshot,
    revision: { number: 1, hash: 'a'.repeat(64) },
    certificate: null,
    showMadeWithFooter: false,
    images: {},
  };
}

/** The embedded fonts' names, without their subset prefix. */
const fontsOf = (pdf: Uint8Array) =>
  execFileSync('pdffonts', ['-'], { input: Buffer.from(pdf), encoding: 'utf8' })
    .trim()
    .split('\n')
    .slice(2)
    .map((row) => row.split(/\s+/)[0]!.replace(/^[A-Z]{6}\+/, ''));

/** Each word poppler finds and how wide it is, in points, in order. */
function widths(pdf: Uint8Array): [string, number][] {
  const xml = execFileSync('pdftotext', ['-bbox', '-enc', 'UTF-8', '-', '-'], { input: Buffer.from(pdf) }).toString(
    'utf8',
  );
  return [...xml.matchAll(/<word xMin="([\d.]+)" yMin="[\d.]+" xMax="([\d.]+)" yMax="[\d.]+">([^<]*)</g)].map(
    ([, xMin, xMax, text]) => [text!, +xMax! - +xMin!],
  );
}

describe('the PDF’s fonts', { timeout: 60_000 }, () => {
  it('draws Han characters with the face of the proposal’s language: Japanese, Korean, Chinese', async () => {
    const han = '見積書 直骨海角 有効期限';
    for (const [language, face, others] of [
      ['ja', 'NotoSansJP', ['NotoSansSC', 'NotoSansTC', 'NotoSansKR']],
      ['ko', 'NotoSansKR', ['NotoSansSC', 'NotoSansTC', 'NotoSansJP']],
      ['zh-CN', 'NotoSansSC', ['NotoSansJP', 'NotoSansTC', 'NotoSansKR']],
    ] as const) {
      const fonts = fontsOf(await renderProposalPdfInThread(inputOf(language, han)));
      expect(fonts, language).toContain(`${face}-Regular`);
      for (const other of others) expect(fonts.join(' '), language).not.toContain(other);
    }
  });

  it('leaves the joiner (and the emoji variation selector) to Noto Emoji, so 👩‍💻 is one glyph, and bidi marks to the proposal’s script', async () => {
    await bodyCoverage();
    // The family react-pdf picks for a character: the first of the list that has it.
    for (const fontWeight of [400, 700]) {
      for (const fontStyle of ['normal', 'italic'] as const) {
        // As a render with bold or italic text loads them (bodyCoverage has narrowed those it must).
        for (const fontFamily of bodyFontFamilies('en')) await Font.load({ fontFamily, fontWeight, fontStyle });
        const pick = (codePoint: number, language = 'en') =>
          bodyFontFamilies(language).find((fontFamily) =>
            (
              Font.getFont({ fontFamily, fontWeight, fontStyle }) as unknown as {
                data: { hasGlyphForCodePoint(cp: number): boolean } | null;
              }
            ).data?.hasGlyphForCodePoint(codePoint),
          );
        expect(pick(0x200d), `${fontWeight} ${fontStyle}`).toBe('Noto Emoji');
        expect(pick(0xfe0f)).toBe('Noto Emoji');
        expect(pick(0x627)).toBe('Noto Sans Arabic');
        // The bidi marks of a right-to-left proposal's values: its own script's face, no other font.
        expect(pick(0x200e, 'he')).toBe('Noto Sans Hebrew');
        expect(pick(0x200f, 'ar')).toBe('Noto Sans Arabic');
      }
    }
    // Drawn: the sequence as wide as one emoji, where the two emoji without the joiner are two.
    const pdf = await renderProposalPdfInThread(inputOf('en', 'Team 👩‍💻 and 👩💻 done'));
    const drawn = widths(pdf);
    const at = drawn.findIndex(([word]) => word === 'Team');
    // poppler's text for the two apart is not theirs: the words after "Team" and "and".
    const [joined, apart] = [drawn[at + 1]![1], drawn[at + 3]![1]];
    expect(drawn[at + 2]![0]).toBe('and');
    expect(joined).toBeGreaterThan(5);
    expect(joined).toBeLessThan(apart * 0.6);
  });
});
