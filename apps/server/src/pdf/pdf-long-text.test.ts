import { englishI18n } from '@draftwell/shared/i18n/english';
import { execFileSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { documentTotals } from '@draftwell/shared/document/pricing';
import type { TDocument, TRichTextNode } from '@draftwell/shared/document/schema';
import { consentText, type TAcceptanceCertificate, type TRevisionSnapshot } from '@draftwell/shared/share/revision';
import { closePdfRenderer, renderProposalPdf } from './index';
import { MARGIN_X } from './blocks/styles';

/**
 * Issue 24: a 300-character URL or a 120-character word a person typed (title, client, sender,
 * text, a table, prices, milestones, signature labels, the signer's name and role) wraps inside
 * the page's margins and reads back whole. Read with poppler: `pdftotext -bbox` for where each
 * word is drawn, `-raw` for the text.
 */

const URL_300 = `https://files.example.com/d/${'Xa7Kq2Lm9P'.repeat(27)}Zz`;
const WORD_120 = `Donaudampfschiff${'fahrtsgesellschaft'.repeat(5)}${'x'.repeat(14)}`;
const ROLE_100 = WORD_120.slice(0, 100);
const TEXT = `See ${URL_300} and ${WORD_120}.`;
const HASH = '9d3c2b1a0f9e8d7c6b5a49382716f5e4d3c2b1a09f8e7d6c5b4a392817f6e5d4';

const text = (value: string) => ({ type: 'text' as const, text: value });
const paragraph = (value: string): TRichTextNode => ({ type: 'paragraph', content: [text(value)] });

const document: TDocument = {
  version: 1,
  blocks: [
    {
      id: 'intro',
      type: 'rich_text',
      content: {
        type: 'doc',
        content: [
          { type: 'heading', attrs: { level: 1 }, content: [text(WORD_120)] },
          {
            type: 'paragraph',
            content: [
              text('Dear '),
              { type: 'variable', attrs: { name: 'client.name' } },
              text(`, the files are at ${URL_300} and `),
              { ...text(URL_300), marks: [{ type: 'link', attrs: { href: URL_300 } }] },
              text(' '),
              { ...text(WORD_120), marks: [{ type: 'bold' }] },
              text(' '),
              { ...text(WORD_120), marks: [{ type: 'code' }] },
            ],
          },
          { type: 'bulletList', content: [{ type: 'listItem', content: [paragraph(TEXT)] }] },
          { type: 'blockquote', content: [paragraph(WORD_120)] },
          {
            type: 'table',
            content: [
              {
                type: 'tableRow',
                content: [
                  { type: 'tableHeader', content: [paragraph(WORD_120)] },
                  { type: 'tableHeader', content: [paragraph('Link')] },
                  { type: 'tableHeader', content: [paragraph('Note')] },
                ],
              },
              {
                type: 'tableRow',
                content: [
                  { type: 'tableCell', content: [paragraph(WORD_120)] },
                  { type: 'tableCell', content: [paragraph(URL_300)] },
                  { type: 'tableCell', content: [paragraph(TEXT)] },
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
      title: WORD_120,
      kind: 'lines',
      lines: [
        {
          id: 'build',
          description: TEXT,
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
          description: WORD_120,
          quantity: 2000,
          unit: '',
          unitPrice: 40_000,
          discountPercent: 0,
          taxPercent: 0,
          billing: 'monthly',
          optional: true,
          selected: true,
        },
      ],
    },
    {
      id: 'plan',
      type: 'timeline',
      milestones: [
        { id: 'm1', title: WORD_120, description: TEXT, when: { kind: 'duration', value: 2, unit: 'weeks' } },
      ],
    },
    {
      id: 'sign',
      type: 'signature',
      sender: { label: ROLE_100, role: ROLE_100 },
      client: { label: ROLE_100, role: ROLE_100 },
    },
  ],
};

const snapshot: TRevisionSnapshot = {
  proposalId: '3b9e1c70-5d2a-4f8e-9c61-7a0b2d4e6f81',
  number: 'P-2026-0024',
  title: WORD_120,
  client: { name: WORD_120, company: WORD_120, email: 'dana@example.com', phone: '', address: TEXT },
  currency: 'EUR',
  validUntil: '2026-12-31',
  document,
  totals: documentTotals(document),
  sender: {
    name: WORD_120,
    company: WORD_120,
    jobTitle: WORD_120,
    email: 'sam@northpixel.example',
    phone: '',
    website: URL_300,
    address: TEXT,
    brandColor: '#0f766e',
    logoFileId: null,
  },
  message: TEXT,
  sentAt: '2026-03-02T09:30:00.000Z',
};

const signature = {
  position: 0,
  party: 'client' as const,
  name: WORD_120,
  email: 'dana@example.com',
  role: ROLE_100,
  signedAt: '2026-03-04T10:20:30.000Z',
  ipAddress: '203.0.113.7',
  userAgent: TEXT,
  consentText: consentText(englishI18n, 'typed'),
  consentHash: 'c'.repeat(64),
  emailProof: 'link' as const,
};

const certificate: TAcceptanceCertificate = {
  id: '0c7d2e91-4b3a-4f6e-8d15-2a9c7e1b5f30',
  proposalNumber: snapshot.number,
  proposalTitle: WORD_120,
  senderName: WORD_120,
  senderCompany: WORD_120,
  name: WORD_120,
  email: 'dana@example.com',
  acceptedAt: '2026-03-04T10:20:30.000Z',
  ipAddress: '203.0.113.7',
  userAgent: TEXT,
  revisionNumber: 1,
  revisionHash: HASH,
  consentText: consentText(englishI18n, 'typed'),
  consentHash: 'c'.repeat(64),
  selection: {},
  totals: documentTotals(document),
  currency: 'EUR',
  signatures: [
    { ...signature, id: 'a1', mark: { kind: 'typed', text: WORD_120 } },
    { ...signature, id: 'a2', position: 1, name: `${WORD_120} Second`, mark: null },
  ],
};

type TWord = { page: number; xMin: number; yMin: number; xMax: number; yMax: number; text: string };

/** Every word poppler finds, with the page it is on and where it starts and ends (points). */
function wordsOf(pdf: Uint8Array): { pageWidth: number; words: TWord[] } {
  const html = execFileSync('pdftotext', ['-bbox', '-enc', 'UTF-8', '-', '-'], { input: Buffer.from(pdf) }).toString(
    'utf8',
  );
  const pageWidth = Number(/<page width="([\d.]+)"/.exec(html)?.[1]);
  const words: TWord[] = [];
  html.split('<page ').forEach((page, i) => {
    const found = page.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</g);
    for (const [, xMin, yMin, xMax, yMax, word] of found) {
      words.push({ page: i, xMin: +xMin!, yMin: +yMin!, xMax: +xMax!, yMax: +yMax!, text: word! });
    }
  });
  return { pageWidth, words };
}

const joined = (pdf: Uint8Array) =>
  execFileSync('pdftotext', ['-raw', '-enc', 'UTF-8', '-', '-'], { input: Buffer.from(pdf) })
    .toString('utf8')
    .replace(/\s+/g, '');

afterAll(async () => {
  await closePdfRenderer();
});

describe('a long word or link in the PDF, issue 24', { timeout: 30_000 }, () => {
  it('stays within the margins everywhere and reads back whole', async () => {
    const pdf = await renderProposalPdf(
      { snapshot, revision: { number: 1, hash: HASH }, certificate, showMadeWithFooter: false, images: {} },
      { owner: 'owner-long-text' },
    );
    const { pageWidth, words } = wordsOf(pdf);
    expect(pageWidth).toBeCloseTo(595.28, 1);
    const outside = words.filter((w) => w.xMax > pageWidth - MARGIN_X + 1 || w.xMin < MARGIN_X - 1);
    expect
      .soft(outside.map((w) => `page ${w.page}: "${w.text}" ${w.xMin.toFixed(1)}–${w.xMax.toFixed(1)} pt`))
      .toEqual([]);
    // Nor into another column: no two words are drawn over each other.
    const overlapping = words.flatMap((a, i) =>
      words
        .slice(i + 1)
        .filter((b) => b.page === a.page && a.xMin < b.xMax - 1 && b.xMin < a.xMax - 1)
        .filter((b) => a.yMin < b.yMax - 1 && b.yMin < a.yMax - 1)
        .map((b) => `page ${a.page}: "${a.text}" and "${b.text}"`),
    );
    expect.soft(overlapping).toEqual([]);
    // Broken across lines, never cut or hyphenated: the text reads back whole.
    // Every part that holds them is counted: the title, the client, the sender, the text, the
    // table, the prices, the milestone, the signatures and the certificate.
    const all = joined(pdf);
    expect.soft(all.split(URL_300).length - 1, 'the link, whole').toBeGreaterThanOrEqual(8);
    expect.soft(all.split(WORD_120).length - 1, 'the long word, whole').toBeGreaterThanOrEqual(20);
  });
});
