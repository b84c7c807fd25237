import { messageKey } from '@draftwell/shared/i18n/message-key';
import { execFileSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { documentTotals } from '@draftwell/shared/document/pricing';
import type { TDocument, TRichTextNode } from '@draftwell/shared/document/schema';
import { createI18n } from '@draftwell/shared/i18n/i18n';
import type { TAcceptanceCertificate, TRevisionSnapshot } from '@draftwell/shared/share/revision';
import { serverI18n } from '../lib/i18n';
import { closePdfRenderer, renderProposalPdf, type TPdfInput } from './index';
import { renderProposalPdfInThread } from './pdf-render';

/**
 * Issue 25, part 3: the PDF's own words (labels, page numbers, the certificate) are in the
 * proposal's language, its revision's `language`, and an Arabic or Hebrew proposal's paragraphs and
 * rows are laid out from the right. Read back with poppler (`pdftotext`, with `-bbox` for where).
 */

const HASH = 'c0ffee0ddba11f3a1c9e0b2d47a5968e1c0ffee5eed5a1e7b0a7d00d5ca1ab1e';
const VERIFY = `https://draftwell.example/verify?hash=${HASH}`;
const paragraph = (text: string): TRichTextNode => ({ type: 'paragraph', content: [{ type: 'text', text }] });

const document: TDocument = {
  version: 1,
  blocks: [
    { id: 'intro', type: 'rich_text', content: { type: 'doc', content: [paragraph('مرحبا بالعالم، هذا عرضنا.')] } },
    {
      id: 'prices',
      type: 'pricing_table',
      kind: 'lines',
      title: 'Design',
      lines: [
        {
          id: 'l1',
          description: 'Design work',
          quantity: 1000,
          unit: 'day',
          unitPrice: 50_000,
          discountPercent: 0,
          taxPercent: 0,
          billing: 'one_off',
          optional: false,
          selected: true,
        },
      ],
    },
  ],
};

function inputOf(language: string): TPdfInput {
  const snapshot: TRevisionSnapshot = {
    proposalId: '0b5d3c0e-6f3e-4d55-9d6c-5f0a3e1d2c4b',
    number: 'P-2026-0077',
    title: 'Website',
    client: { name: 'Jane Doe', company: 'Acme Studio', email: 'jane@acme.example', phone: '', address: '' },
    currency: 'EUR',
    validUntil: '2026-12-31',
    document,
    totals: documentTotals(document),
    sender: {
      name: 'Sam Carter',
      company: 'North Pixel',
      jobTitle: '',
      email: 'sam@northpixel.example',
      phone: '+44 20 7946 0000',
      website: '',
      address: '',
      brandColor: '#0f766e',
      logoFileId: null,
    },
    message: '',
    sentAt: '2026-03-02T09:30:00.000Z',
    language,
  } as TRevisionSnapshot;
  const certificate: TAcceptanceCertificate = {
    id: '6e1f3c2a-2b7d-4c1e-9a55-0d4c3b2a1f00',
    proposalNumber: snapshot.number,
    proposalTitle: snapshot.title,
    senderName: 'Sam Carter',
    senderCompany: 'North Pixel',
    name: 'Zoë Łukasiewicz',
    email: 'zoe@acme.example',
    acceptedAt: '2026-03-04T10:20:30.000Z',
    ipAddress: '203.0.113.7',
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64)',
    revisionNumber: 3,
    revisionHash: HASH,
    consentText: 'I agree.',
    consentHash: 'a'.repeat(64),
    selection: {},
    totals: snapshot.totals,
    currency: 'EUR',
    signatures: [],
  };
  certificate.signatures = [
    {
      id: '6e1f3c2a-2b7d-4c1e-9a55-0d4c3b2a1f01',
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
    },
  ];
  return {
    snapshot,
    revision: { number: 3, hash: HASH },
    certificate,
    verifyUrl: VERIFY,
    showMadeWithFooter: true,
    images: {},
  };
}

const fold = (text: string) => text.replace(/\s+/g, ' ').trim();
const poppler = (args: string[], pdf: Uint8Array) =>
  execFileSync('pdftotext', [...args, '-enc', 'UTF-8', '-', '-'], { input: Buffer.from(pdf) }).toString('utf8');
const textOf = (pdf: Uint8Array) => fold(poppler(['-raw'], pdf));
const pagesOf = (pdf: Uint8Array) =>
  poppler(['-raw'], pdf)
    .split('\f')
    .filter((page) => page.trim()).length;

type TWord = { page: number; xMin: number; xMax: number; text: string };

/** Every word poppler finds, with its page (from 1) and where it starts and ends across the page (points). */
function wordsOf(pdf: Uint8Array): TWord[] {
  const words: TWord[] = [];
  poppler(['-bbox'], pdf)
    .split('<page ')
    .forEach((page, i) => {
      for (const [, xMin, xMax, text] of page.matchAll(
        /<word xMin="([\d.]+)" yMin="[\d.]+" xMax="([\d.]+)" yMax="[\d.]+">([^<]*)</g,
      )) {
        // Without the bidi marks that keep a value in its order (blocks/styles.ts, ltrValue).
        words.push({ page: i, xMin: +xMin!, xMax: +xMax!, text: text!.replace(/[\u200e\u200f]/g, '') });
      }
    });
  return words;
}

function word(words: TWord[], text: string, page?: number): TWord {
  const found = words.find((w) => w.text === text && (page === undefined || w.page === page));
  expect(found, `"${text}" on page ${page ?? 'any'}`).toBeDefined();
  return found!;
}

/** Messages keyed as scripts/catalogs.mjs keys them. */
const keyed = (messages: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(messages).map(([id, compiled]) => [messageKey(id), compiled]));

