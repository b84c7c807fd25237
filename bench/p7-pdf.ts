import { documentTotals } from '../packages/shared/src/document/pricing';
import type { TBlock, TDocument, TPricingLine, TRichTextNode } from '../packages/shared/src/document/schema';
import { STARTER_TEMPLATES } from '../packages/shared/src/templates/starter-templates';
import { P12Signer } from '@libpdf/core';
import { closePdfRenderer, renderProposalPdf, type TPdfInput } from '../apps/server/src/pdf/index';
import { signPdf } from '../apps/server/src/modules/seal/sign-pdf';
import { generateP12, identityOf, type TSigningIdentity } from '../apps/server/src/modules/seal/signing-identity';
import { median, ms, verdict, type TRow } from './lib/report';

export const P7_SMALL_PAGES = 5;
export const P7_LARGE_PAGES = 30;
export const P7_SMALL_TARGET_MS = 500;
export const P7_LARGE_TARGET_MS = 5000;
const SMALL_RUNS = 10;
const LARGE_RUNS = 3;
/** P13: what sealing the final PDF (the digital signature) may add to P7. */
export const P13_TARGET_MS = 300;
const SEAL_RUNS = 10;

type TSeries = { pages: number; bytes: number; runsMs: number[]; medianMs: number; pass: boolean; pdf: Uint8Array };
type TSealSeries = { pages: number; runsMs: number[]; medianMs: number; pass: boolean };
export type TP7Result = {
  small: Omit<TSeries, 'pdf'>;
  large: Omit<TSeries, 'pdf'>;
  warmUpMs: number;
  sealSmall: TSealSeries;
  sealLarge: TSealSeries;
  scripts: Array<{ language: string; bytes: number; medianMs: number }>;
};

const text = (value: string): TRichTextNode => ({ type: 'paragraph', content: [{ type: 'text', text: value }] });

const PARAGRAPH =
  'We start from what your customers need to decide, then shape every page around it. Each step ends with ' +
  'something you can review, so decisions are made early and nothing is built twice. Our team works in short ' +
  'cycles, shares progress every week and keeps a written record of what was agreed.';

/** One section of a typical proposal: a heading, prose, a list; every third also prices a phase. */
function section(i: number): TBlock[] {
  const blocks: TBlock[] = [
    {
      id: `s-${i}`,
      type: 'rich_text',
      content: {
        type: 'doc',
        content: [
          {
            type: 'heading',
            attrs: { level: 2 },
            content: [{ type: 'text', text: `Phase ${i + 1}: scope and approach` }],
          },
          text(PARAGRAPH),
          text(PARAGRAPH.split('. ').reverse().join('. ')),
          {
            type: 'bulletList',
            content: ['Workshop and written summary', 'Two rounds of review', 'Handover and training'].map((item) => ({
              type: 'listItem',
              content: [text(item)],
            })),
          },
        ],
      },
    },
  ];
  if (i % 3 === 2) {
    const lines: TPricingLine[] = Array.from({ length: 6 }, (_, j) => ({
      id: `p-${i}-${j}`,
      description: `Phase ${i + 1}, item ${j + 1}: design, build and review`,
      quantity: (j + 1) * 1000,
      unit: 'day',
      unitPrice: 85_000,
      discountPercent: j === 2 ? 1000 : 0,
      taxPercent: 2000,
      billing: 'one_off',
      optional: j === 5,
      selected: j !== 5,
    }));
    blocks.push({ id: `t-${i}`, type: 'pricing_table', title: `Phase ${i + 1} fees`, kind: 'lines', lines });
  }
  return blocks;
}

