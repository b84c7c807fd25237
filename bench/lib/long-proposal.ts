import {
  ZDocument,
  type TBlock,
  type TDocument,
  type TPricingLine,
  type TRichTextNode,
} from '../../packages/shared/src/document';
import {
  bold,
  h,
  p,
  section,
  signature,
  timeline,
  ul,
  variable,
  type TInline,
} from '../../packages/shared/src/templates/starter-templates';

/**
 * A long proposal built like the starter templates, for P10: chapters of rich text (headings,
 * paragraphs with marks and variables, bulleted and numbered lists, a quote, a text table) split
 * by page breaks, pricing tables of several kinds, a timeline and a signature. The text comes
 * from a seeded generator, so every run types into the same document.
 */

/** A printed A4 page of running text at 11 pt holds about this many words (a common publishing rule of thumb). */
export const WORDS_PER_PAGE = 500;
/** Page space of the other parts, in words of running text: a table row, a milestone, a heading, the signature. */
const SPACE = { pricingLine: 25, milestone: 40, heading: 15, signature: 150 } as const;
/** Chapters that start on a new page (a page break before them). */
const NEW_PAGE_BEFORE = new Set([3, 7, 10, 13, 16]);

function seeded(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

const SUBJECTS = [
  'Our team',
  'The project lead',
  'Each workstream',
  'The steering group',
  'Your operations staff',
  'The new platform',
  'This phase',
  'The delivery plan',
  'Every release',
  'The support desk',
  'Our designers',
  'The data migration',
];
const VERBS = [
  'reviews',
  'documents',
  'measures',
  'improves',
  'simplifies',
  'secures',
  'schedules',
  'tests',
  'delivers',
  'reports on',
  'prioritises',
  'agrees',
];
const OBJECTS = [
  'the customer journey from first enquiry to signed contract',
  'the monthly reporting that management relies on',
  'every integration with the finance and warehouse systems',
  'the acceptance criteria for each user story',
  'the risks we identified during the discovery workshops',
  'the training material for new and existing staff',
  'the service levels agreed in the maintenance contract',
  'the budget, with a clear view of what is fixed and what is optional',
  'the accessibility of every screen against WCAG 2.2 AA',
  'the performance of the busiest pages on a mid-range phone',
  'the migration of ten years of historical records',
  'the handover to your internal team at the end of the engagement',
];
const TAILS = [
  'so that nothing is a surprise at launch',
  'before any money is committed to the next phase',
  'with a written summary after every session',
  'in two-week iterations that you can see and try',
  'and shares the results with your team the same week',
  'while keeping the current systems running without interruption',
  'using the tools your people already know',
  'against the goals we agreed at the start',
];

function sentence(rnd: () => number): string {
  const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)]!;
  return `${pick(SUBJECTS)} ${pick(VERBS)} ${pick(OBJECTS)} ${pick(TAILS)}.`;
}

function paragraphText(rnd: () => number, sentences: number): string {
  return Array.from({ length: sentences }, () => sentence(rnd)).join(' ');
}

function line(
  id: string,
  description: string,
  quantity: number,
  unit: string,
  unitPrice: number,
  extra: Partial<TPricingLine> = {},
): TPricingLine {
  return {
    id,
    description,
    quantity: Math.round(quantity * 1000),
    unit,
    unitPrice,
    discountPercent: 0,
    taxPercent: 2000,
    billing: 'one_off',
    optional: false,
    selected: true,
    ...extra,
  };
}

const CHAPTERS = [
  'Executive summary',
  'What we heard',
  'Goals and measures of success',
  'Scope of work',
  'Approach and methodology',
  'Discovery and research',
  'Design',
  'Engineering',
  'Data migration',
  'Quality and testing',
  'Security and privacy',
  'Launch and training',
  'Support and maintenance',
  'Governance and reporting',
  'Risks and how we manage them',
  'Team',
  'Terms',
];

