import { englishI18n } from '@draftwell/shared/i18n/english';
import { execFileSync } from 'node:child_process';
import { inflateSync } from 'node:zlib';
import { Font } from '@react-pdf/renderer';
import { afterAll, describe, expect, it } from 'vitest';
import { documentTotals } from '@draftwell/shared/document/pricing';
import type { TDocument, TRichTextNode } from '@draftwell/shared/document/schema';
import { consentText, type TAcceptanceCertificate, type TRevisionSnapshot } from '@draftwell/shared/share/revision';
import { closePdfRenderer, renderProposalPdf } from './index';
import { MARGIN_X } from './blocks/styles';
import { registerPdfFonts } from './pdf-fonts';

/**
 * Issue 25: text in every script reaches the PDF as real text, in every place text goes (title,
 * names, company, address, rich text, a table, pricing lines, milestones, signature labels, the
 * certificate and a typed signature), drawn by an embedded subset of a font that has it. Read back
 * with poppler (`pdftotext -raw`, whitespace folded) and `pdffonts`.
 */

const SAMPLES = {
  latin: 'Łódź İstanbul Tiếng Việt façade',
  greek: 'Καλημέρα κόσμε',
  cyrillic: 'Привет мир',
  hebrew: 'שלום עולם',
  arabic: 'مرحبا بالعالم',
  devanagari: 'नमस्ते दुनिया',
  thai: 'สวัสดีชาวโลก',
  'chinese (simplified)': '你好世界报价单',
  'chinese (traditional)': '你好世界報價單',
  japanese: 'こんにちは世界見積書',
  korean: '안녕하세요 세계',
  emoji: '👍 🎉 ✅ 👩‍💻 🇯🇵',
} as const;

const HASH = '9d3c2b1a0f9e8d7c6b5a49382716f5e4d3c2b1a09f8e7d6c5b4a392817f6e5d4';
const text = (value: string) => ({ type: 'text' as const, text: value });
const paragraph = (value: string): TRichTextNode => ({ type: 'paragraph', content: [text(value)] });

/** The sample in each place of a proposal's PDF, and how many places that is. */
function proposalWith(sample: string): { snapshot: TRevisionSnapshot; certificate: TAcceptanceCertificate } {
  const document: TDocument = {
    version: 1,
    blocks: [
      {
        id: 'intro',
        type: 'rich_text',
        content: {
          type: 'doc',
          content: [
            { type: 'heading', attrs: { level: 1 }, content: [text(sample)] },
            paragraph(sample),
            { type: 'paragraph', content: [{ ...text(sample), marks: [{ type: 'bold' }] }] },
            { type: 'paragraph', content: [{ ...text(sample), marks: [{ type: 'italic' }] }] },
            { type: 'bulletList', content: [{ type: 'listItem', content: [paragraph(sample)] }] },
            {
              type: 'table',
              content: [
                { type: 'tableRow', content: [{ type: 'tableHeader', content: [paragraph(sample)] }] },
                { type: 'tableRow', content: [{ type: 'tableCell', content: [paragraph(sample)] }] },
              ],
            },
          ],
        },
      },
      {
        id: 'fees',
        type: 'pricing_table',
        title: sample,
        kind: 'lines',
        lines: [
          {
            id: 'build',
            description: sample,
            quantity: 1000,
            unit: '',
            unitPrice: 150_000,
            discountPercent: 0,
            taxPercent: 0,
            billing: 'one_off',
            optional: false,
            selected: true,
          },
        ],
      },
      {
        id: 'plan',
        type: 'timeline',
        milestones: [
          { id: 'm1', title: sample, description: sample, when: { kind: 'duration', value: 2, unit: 'weeks' } },
        ],
      },
      {
        id: 'sign',
        type: 'signature',
        sender: { label: sample, role: sample },
        client: { label: sample, role: sample },
      },
    ],
  };
  const snapshot: TRevisionSnapshot = {
    proposalId: '3b9e1c70-5d2a-4f8e-9c61-7a0b2d4e6f81',
    number: 'P-2026-0025',
    title: sample,
    client: { name: sample, company: sample, email: 'client@example.com', phone: '', address: sample },
    currency: 'EUR',
    validUntil: '2026-12-31',
    document,
    totals: documentTotals(document),
    sender: {
      name: sample,
      company: sample,
      jobTitle: sample,
      email: 'owner@example.com',
      phone: '',
      website: '',
      address: sample,
      brandColor: '#0f766e',
      logoFileId: null,
    },
    message: '',
    sentAt: '2026-03-02T09:30:00.000Z',
  };
  const signature = {
    party: 'client' as const,
    name: sample,
    email: 'client@example.com',
    role: sample,
    signedAt: '2026-03-04T10:20:30.000Z',
    ipAddress: '203.0.113.7',
    userAgent: 'Mozilla/5.0',
    consentText: consentText(englishI18n, 'typed'),
    consentHash: 'c'.repeat(64),
    emailProof: 'link' as const,
  };
  const certificate: TAcceptanceCertificate = {
    id: '0c7d2e91-4b3a-4f6e-8d15-2a9c7e1b5f30',
    proposalNumber: snapshot.number,
    proposalTitle: sample,
    senderName: sample,
    senderCompany: sample,
    name: sample,
    email: 'client@example.com',
    acceptedAt: '2026-03-04T10:20:30.000Z',
    ipAddress: '203.0.113.7',
    userAgent: 'Mozilla/5.0',
    revisionNumber: 1,
    revisionHash: HASH,
    consentText: consentText(englishI18n, 'typed'),
    consentHash: 'c'.repeat(64),
    selection: {},
    totals: documentTotals(document),
    currency: 'EUR',
    signatures: [{ ...signature, id: 'a1', position: 0, mark: { kind: 'typed', text: sample } }],
  };
  return { snapshot, certificate };
}