/** The web design starter template, then `sections` more sections. */
function proposal(sections: number): TPdfInput {
  const base = STARTER_TEMPLATES.find((t) => t.id === 'starter-web-design')!.document;
  const document: TDocument = {
    version: 1,
    blocks: [
      ...base.blocks.slice(0, -1),
      ...Array.from({ length: sections }, (_, i) => section(i)).flat(),
      base.blocks.at(-1)!,
    ],
  };
  return {
    snapshot: {
      proposalId: '9b2f0c1e-3d4a-4b5c-8d6e-7f8091a2b3c4',
      number: 'P-2026-0100',
      title: 'Website design and build for Acme Studio',
      client: { name: 'Jane Doe', company: 'Acme Studio', email: 'jane@acme.example', phone: '', address: '' },
      currency: 'EUR',
      validUntil: '2026-12-31',
      document,
      totals: documentTotals(document),
      sender: {
        name: 'Sam Carter',
        company: 'North Pixel',
        jobTitle: 'Director',
        email: 'sam@northpixel.example',
        phone: '',
        website: 'https://northpixel.example',
        address: '',
        brandColor: '#0f766e',
        logoFileId: null,
      },
      message: '',
      sentAt: '2026-03-02T09:30:00.000Z',
    },
    revision: { number: 1, hash: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855' },
    showMadeWithFooter: true,
    images: {},
  };
}

/** Page objects of a PDF written by pdfkit (no object streams): `/Type /Page`, not `/Pages`. */
function pageCount(pdf: Uint8Array): number {
  return (
    Buffer.from(pdf)
      .toString('latin1')
      .match(/\/Type \/Page(?![a-zA-Z])/g)?.length ?? 0
  );
}

async function timed(input: TPdfInput): Promise<{ ms: number; pdf: Uint8Array }> {
  const started = performance.now();
  const pdf = await renderProposalPdf(input, { owner: 'bench' });
  return { ms: performance.now() - started, pdf };
}

/** The fewest extra sections that make the proposal `pages` long (about 1.6 sections a page). */
async function proposalOfPages(pages: number): Promise<TPdfInput> {
  let sections = Math.max(0, Math.round((pages - 3) * 1.6));
  for (let tries = 0; tries < 20; tries++) {
    const input = proposal(sections);
    const got = pageCount((await timed(input)).pdf);
    if (got === pages) return input;
    sections += got < pages ? 1 : -1;
    if (sections < 0) break;
  }
  throw new Error(`Could not make a proposal of exactly ${pages} pages.`);
}

/**
 * Issue 25: a one-page proposal written in each of these, to show the size of its PDF with its
 * fonts embedded as subsets, and its render time against P7's.
 */
const SCRIPT_SAMPLES: Array<[string, string]> = [
  ['English', 'We will design and build a new website for your studio, with a content system and training.'],
  ['Japanese', 'スタジオの新しいウェブサイトを設計・構築し、コンテンツ管理システムと研修を提供します。'],
  ['Chinese', '我们将为您的工作室设计和建设新网站，并提供内容管理系统和培训。'],
  ['Korean', '스튜디오의 새 웹사이트를 설계하고 구축하며 콘텐츠 관리 시스템과 교육을 제공합니다.'],
  ['Arabic', 'سنصمم ونبني موقعاً جديداً لاستوديو الخاص بك، مع نظام لإدارة المحتوى وتدريب فريقك.'],
  ['Hindi', 'हम आपके स्टूडियो के लिए एक नई वेबसाइट डिज़ाइन और निर्माण करेंगे, सामग्री प्रणाली और प्रशिक्षण के साथ।'],
  ['Thai', 'เราจะออกแบบและสร้างเว็บไซต์ใหม่สำหรับสตูดิโอของคุณ พร้อมระบบจัดการเนื้อหาและการฝึกอบรม'],
];
const SCRIPT_RUNS = 5;

function onePageIn(sample: string): TPdfInput {
  const input = proposal(0);
  const document: TDocument = {
    version: 1,
    blocks: [
      {
        id: 'text',
        type: 'rich_text',
        content: { type: 'doc', content: Array.from({ length: 8 }, () => text(sample)) },
      },
    ],
  };
  return {
    ...input,
    snapshot: { ...input.snapshot, title: sample.slice(0, 40), document, totals: documentTotals(document) },
  };
}

async function series(input: TPdfInput, runs: number, targetMs: number): Promise<TSeries> {
  const runsMs: number[] = [];
  let last: Uint8Array = new Uint8Array();
  for (let i = 0; i < runs; i++) {
    const { ms: took, pdf } = await timed(input);
    runsMs.push(Math.round(took));
    last = pdf;
  }
  const medianMs = median(runsMs);
  return { pages: pageCount(last), bytes: last.byteLength, runsMs, medianMs, pass: medianMs <= targetMs, pdf: last };
}

/**
 * P13: the seal job's own step on a PDF P7 rendered, as the server runs it (signPdf: parse,
 * incremental update, PAdES signature with a 3072-bit RSA key through WebCrypto), on the main
 * thread; the key is opened once per process, as the server does.
 */
async function sealSeries(identity: TSigningIdentity, s: TSeries): Promise<TSealSeries> {
  const runsMs: number[] = [];
  for (let i = 0; i < SEAL_RUNS; i++) {
    const started = performance.now();
    await signPdf(s.pdf, identity, { reason: 'bench', location: 'localhost' });
    runsMs.push(Math.round(performance.now() - started));
  }
  const medianMs = median(runsMs);
  return { pages: s.pages, runsMs, medianMs, pass: medianMs <= P13_TARGET_MS };
}

/**
 * P7: wall time of renderProposalPdf as the server calls it (main thread to worker and back), on a
 * warm worker: a 5-page proposal 10 times (p50), a 30-page one 3 times (median). The worker runs
 * from source here (bundled by esbuild the same way as dist/pdf-worker.mjs).
 */
export async function benchP7(): Promise<{ rows: TRow[]; result: TP7Result; notes: string[] }> {
  try {
    const warmUp = await timed(proposal(0));
    const small = await series(await proposalOfPages(P7_SMALL_PAGES), SMALL_RUNS, P7_SMALL_TARGET_MS);
    const large = await series(await proposalOfPages(P7_LARGE_PAGES), LARGE_RUNS, P7_LARGE_TARGET_MS);
    const passphrase = 'bench';
    const identity = identityOf(await P12Signer.create(await generateP12('Draftwell bench', passphrase), passphrase), {
      generated: true,
    });
    const scripts: Array<[string, TSeries]> = [];
    for (const [language, sample] of SCRIPT_SAMPLES) {
      await timed(onePageIn(sample)); // its fonts loaded once, as a warm worker has them
      scripts.push([language, await series(onePageIn(sample), SCRIPT_RUNS, P7_SMALL_TARGET_MS)]);
    }
    await signPdf(small.pdf, identity, { reason: 'warm-up', location: 'localhost' });
    const sealSmall = await sealSeries(identity, small);
    const sealLarge = await sealSeries(identity, large);
    const sealRow = (s: TSealSeries, render: TSeries): TRow => ({
      id: 'P13',
      figure: `sealing the ${s.pages}-page PDF (adds to its ${ms(render.medianMs)} render), median of ${SEAL_RUNS}`,
      value: ms(s.medianMs),
      target: `≤ ${ms(P13_TARGET_MS)}`,
      ratio: (s.medianMs / P13_TARGET_MS).toFixed(2),
      verdict: verdict(s.pass),
    });
    const row = (label: string, s: TSeries, runs: number, targetMs: number): TRow => ({
      id: 'P7',
      figure: `${label} PDF (${s.pages} pages, ${Math.round(s.bytes / 1000)} kB), median of ${runs}`,
      value: ms(s.medianMs),
      target: `≤ ${ms(targetMs)}`,
      ratio: (s.medianMs / targetMs).toFixed(2),
      verdict: verdict(s.pass),
    });
    const { pdf: _small, ...smallResult } = small;
    const { pdf: _large, ...largeResult } = large;
    return {
      result: {
        small: smallResult,
        large: largeResult,
        warmUpMs: Math.round(warmUp.ms),
        sealSmall,
        sealLarge,
        scripts: scripts.map(([language, s]) => ({ language, bytes: s.bytes, medianMs: s.medianMs })),
      },
      rows: [
        row(`${P7_SMALL_PAGES}-page`, small, SMALL_RUNS, P7_SMALL_TARGET_MS),
        row(`${P7_LARGE_PAGES}-page`, large, LARGE_RUNS, P7_LARGE_TARGET_MS),
        sealRow(sealSmall, small),
        sealRow(sealLarge, large),
        ...scripts.map(([language, s]) => ({
          id: 'P7',
          figure: `one page in ${language} (${s.pages} page, ${(s.bytes / 1000).toFixed(1)} kB, fonts as subsets), median of ${SCRIPT_RUNS}`,
          value: ms(s.medianMs),
          target: `≤ ${ms(P7_SMALL_TARGET_MS)}`,
          ratio: (s.medianMs / P7_SMALL_TARGET_MS).toFixed(2),
          verdict: verdict(s.pass),
        })),
      ],
      notes: [
        `P7: renders through the worker pool on a warm worker (the first render, worker start and fonts, took ${ms(warmUp.ms)}). ` +
          `5-page runs: ${small.runsMs.join(', ')} ms; 30-page runs: ${large.runsMs.join(', ')} ms.`,
        `P13: signPdf on the main thread, RSA 3072 self-signed certificate, no timestamp server (a TSA adds its round trip). ` +
          `5-page runs: ${sealSmall.runsMs.join(', ')} ms; 30-page runs: ${sealLarge.runsMs.join(', ')} ms.`,
      ],
    };
  } finally {
    await closePdfRenderer();
  }
}
