import { englishI18n } from '@draftwell/shared/i18n/english';
import { execFileSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { documentTotals } from '@draftwell/shared/document/pricing';
import type {
  TBlock,
  TDocument,
  TPricingLine,
  TPricingSelection,
  TRichTextNode,
} from '@draftwell/shared/document/schema';
import { consentText, type TAcceptanceCertificate, type TRevisionSnapshot } from '@draftwell/shared/share/revision';
import { closePdfRenderer, renderProposalPdf } from './index';

/**
 * Where page breaks fall: each test moves one thing (a heading, a pricing table, the end of the
 * certificate) down a page a line at a time with lead-in lines, so it meets the bottom of the
 * page at every position, and reads every PDF back page by page with poppler's pdftotext.
 */

const HASH = '0c4e3b1d9a7f5e2c8b6d4a2f0e8c6a4b2d0f8e6c4a2b0d8f6e4c2a0b8d6f4e2c';

/** The text of each page (pdftotext separates pages with a form feed), whitespace folded. */
function pageTexts(pdf: Uint8Array): string[] {
  const text = execFileSync('pdftotext', ['-raw', '-enc', 'UTF-8', '-', '-'], { input: Buffer.from(pdf) }).toString(
    'utf8',
  );
  return text
    .split('\f')
    .slice(0, -1)
    .map((page) => page.replace(/\s+/g, ' ').trim());
}

/** The text lines of each page, without the footer's (its reference, page number and hash). */
function pageLines(pdf: Uint8Array): string[][] {
  const text = execFileSync('pdftotext', ['-raw', '-enc', 'UTF-8', '-', '-'], { input: Buffer.from(pdf) }).toString(
    'utf8',
  );
  return text
    .split('\f')
    .slice(0, -1)
    .map((page) =>
      page
        .split('\n')
        .map((line) => line.trim())
        .filter((line) => line && !/^P-2026-0007 · Revision|^Page \d+ of \d+$|^Revision hash \(SHA-256\)/.test(line)),
    );
}

const pageOf = (pages: string[], text: string) => pages.findIndex((page) => page.includes(text));

const paragraph = (text: string): TRichTextNode => ({ type: 'paragraph', content: [{ type: 'text', text }] });
const heading = (text: string, level: 1 | 2 | 3 = 2): TRichTextNode => ({
  type: 'heading',
  attrs: { level },
  content: [{ type: 'text', text }],
});
const richText = (id: string, ...content: TRichTextNode[]): TBlock => ({
  id,
  type: 'rich_text',
  content: { type: 'doc', content },
});
/** One-line paragraphs: each moves what follows down by one line and its spacing. */
const leadIn = (count: number) => Array.from({ length: count }, (_, i) => paragraph(`Lead-in line ${i + 1}.`));
/** A new page first: what follows starts at the top of page 2, below no header. */
const fromPageTwo = (...blocks: TBlock[]): TDocument => ({
  version: 1,
  blocks: [{ id: 'break', type: 'page_break' }, ...blocks],
});

const FOLLOWING =
  'Following paragraph begins here and runs on for several lines, so that it can be split over two pages ' +
  'when it has to be; a heading must never stay behind on the page before it, alone at the bottom. '.repeat(5);

function snapshotOf(document: TDocument): TRevisionSnapshot {
  return {
    proposalId: '7d1a3f0c-2b4e-4c6d-8e9f-0a1b2c3d4e5f',
    number: 'P-2026-0007',
    title: 'Layout',
    client: { name: 'Jane Doe', company: 'Acme', email: 'jane@acme.example', phone: '', address: '' },
    currency: 'EUR',
    validUntil: '2026-12-31',
    document,
    totals: documentTotals(document),
    sender: {
      name: 'Sam Carter',
      company: 'North Pixel',
      jobTitle: '',
      email: 'sam@northpixel.example',
      phone: '',
      website: '',
      address: '',
      brandColor: '#0f766e',
      logoFileId: null,
    },
    message: '',
    sentAt: '2026-03-02T09:30:00.000Z',
  };
}

function render(document: TDocument, certificate: TAcceptanceCertificate | null = null) {
  return renderProposalPdf(
    {
      snapshot: snapshotOf(document),
      revision: { number: 1, hash: HASH },
      ...(certificate ? { selection: certificate.selection, certificate } : {}),
      certificate,
      showMadeWithFooter: false,
      images: {},
    },
    { owner: 'layout' },
  );
}

/** Renders one document per lead-in count, a few at a time (one owner's renders queue anyway). */
async function sweep<T>(counts: number[], make: (count: number) => Promise<T>): Promise<T[]> {
  const out: T[] = [];
  for (const count of counts) out.push(await make(count));
  return out;
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

afterAll(() => closePdfRenderer());

describe('page breaks', () => {
  it('never leaves a heading at the bottom of a page without what follows it', async () => {
    // A page holds about 32 lead-in lines: the heading passes the page's bottom in this range.
    const counts = range(27, 34);
    const layouts = [
      // The heading first in its block, after another block.
      (n: number) =>
        fromPageTwo(
          richText('a', ...leadIn(n)),
          richText('b', heading('Keep me with my paragraph'), paragraph(FOLLOWING)),
        ),
      // The heading inside a block, after other paragraphs.
      (n: number) =>
        fromPageTwo(richText('a', ...leadIn(n), heading('Keep me with my paragraph'), paragraph(FOLLOWING))),
      // The heading last in its block, before the next block's paragraph.
      (n: number) =>
        fromPageTwo(
          richText('a', ...leadIn(n), heading('Keep me with my paragraph', 1)),
          richText('b', paragraph(FOLLOWING)),
        ),
    ];
    let movedAtLeastOnce = false;
    for (const [which, layout] of layouts.entries()) {
      const results = await sweep(counts, async (n) => pageTexts(await render(layout(n))));
      results.forEach((pages, i) => {
        const at = pageOf(pages, 'Keep me with my paragraph');
        expect(at, `layout ${which}, ${counts[i]} lead-in lines`).toBeGreaterThan(0);
        expect(pageOf(pages, 'Following paragraph begins'), `layout ${which}, ${counts[i]} lead-in lines`).toBe(at);
        if (pageOf(pages, `Lead-in line ${counts[i]}.`) < at) movedAtLeastOnce = true;
      });
    }
    // The sweep did reach the bottom of a page.
    expect(movedAtLeastOnce).toBe(true);
  }, 120_000);

  it('keeps a pricing table’s title and column header with its first rows', async () => {
    const priced = (id: string, description: string): TPricingLine => ({
      id,
      description,
      quantity: 1000,
      unit: 'day',
      unitPrice: 50_000,
      discountPercent: 0,
      taxPercent: 0,
      billing: 'one_off',
      optional: false,
      selected: true,
    });
    const table: TBlock = {
      id: 'fees',
      type: 'pricing_table',
      title: 'Keep the table together',
      kind: 'lines',
      lines: range(1, 6).map((n) => priced(`l${n}`, `Line item ${n}`)),
    };
    const counts = range(24, 32);
    const results = await sweep(counts, async (n) =>
      pageTexts(await render(fromPageTwo(richText('a', ...leadIn(n)), table))),
    );
    let movedAtLeastOnce = false;
    results.forEach((pages, i) => {
      const at = pageOf(pages, 'Keep the table together');
      const where = `${counts[i]} lead-in lines`;
      expect(pageOf(pages, 'Line item 1 '), where).toBe(at);
      expect(pageOf(pages, 'Line item 2 '), where).toBe(at);
      // The header, repeated on each page the rows reach, always has rows under it.
      for (const page of pages.filter((text) => text.includes('DESCRIPTION QUANTITY'))) {
        expect(page, where).toMatch(/DESCRIPTION QUANTITY UNIT PRICE TOTAL Line item \d/);
      }
      if (pageOf(pages, `Lead-in line ${counts[i]}.`) < at) movedAtLeastOnce = true;
    });
    expect(movedAtLeastOnce).toBe(true);
  }, 120_000);

  it('never leaves only a few lines of the certificate on a page of their own', async () => {
    const option = (id: string, description: string): TPricingLine => ({
      id,
      description,
      quantity: 1000,
      unit: '',
      unitPrice: 10_000,
      discountPercent: 0,
      taxPercent: 0,
      billing: 'one_off',
      optional: true,
      selected: true,
    });
    const counts = range(3, 16);
    const results = await sweep(counts, async (n) => {
      const document: TDocument = {
        version: 1,
        blocks: [
          {
            id: 'options',
            type: 'pricing_table',
            title: 'Options',
            kind: 'lines',
            lines: range(1, n).map((k) => option(`o${k}`, `Option number ${k}`)),
          },
        ],
      };
      const selection: TPricingSelection = {};
      const certificate: TAcceptanceCertificate = {
        id: '6e1f3c2a-2b7d-4c1e-9a55-0d4c3b2a1f00',
        proposalNumber: 'P-2026-0007',
        proposalTitle: 'Layout',
        senderName: 'Sam Carter',
        senderCompany: 'North Pixel',
        name: 'Jane Doe',
        email: 'jane@acme.example',
        acceptedAt: '2026-03-04T10:20:30.000Z',
        ipAddress: '203.0.113.7',
        userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
        revisionNumber: 1,
        revisionHash: HASH,
        consentText: consentText(englishI18n, 'typed'),
        consentHash: 'b'.repeat(64),
        selection,
        totals: documentTotals(document, selection),
        currency: 'EUR',
        signatures: [],
      };
      // The one signature an acceptance from before marks lists.
      certificate.signatures.push({
        id: certificate.id,
        position: 1,
        party: 'client',
        name: certificate.name,
        email: certificate.email,
        role: '',
        signedAt: certificate.acceptedAt,
        ipAddress: certificate.ipAddress,
        userAgent: certificate.userAgent,
        consentText: certificate.consentText,
        consentHash: certificate.consentHash,
        emailProof: 'link',
        mark: null,
      });
      return pageLines(await render(document, certificate));
    });
    let overflowed = false;
    results.forEach((pages, i) => {
      const first = pages.findIndex((lines) => lines.includes('Certificate of acceptance'));
      expect(first, `${counts[i]} options`).toBeGreaterThan(0);
      for (const page of pages.slice(first + 1)) {
        overflowed = true;
        // At least the last option rows, the totals' title and a total: never a stray line or two.
        expect(page.length, `${counts[i]} options: ${page.join(' | ')}`).toBeGreaterThanOrEqual(7);
        expect(page.join(' '), `${counts[i]} options`).toMatch(/Option number \d+: Included.*Totals.*Total/);
      }
    });
    expect(overflowed).toBe(true);
  }, 120_000);
});