const fold = (value: string) => value.replace(/\s+/g, ' ').trim();
const pdftotext = (pdf: Uint8Array) =>
  fold(execFileSync('pdftotext', ['-enc', 'UTF-8', '-', '-'], { input: Buffer.from(pdf) }).toString('utf8'));

/** `pdffonts`' rows: each font's name, whether it is embedded, and whether as a subset. */
function fontsOf(pdf: Uint8Array): { name: string; embedded: boolean; subset: boolean }[] {
  const rows = execFileSync('pdffonts', ['-'], { input: Buffer.from(pdf) })
    .toString('utf8')
    .trim()
    .split('\n')
    .slice(2);
  return rows.map((row) => {
    const cells = row.trim().split(/\s+/);
    // name, type (one or two words), encoding, emb, sub, uni, object, generation
    const [emb, sub] = cells.slice(-5, -3);
    return { name: cells[0]!, embedded: emb === 'yes', subset: sub === 'yes' };
  });
}

afterAll(async () => {
  await closePdfRenderer();
});

async function extractedFrom(sample: string): Promise<{ pdf: Uint8Array; extracted: string }> {
  const { snapshot, certificate } = proposalWith(sample);
  const pdf = await renderProposalPdf(
    { snapshot, revision: { number: 1, hash: HASH }, showMadeWithFooter: false, images: {}, certificate },
    { owner: 'owner-scripts' },
  );
  return { pdf, extracted: pdftotext(pdf) };
}

/**
 * 7 in the text, 2 in pricing, 2 in the timeline, 4 signature labels and roles, the title, the
 * client's name, company and address, the sender's name, company, title and address, and on the
 * certificate the title, sender, company, signer, role and typed signature: at least 20.
 */
const PLACES = 20;
const count = (haystack: string, needle: string) => haystack.split(needle).length - 1;

/**
 * Right-to-left text with a number and a Latin word inside, and its words from left to right as
 * the Unicode bidi algorithm places them in a left-to-right paragraph (the PDF's paragraphs are
 * left to right until a proposal has a language, issue 25 part 5): each right-to-left run reads
 * right to left, the number inside it stays whole, the Latin word and what follows come after.
 */
const MIXED = [
  {
    script: 'hebrew',
    sample: 'הצעה 2024 עבור Draftwell בע״מ',
    leftToRight: ['עבור', '2024', 'הצעה', 'Draftwell', 'בע״מ'],
  },
  {
    script: 'arabic',
    sample: 'السعر 1,250 دولار لـ Draftwell',
    leftToRight: ['لـ', 'دولار', '1,250', 'السعر', 'Draftwell'],
  },
];