const wordsIn = (text: string) => text.split(/\s+/).filter(Boolean).length;

/** Words of running text in a rich-text tree, and its headings. */
function richTextSize(node: unknown): { words: number; headings: number } {
  const size = { words: 0, headings: 0 };
  const walk = (n: unknown) => {
    if (!n || typeof n !== 'object') return;
    const { type, text, content } = n as { type?: unknown; text?: unknown; content?: unknown };
    if (type === 'heading') size.headings++;
    if (typeof text === 'string') size.words += wordsIn(text);
    if (Array.isArray(content)) content.forEach(walk);
  };
  walk(node);
  return size;
}

/**
 * Printed pages, estimated: the words of running text plus the space of tables, milestones,
 * headings and the signature, WORDS_PER_PAGE to a page, each page break starting a new page.
 */
export function estimatePages(document: TDocument): { pages: number; words: number } {
  let pages = 0;
  let words = 0;
  let part = 0;
  const endPart = () => {
    if (part > 0) pages += Math.ceil(part / WORDS_PER_PAGE);
    part = 0;
  };
  for (const block of document.blocks) {
    if (block.type === 'page_break') endPart();
    else if (block.type === 'rich_text') {
      const size = richTextSize(block.content);
      words += size.words;
      part += size.words + size.headings * SPACE.heading;
    } else if (block.type === 'pricing_table') {
      words += block.lines.reduce((n, l) => n + wordsIn(l.description), 0);
      part += (block.lines.length + 3) * SPACE.pricingLine;
    } else if (block.type === 'timeline') {
      words += block.milestones.reduce((n, m) => n + wordsIn(`${m.title} ${m.description ?? ''}`), 0);
      part += block.milestones.length * SPACE.milestone;
    } else part += SPACE.signature;
  }
  endPart();
  return { pages, words };
}

/** About `pages` printed pages (by estimatePages), valid for the shared schema. */
export function longProposal(pages = 30): TDocument {
  for (let perChapter = 25; perChapter < 5000; perChapter += 25) {
    const document = build(perChapter);
    if (estimatePages(document).pages >= pages) return ZDocument.parse(document);
  }
  throw new Error(`could not build a ${pages}-page proposal within the document limits`);
}