// Messages as `lingui compile` writes them (see lib/i18n.test.ts): German not being translated yet,
// a few of the PDF's words in German show that every part asks the render's I18n.
const GERMAN = keyed({
  'Prepared for': ['Erstellt für'],
  'Valid until {date}': ['Gültig bis ', ['date']],
  'Page {pageNumber} of {totalPages}': ['Seite ', ['pageNumber'], ' von ', ['totalPages']],
  'Certificate of acceptance': ['Annahmebestätigung'],
  'Accepted by': ['Angenommen von'],
  'Unit price': ['Einzelpreis'],
  '{count, plural, one {Signature} other {Signatures}}': [
    ['count', 'plural', { one: ['Unterschrift'], other: ['Unterschriften'] }],
  ],
  'Anyone can check it: scan the code, or open <0>{address}</0> and enter the revision hash below.': [
    'Jeder kann sie prüfen: Code scannen oder <0>',
    ['address'],
    '</0> öffnen und den Revisions-Hash unten eingeben.',
  ],
});

afterAll(async () => {
  await closePdfRenderer();
});

describe('the PDF in the proposal’s language (issue 25, part 3)', { timeout: 30_000 }, () => {
  it('writes its own words with the I18n it is given: labels, dates, page numbers and the certificate', async () => {
    const pdf = await renderProposalPdfInThread(inputOf('de'), createI18n('de', GERMAN as never));
    const text = textOf(pdf);
    const pages = pagesOf(pdf);
    expect(text).toContain('ERSTELLT FÜR');
    expect(text).not.toContain('PREPARED FOR');
    // The date as German writes it (the owner's en-US format is not German's), and amounts too.
    expect(text).toContain('Gültig bis 31. Dezember 2026');
    expect(text).not.toContain('December');
    expect(text).toContain('500 €');
    expect(text).toContain('EINZELPREIS');
    for (let page = 1; page <= pages; page++) expect(text).toContain(`Seite ${page} von ${pages}`);
    expect(text).not.toMatch(/Page \d+ of/);
    expect(text).toContain('Annahmebestätigung');
    expect(text).toContain('Angenommen von Zoë Łukasiewicz');
    expect(text).toContain('Unterschrift');
    // The sentence around the link in its own order, the link still a link.
    expect(text).toContain(
      'Jeder kann sie prüfen: Code scannen oder https://draftwell.example/verify öffnen und den Revisions-Hash unten eingeben.',
    );
    expect(Buffer.from(pdf).toString('latin1')).toContain(`/URI (${VERIFY})`);
    // Words not given in German fall back to English.
    expect(text).toContain('Made with Draftwell');
  });

  it('takes the I18n of the revision’s language in the worker, English words where there is no translation yet', async () => {
    const pdf = await renderProposalPdf(inputOf('de'), { owner: 'owner-language' });
    const text = textOf(pdf);
    const de = serverI18n('de');
    expect(/\/Lang \(([^)]*)\)/.exec(Buffer.from(pdf).toString('latin1'))?.[1]).toBe('de');
    expect(text).toContain(fold(de._('Valid until {date}', { date: '31. Dezember 2026' })));
    expect(text).toContain(
      fold(de._('Page {pageNumber} of {totalPages}', { pageNumber: 1, totalPages: pagesOf(pdf) })),
    );
    expect(text).toContain(fold(de._('Certificate of acceptance')));
  });

  it('lays an Arabic proposal out from the right: its paragraphs, labels, rows and certificate', async () => {
    // The layout, not the words: both with the English words (an I18n without messages), so the
    // same words are found in both, the Arabic one laid out from the right.
    const [arabic, english] = await Promise.all(
      (['ar', 'en'] as const).map((language) => renderProposalPdfInThread(inputOf(language), createI18n(language, {}))),
    );
    const rtl = wordsOf(arabic!);
    const ltr = wordsOf(english!);
    const last = Math.max(...rtl.map((w) => w.page));
    // The page's text runs from 54 pt to 541 pt.
    // "Prepared for", the first of the facts, is on the right; left to right it is on the left.
    const prepared = (words: TWord[]) => words.filter((w) => w.text === 'PREPARED').map((w) => w.xMin);
    expect(Math.max(...prepared(rtl))).toBeGreaterThan(380);
    expect(Math.min(...prepared(ltr))).toBeLessThan(60);
    // The Arabic paragraph ends at the right margin.
    const body = rtl.filter((w) => /[\u0600-\u06ff]/.test(w.text));
    expect(body.length).toBeGreaterThan(0);
    expect(Math.max(...body.map((w) => w.xMax))).toBeGreaterThan(535);
    // The table's first column (its description) is on the right.
    expect(word(rtl, 'Design', 1).xMin).toBeGreaterThan(400);
    expect(word(ltr, 'Design', 1).xMin).toBeLessThan(60);
    // The footer's page number on the left, its proposal number on the right.
    expect(word(rtl, 'Page', 1).xMin).toBeLessThan(150);
    // (The header's number, first, is on the left too: the sender's name is on the right.)
    const numbers = rtl.filter((w) => w.page === 1 && w.text === 'P-2026-0077');
    expect(numbers.at(-1)!.xMin).toBeGreaterThan(300);
    expect(word(ltr, 'Page', 1).xMin).toBeGreaterThan(400);
    // The certificate's terms on the right, their values to the left of them; an address stays in order.
    const term = word(rtl, 'Accepted', last);
    expect(term.xMin).toBeGreaterThan(390);
    expect(word(rtl, 'Łukasiewicz', last).xMax).toBeLessThan(term.xMin);
    expect(word(ltr, 'Accepted', last).xMin).toBeLessThan(60);
    expect(textOf(arabic!)).toContain('IP address 203.0.113.7');
  });
});