/**
 * How many glyphs the PDF draws with a font whose name contains `face`: the glyph codes of its
 * text-showing operators (Tj, TJ) in every page's content stream. The text a reader extracts can
 * come from /ActualText, so this is what says a glyph was drawn at all.
 */
function glyphsDrawn(pdf: Uint8Array, face: string): number {
  const raw = Buffer.from(pdf).toString('latin1');
  const fontObjects = new Set<string>();
  for (const [, id, dict] of raw.matchAll(/(\d+) 0 obj\s*<<((?:(?!endobj|stream)[\s\S])*?)>>\s*endobj/g)) {
    if (/\/Type \/Font/.test(dict!) && dict!.includes(face)) fontObjects.add(id!);
  }
  const names = new Set<string>();
  for (const [, name, id] of raw.matchAll(/\/(F\d+) (\d+) 0 R/g)) if (fontObjects.has(id!)) names.add(name!);
  let count = 0;
  for (const [, dict, body] of raw.matchAll(
    /obj\s*<<((?:(?!endobj|stream)[\s\S])*?)>>\s*stream\r?\n([\s\S]*?)\r?\nendstream/g,
  )) {
    let content: string;
    try {
      content = (
        /FlateDecode/.test(dict!) ? inflateSync(Buffer.from(body!, 'latin1')) : Buffer.from(body!, 'latin1')
      ).toString('latin1');
    } catch {
      continue;
    }
    if (!/ Tf\b/.test(content)) continue;
    let current = '';
    for (const [, name, shown] of content.matchAll(/\/(F\d+) [\d.]+ Tf|(\[[^\]]*\]\s*TJ|<[0-9a-fA-F]*>\s*Tj)/g)) {
      if (name) current = name;
      else if (names.has(current))
        for (const [hex] of shown!.matchAll(/<([0-9a-fA-F]*)>/g)) count += (hex.length - 2) / 4;
    }
  }
  return count;
}

const RTL = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]/u;

/**
 * Each line's words as poppler finds them (`pdftotext -bbox`), left to right as drawn. Words on a
 * line share its middle within 3 pt (faces of different heights start at different tops); poppler
 * gives a right-to-left word's letters in drawing order, so they are put back in reading order.
 */
function linesOf(pdf: Uint8Array): string[][] {
  const html = execFileSync('pdftotext', ['-bbox', '-enc', 'UTF-8', '-', '-'], { input: Buffer.from(pdf) }).toString(
    'utf8',
  );
  const lines: { page: number; middle: number; words: { x: number; word: string }[] }[] = [];
  html.split('<page ').forEach((page, p) => {
    const found = page.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="[\d.]+" yMax="([\d.]+)">([^<]*)</g);
    for (const [, xMin, yMin, yMax, text] of found) {
      const middle = (Number(yMin) + Number(yMax)) / 2;
      const word = RTL.test(text!) ? Array.from(text!).reverse().join('') : text!;
      const line = lines.find((l) => l.page === p && Math.abs(l.middle - middle) < 3);
      if (line) line.words.push({ x: Number(xMin), word });
      else lines.push({ page: p, middle, words: [{ x: Number(xMin), word }] });
    }
  });
  return lines.map((line) => line.words.sort((a, b) => a.x - b.x).map((w) => w.word));
}