function build(perChapter: number): TDocument {
  const rnd = seeded(20_250_101);
  const blocks: TBlock[] = [];
  let lineNo = 0;
  const nextLine = () => `line-${++lineNo}`;
  const pricingAfter = new Map<number, TBlock>([
    [
      3,
      {
        id: 'pricing-core',
        type: 'pricing_table',
        title: 'Core project',
        kind: 'lines',
        lines: Array.from({ length: 14 }, (_, i) =>
          line(
            nextLine(),
            `${CHAPTERS[i % CHAPTERS.length]}: ${sentence(rnd).slice(0, 80)}`,
            1 + (i % 4),
            'day',
            85_000 + i * 2_500,
          ),
        ),
      },
    ],
    [
      7,
      {
        id: 'pricing-options',
        type: 'pricing_table',
        title: 'Optional extras',
        kind: 'lines',
        lines: Array.from({ length: 10 }, (_, i) =>
          line(nextLine(), `Optional: ${sentence(rnd).slice(0, 90)}`, 1, 'item', 45_000 + i * 5_000, {
            optional: true,
            selected: i % 3 === 0,
            ...(i % 4 === 0 ? { quantityRange: { min: 1000, max: 10_000 } } : {}),
          }),
        ),
      },
    ],
    [
      11,
      {
        id: 'pricing-packages',
        type: 'pricing_table',
        title: 'Support packages',
        kind: 'choice',
        lines: ['Essential', 'Standard', 'Premium'].map((name, i) =>
          line(nextLine(), `${name} support: ${sentence(rnd).slice(0, 80)}`, 1, 'month', 90_000 * (i + 1), {
            billing: 'monthly',
            selected: i === 1,
          }),
        ),
      },
    ],
    [
      13,
      {
        id: 'pricing-recurring',
        type: 'pricing_table',
        title: 'Hosting and licences',
        kind: 'lines',
        lines: Array.from({ length: 8 }, (_, i) =>
          line(
            nextLine(),
            `Licence or service ${i + 1}: ${sentence(rnd).slice(0, 70)}`,
            1 + i,
            'seat',
            1_500 + i * 700,
            {
              billing: i % 2 ? 'yearly' : 'monthly',
              discountPercent: i % 3 ? 0 : 1000,
            },
          ),
        ),
      },
    ],
  ]);

  CHAPTERS.forEach((title, c) => {
    if (NEW_PAGE_BEFORE.has(c)) blocks.push({ id: `break-${c}`, type: 'page_break' });
    const content: TRichTextNode[] = [h(1, `${c + 1}. ${title}`)];
    if (c === 0) content.push(p('Dear ', variable('client.name'), ','));
    let words = 0;
    let s = 0;
    while (words < perChapter) {
      const kind = s % 7;
      if (kind === 0 && s > 0)
        content.push(h(2, `${c + 1}.${Math.ceil(s / 7)} ${sentence(rnd).split(' ').slice(0, 5).join(' ')}`));
      if (kind === 3) {
        const items: TInline[][] = Array.from({ length: 5 }, () => [bold('Note. '), sentence(rnd)]);
        content.push(ul(...items));
        words += 5 * 20;
      } else if (kind === 5 && c % 2 === 0) {
        content.push({
          type: 'orderedList',
          content: Array.from({ length: 4 }, () => ({ type: 'listItem' as const, content: [p(sentence(rnd))] })),
        });
        words += 4 * 18;
      } else if (kind === 6 && c % 5 === 2) {
        content.push({
          type: 'blockquote',
          content: [p({ type: 'text', text: sentence(rnd), marks: [{ type: 'italic' }] })],
        });
        words += 18;
      } else {
        const text = paragraphText(rnd, 4 + Math.floor(rnd() * 3));
        content.push(
          s % 5 === 1
            ? p(
                bold(`${sentence(rnd).split(' ').slice(0, 3).join(' ')}. `),
                text,
                ' See ',
                variable('client.company'),
                '.',
              )
            : p(text),
        );
        words += text.split(' ').length;
      }
      s++;
    }
    if (c === 4) {
      const cell = (type: 'tableHeader' | 'tableCell', text: string) => ({ type, content: [p(text)] });
      content.push({
        type: 'table',
        content: [
          { type: 'tableRow', content: ['Phase', 'Lead', 'Outcome'].map((t) => cell('tableHeader', t)) },
          ...Array.from({ length: 6 }, (_, i) => ({
            type: 'tableRow' as const,
            content: [`Phase ${i + 1}`, SUBJECTS[i]!, OBJECTS[i]!].map((t) => cell('tableCell', t)),
          })),
        ],
      });
    }
    blocks.push(section(`chapter-${c + 1}`, ...content));
    const pricing = pricingAfter.get(c);
    if (pricing) blocks.push(pricing);
    if (c === 5) {
      blocks.push(
        timeline(
          'timeline',
          Array.from({ length: 12 }, (_, i) => ({
            id: `milestone-${i + 1}`,
            title: `Milestone ${i + 1}: ${OBJECTS[i]!.split(' ').slice(0, 4).join(' ')}`,
            description: sentence(rnd),
            when:
              i % 3
                ? { kind: 'duration' as const, value: 1 + i, unit: 'weeks' as const }
                : { kind: 'date' as const, date: `2026-${String(1 + i).padStart(2, '0')}-15` },
          })),
        ),
      );
    }
  });
  blocks.push(signature('signature', 'Project lead', 'Authorised signatory'));
  return { version: 1, blocks };
}