describe('every script in the PDF', { timeout: 60_000 }, () => {
  const exact = Object.entries(SAMPLES).filter(([script]) => script !== 'emoji');
  it.each(exact)('%s comes back from every place as text, drawn by embedded subsets', async (_script, sample) => {
    const { pdf, extracted } = await extractedFrom(sample);
    expect(extracted).not.toContain('\ufffd');
    expect(count(extracted, sample), extracted).toBeGreaterThanOrEqual(PLACES);
    for (const font of fontsOf(pdf).filter((f) => !/^(Helvetica|Courier)/.test(f.name))) {
      expect(font, font.name).toMatchObject({ embedded: true, subset: true });
    }
  });

  it('emoji come back from every place (poppler reads no gap between two emoji as a space)', async () => {
    const { extracted } = await extractedFrom(SAMPLES.emoji);
    const bare = (value: string) => value.replace(/\s+/g, '');
    expect(count(bare(extracted), bare(SAMPLES.emoji)), extracted).toBeGreaterThanOrEqual(PLACES);
  });

  it('draws every glyph the font shapes for Arabic, Devanagari and Thai words: none is left out of a line', async () => {
    registerPdfFonts();
    const cases = [
      {
        face: 'NotoSansArabic',
        family: 'Noto Sans Arabic',
        words: 'شركة جديد بشكل يلتف مرحبا بالعالم',
        direction: 'rtl',
      },
      { face: 'NotoSansDevanagari', family: 'Noto Sans Devanagari', words: 'नमस्ते दुनिया क्षत्रिय धर्म', direction: 'ltr' },
      { face: 'NotoSansThai', family: 'Noto Sans Thai', words: 'สวัสดีชาวโลก ที่นี่', direction: 'ltr' },
    ] as const;
    type TShaper = { layout(text: string, ...rest: unknown[]): { glyphs: unknown[] } };
    for (const { face, family, words, direction } of cases) {
      // The same file through react-pdf's own fontkit, in this thread.
      await Font.load({ fontFamily: family, fontWeight: 400, fontStyle: 'normal' });
      const font = (
        Font.getFont({ fontFamily: family, fontWeight: 400, fontStyle: 'normal' }) as unknown as { data: TShaper }
      ).data;
      // Spaces are Helvetica's: each word is shaped on its own.
      const expected = words
        .split(' ')
        .reduce((sum, word) => sum + font.layout(word, undefined, undefined, undefined, direction).glyphs.length, 0);
      const document: TDocument = {
        version: 1,
        blocks: [{ id: 'text', type: 'rich_text', content: { type: 'doc', content: [paragraph(words)] } }],
      };
      const snapshot = {
        ...proposalWith('Latin').snapshot,
        title: 'Glyphs',
        document,
        totals: documentTotals(document),
      };
      const pdf = await renderProposalPdf(
        { snapshot, revision: { number: 1, hash: HASH }, showMadeWithFooter: false, images: {} },
        { owner: 'owner-scripts' },
      );
      expect(glyphsDrawn(pdf, face), face).toBe(expected);
    }
  });

  it.each(MIXED)(
    '$script with a number and a Latin word: laid out right to left, every word back as text',
    async ({ sample, leftToRight }) => {
      const { pdf, extracted } = await extractedFrom(sample);
      for (const word of leftToRight) expect(count(extracted, word), word).toBeGreaterThanOrEqual(PLACES);
      // Each line holding the sample (the title, names, text, cells, labels): its words in order.
      const inOrder = linesOf(pdf).filter((words) =>
        words.some((_, i) => leftToRight.every((word, j) => words[i + j] === word)),
      );
      expect(inOrder.length, JSON.stringify(linesOf(pdf))).toBeGreaterThanOrEqual(10);
    },
  );
});

/** A proposal whose text is the given paragraphs, in `language` (an Arabic or Hebrew one reads right to left). */
async function paragraphsPdf(content: TRichTextNode[], language?: 'ar' | 'he'): Promise<Uint8Array> {
  const document: TDocument = {
    version: 1,
    blocks: [{ id: 'text', type: 'rich_text', content: { type: 'doc', content } }],
  };
  const snapshot: TRevisionSnapshot = {
    ...proposalWith('Latin').snapshot,
    title: 'Glyphs',
    document,
    totals: documentTotals(document),
    ...(language ? { language } : {}),
  };
  return renderProposalPdf(
    { snapshot, revision: { number: 1, hash: HASH }, showMadeWithFooter: false, images: {} },
    { owner: 'owner-scripts' },
  );
}

/**
 * The PDF's content streams, inflated, each read to its /Length: compressed bytes may end in one
 * that reads as a line end, which a pattern up to `endstream` would cut off.
 */
function contentStreams(pdf: Uint8Array): string[] {
  const raw = Buffer.from(pdf).toString('latin1');
  const streams: string[] = [];
  for (const found of raw.matchAll(/obj\s*<<((?:(?!endobj|stream)[\s\S])*?)>>\s*stream\r?\n/g)) {
    const length = /\/Length (\d+)/.exec(found[1]!);
    if (!length) continue;
    const start = found.index + found[0].length;
    const bytes = Buffer.from(raw.slice(start, start + Number(length[1])), 'latin1');
    try {
      const content = (/FlateDecode/.test(found[1]!) ? inflateSync(bytes) : bytes).toString('latin1');
      if (/ Tf\b/.test(content)) streams.push(content);
    } catch {
      // Not a content stream (an image, a font file).
    }
  }
  return streams;
}

/**
 * What the PDF draws with the fonts whose /BaseFont matches `face`: the glyph codes of each
 * text-showing operator (hex), in drawing order (along each line from the left, line after line).
 */
function drawnWith(pdf: Uint8Array, face: RegExp): string[] {
  const raw = Buffer.from(pdf).toString('latin1');
  const fontObjects = new Set<string>();
  for (const [, id, dict] of raw.matchAll(/(\d+) 0 obj\s*<<((?:(?!endobj|stream)[\s\S])*?)>>\s*endobj/g)) {
    const baseFont = /\/BaseFont \/(?:[A-Z]{6}\+)?([^\s/]+)/.exec(dict!)?.[1];
    if (/\/Type \/Font/.test(dict!) && baseFont && face.test(baseFont)) fontObjects.add(id!);
  }
  const names = new Set<string>();
  for (const [, name, id] of raw.matchAll(/\/(F\d+) (\d+) 0 R/g)) if (fontObjects.has(id!)) names.add(name!);
  const shown: string[] = [];
  for (const content of contentStreams(pdf)) {
    let current = '';
    for (const [, name, operator] of content.matchAll(/\/(F\d+) [\d.]+ Tf|(\[[^\]]*\]\s*TJ|<[0-9a-fA-F]*>\s*Tj)/g)) {
      if (name) current = name;
      else if (names.has(current)) for (const [, hex] of operator!.matchAll(/<([0-9a-fA-F]*)>/g)) shown.push(hex!);
    }
  }
  return shown;
}

/** How many glyphs the PDF draws with the font `face` (two bytes a glyph: an embedded subset). */
const glyphCount = (pdf: Uint8Array, face: RegExp) => drawnWith(pdf, face).join('').length / 4;

/**
 * What Helvetica draws, in drawing order: its bytes are its characters (WinAnsi, ASCII here).
 * Between right-to-left words Helvetica draws the spaces, figures and punctuation.
 */
const helveticaDrawn = (pdf: Uint8Array) =>
  drawnWith(pdf, /^Helvetica/)
    .map((hex) => Buffer.from(hex, 'hex').toString('latin1'))
    .join('');

const MIRRORED: Record<string, string> = { '(': ')', ')': '(' };

/**
 * A right-to-left sentence as drawn from left to right in a right-to-left paragraph, for one whose
 * only left-to-right pieces are figures and Latin words (with their inner `,.-`): the pieces in
 * reverse order, the right-to-left ones letter by letter with brackets mirrored, the others as
 * written (what the Unicode bidi algorithm gives such a sentence).
 */
function drawnRightToLeft(sentence: string): string {
  return sentence
    .split(/([A-Za-z0-9](?:[A-Za-z0-9,.-]*[A-Za-z0-9])?)/)
    .map((piece, i) =>
      i % 2 === 1
        ? piece
        : Array.from(piece)
            .reverse()
            .map((c) => MIRRORED[c] ?? c)
            .join(''),
    )
    .reverse()
    .join('');
}

const RTL_PUNCTUATION = [
  {
    language: 'he',
    sentence: 'תודה שבחרתם בשירותינו. הצעה (SHA-256) לכתובת רחוב הרצל 12, תל אביב: סך הכול 1,250.',
    // Each word as it reads, left to right on the page: the sentence starts at the right.
    leftToRight: [
      '.1,250',
      'הכול',
      'סך',
      'אביב:',
      'תל',
      ',12',
      'הרצל',
      'רחוב',
      'לכתובת',
      '(SHA-256)',
      'הצעה',
      'בשירותינו.',
      'שבחרתם',
      'תודה',
    ],
  },
  {
    language: 'ar',
    sentence: 'شكرا لاختياركم خدماتنا. المتصفح (وكيل المستخدم) شارع الملك 12, الرياض، السعودية: 1,250.',
    leftToRight: null,
  },
] as const;

describe('right-to-left text: spaces, figures and punctuation in their places', { timeout: 60_000 }, () => {
  it.each(RTL_PUNCTUATION)(
    '$language: ", " ". " ": " and brackets drawn on the side the sentence puts them',
    async ({ language, sentence, leftToRight }) => {
      const pdf = await paragraphsPdf([paragraph(sentence)], language);
      // What Helvetica draws of the line (all but the letters), in the order it is drawn.
      const expected = drawnRightToLeft(sentence).replace(/[^\x20-\x7e]/g, '');
      expect(helveticaDrawn(pdf)).toContain(expected);
      if (leftToRight) expect(linesOf(pdf)).toContainEqual([...leftToRight]);
    },
  );
});

describe('a character a font draws as several glyphs, at the end of a line or of a run', { timeout: 60_000 }, () => {
  type TShaper = { layout(text: string, ...rest: unknown[]): { glyphs: unknown[] } };
  async function shaper(family: string, fontWeight: 400 | 700): Promise<TShaper> {
    registerPdfFonts();
    await Font.load({ fontFamily: family, fontWeight, fontStyle: 'normal' });
    return (Font.getFont({ fontFamily: family, fontWeight, fontStyle: 'normal' }) as unknown as { data: TShaper }).data;
  }
  /** The glyphs the font shapes for each word of `text` (spaces are Helvetica's). */
  const glyphsOf = (font: TShaper, text: string, direction: 'ltr' | 'rtl' = 'ltr') =>
    text
      .split(' ')
      .filter(Boolean)
      .reduce((sum, word) => sum + font.layout(word, undefined, undefined, undefined, direction).glyphs.length, 0);

  it('Thai: ำ (ํ and า) at the end of every line, of a paragraph and next to a bold word', async () => {
    const regular = await shaper('Noto Sans Thai', 400);
    const bold = await shaper('Noto Sans Thai', 700);
    // กาน้ำ, the same word over and over: each line of the paragraph ends with it.
    const repeated = Array.from({ length: 60 }, () => 'กาน้ำ').join(' ');
    const lineEnd = 'ใบเสนอราคานี้มีผลถึงวันที่ 31 ธันวาคม กิ่งน้ำ';
    const pieces = [
      { text: 'ธันวาคม กาน้ำ', bold: false },
      { text: 'น้ำ', bold: true },
      { text: 'ท่าน้ำ กิ่งน้ำ', bold: false },
      { text: 'ชำนาญ', bold: true },
    ];
    const pdf = await paragraphsPdf([
      paragraph(repeated),
      paragraph(lineEnd),
      {
        type: 'paragraph',
        content: pieces.map((p) => ({ ...text(p.text), ...(p.bold ? { marks: [{ type: 'bold' as const }] } : {}) })),
      },
    ]);
    const expected =
      glyphsOf(regular, repeated) +
      glyphsOf(regular, lineEnd.replace('31', '')) +
      pieces.reduce((sum, p) => sum + glyphsOf(p.bold ? bold : regular, p.text), 0);
    expect(glyphCount(pdf, /^NotoSansThai-/)).toBe(expected);
  });

  it('Devanagari ऐ (ए and the sign of े) and Arabic أ (alef and hamza) after the sign or the hamza on its own', async () => {
    const devanagari = await shaper('Noto Sans Devanagari', 400);
    const arabic = await shaper('Noto Sans Arabic', 400);
    const hindi = 'यह प्रस्ताव ऐसे ही रहेगा और पैसे ऐतिहासिक ऐसे';
    // سأل typed as alef and a combining hamza (U+0654, as some keyboards and macOS's text give
    // it), then words with أ and ؤ as single characters.
    const arabicWords = 'سا\u0654ل أين مسؤول سأل';
    const pdf = await paragraphsPdf([paragraph(hindi), paragraph(arabicWords)]);
    expect(glyphCount(pdf, /^NotoSansDevanagari-/)).toBe(glyphsOf(devanagari, hindi));
    expect(glyphCount(pdf, /^NotoSansArabic-/)).toBe(glyphsOf(arabic, arabicWords, 'rtl'));
  });
});

/** Every word poppler finds (`pdftotext -bbox`): its text and its left and right edges, in points. */
function wordBoxes(pdf: Uint8Array): { word: string; xMin: number; xMax: number }[] {
  const html = execFileSync('pdftotext', ['-bbox', '-enc', 'UTF-8', '-', '-'], { input: Buffer.from(pdf) }).toString(
    'utf8',
  );
  return [...html.matchAll(/<word xMin="([\d.]+)" yMin="[\d.]+" xMax="([\d.]+)" yMax="[\d.]+">([^<]*)</g)].map(
    ([, xMin, xMax, word]) => ({ word: word!, xMin: Number(xMin), xMax: Number(xMax) }),
  );
}

/**
 * A word that starts with a letter the font draws as several glyphs was measured without the
 * first of them (about 5 pt at 10.5 pt), so a line of such words ran past the margin, off the page
 * (ऐतिहासिक to x = 605 on a 595 pt page). And a line the breaker filled by shrinking its spaces was
 * drawn past its start by what its hanging end space lost (0.5 pt, the left margin in Arabic).
 */
describe('words with a letter a font draws as several glyphs are measured as drawn', { timeout: 60_000 }, () => {
  // Each word, 30 times over: a paragraph of lines filled to the margin with it.
  const WORDS = [
    'ऐतिहासिक', // Devanagari ऐ: ए and the sign of े
    'أسئلة', // Arabic أ and ئ: a letter and its hamza
    'آمال مسؤول', // Arabic آ and ؤ
    'يومًا', // Arabic tanween (ً) over alef, after ي (its dots a glyph of their own)
    'กาน้ำ', // Thai ำ: ํ and า
    'proposal', // Latin, the control
  ];
  const SCRIPTS = /[\p{Script=Arabic}\p{Script=Devanagari}\p{Script=Thai}]|proposal/u;
  const content = WORDS.map((word) => paragraph(Array.from({ length: 30 }, () => word).join(' ')));
  // A4, with the page's side padding (blocks/styles.ts) on each side; 0.5 pt for rounding.
  const left = MARGIN_X - 0.5;
  const right = 595.28 - MARGIN_X + 0.5;

  it.each([{ language: undefined }, { language: 'ar' as const }])(
    'language $language: no word drawn past either margin',
    async ({ language }) => {
      // The paragraphs' words (the header and footer have their own tests).
      const boxes = wordBoxes(await paragraphsPdf(content, language)).filter((box) => SCRIPTS.test(box.word));
      // Every word is there: 30 of each, 60 in the paragraph of two.
      expect(boxes.length).toBeGreaterThanOrEqual(WORDS.length * 30 + 30);
      const outside = boxes.filter((box) => box.xMax > right || box.xMin < left);
      expect(outside, JSON.stringify(outside)).toEqual([]);
    },
  );
});

/**
 * Emoji between right-to-left words take the words' direction, as in Chromium: the first one
 * typed is the rightmost. Noto Emoji is laid out without reordering while fontkit still says
 * 'rtl', and reversing it as if it had been drew them left to right.
 */
describe('emoji inside right-to-left text', { timeout: 60_000 }, () => {
  it.each([
    { language: 'ar' as const, sentence: 'عرض 👍 ✅ 🇯🇵 سعر', first: 'عرض', last: 'سعر' },
    { language: 'he' as const, sentence: 'הצעה 👍 ✅ 🇯🇵 מחיר', first: 'הצעה', last: 'מחיר' },
  ])('$language: read from the right, in the order typed', async ({ language, sentence, first, last }) => {
    const boxes = wordBoxes(await paragraphsPdf([paragraph(sentence)], language));
    const x = (find: (word: string) => boolean, name: string) => {
      const box = boxes.find((b) => find(b.word));
      expect(box, `${name} in ${JSON.stringify(boxes.map((b) => b.word))}`).toBeDefined();
      return box!.xMin;
    };
    const reversed = (word: string) => Array.from(word).reverse().join('');
    const order = [
      x((w) => w === first || w === reversed(first), first),
      x((w) => w.includes('👍'), '👍'),
      x((w) => w.includes('✅'), '✅'),
      x((w) => w.includes('\u{1F1EF}'), '🇯🇵'),
      x((w) => w === last || w === reversed(last), last),
    ];
    // Right to left: each is left of the one typed before it.
    for (let i = 1; i < order.length; i++) expect(order[i]!, `item ${i}`).toBeLessThan(order[i - 1]!);
  });
});
