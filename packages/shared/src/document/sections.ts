import type { TDocument } from './schema';
import { isVariableName, resolveVariable, type TDocumentContext } from './variables';

/**
 * A document's sections as a reader moves through it, for the time spent on each (issue 16,
 * "analytics per section"). Every block belongs to one, so time on a pricing table, a timeline or
 * a signature block counts too (issue 24):
 * - a heading at the document's section level starts a section, which runs to the next one and
 *   takes in every block on the way;
 * - before the first such heading, each stretch of text and each other block is an entry of its
 *   own, named by what it is: the text's first heading (else "Opening"), the pricing table's title
 *   (else "Pricing"), "Timeline", "Signatures".
 * The client's page and the server compute them from the same revision, so the page reports
 * seconds by index and the server names them. Types only from the schema: the client's page
 * imports this module and must not pull zod (QUALITY P8).
 */

/** Sections counted per document; a longer document's later sections fold into the last one counted. */
export const MAX_SECTIONS = 50;
/** A section's name as stored and shown. */
export const SECTION_TITLE_MAX = 120;

/** The names of entries that are not a heading's section. */
export const UNHEADED_SECTION_NAMES = {
  text: 'Opening',
  pricing_table: 'Pricing',
  timeline: 'Timeline',
  signature: 'Signatures',
} as const;

type TNodeLike = { type?: unknown; text?: unknown; attrs?: Record<string, unknown>; content?: unknown };

function headingLevel(node: TNodeLike): 1 | 2 | 3 {
  const level = node.attrs?.level;
  return level === 2 || level === 3 ? level : 1;
}

const topNodes = (block: TDocument['blocks'][number]): readonly TNodeLike[] =>
  block.type === 'rich_text' && Array.isArray(block.content.content) ? (block.content.content as TNodeLike[]) : [];

/** The top-level headings of every text block, in document order. */
function topHeadings(document: TDocument): TNodeLike[] {
  return document.blocks.flatMap((block) => topNodes(block).filter((node) => node.type === 'heading'));
}

/**
 * The level of heading that starts a section: the highest level (smallest number) used by two
 * headings or more, so a document whose one top heading is its title is still cut by the headings
 * under it; with no level used twice, the highest level used.
 */
export function sectionLevel(document: TDocument): 1 | 2 | 3 | null {
  const used = new Map<1 | 2 | 3, number>();
  for (const heading of topHeadings(document)) {
    const level = headingLevel(heading);
    used.set(level, (used.get(level) ?? 0) + 1);
  }
  const levels = ([1, 2, 3] as const).filter((level) => used.has(level));
  return levels.find((level) => used.get(level)! >= 2) ?? levels[0] ?? null;
}

/**
 * Where a section starts on the page: block `block` (its index in the document) from its top,
 * or, with `heading`, from that block's `heading`-th top-level heading of the section level.
 */
export type TSectionStart = { block: number; heading: number | null };

function plainText(node: TNodeLike, context: TDocumentContext): string {
  if (node.type === 'text') return typeof node.text === 'string' ? node.text : '';
  if (node.type === 'hardBreak') return ' ';
  if (node.type === 'variable') {
    const name = node.attrs?.name;
    return typeof name === 'string' && isVariableName(name) ? (resolveVariable(name, context) ?? '') : '';
  }
  return Array.isArray(node.content) ? (node.content as TNodeLike[]).map((c) => plainText(c, context)).join('') : '';
}

/** A name as stored and shown: spaces folded, cut by characters to SECTION_TITLE_MAX; `empty` when blank. */
function sectionName(raw: string, empty: string): string {
  const text = raw.replace(/\s+/g, ' ').trim();
  if (!text) return empty;
  const chars = Array.from(text);
  return chars.length > SECTION_TITLE_MAX ? `${chars.slice(0, SECTION_TITLE_MAX - 1).join('')}…` : text;
}

const headingName = (heading: TNodeLike, context: TDocumentContext) =>
  sectionName(plainText(heading, context), 'Untitled section');

type TEntry = TSectionStart & { name: (context: TDocumentContext) => string };

/** Every section of the document in order, uncapped; see the module's comment. */
function sectionEntries(document: TDocument): TEntry[] {
  const level = sectionLevel(document);
  const entries: TEntry[] = [];
  let headed = false;
  /** The stretch of text before the first section that later text joins; named by its first heading. */
  let stretch: { first: TNodeLike | null } | null = null;
  for (const [index, block] of document.blocks.entries()) {
    if (block.type === 'page_break') continue;
    if (block.type !== 'rich_text') {
      stretch = null;
      if (headed) continue;
      const name =
        block.type === 'pricing_table'
          ? sectionName(block.title, UNHEADED_SECTION_NAMES.pricing_table)
          : UNHEADED_SECTION_NAMES[block.type];
      entries.push({ block: index, heading: null, name: () => name });
      continue;
    }
    let nth = 0;
    for (const node of topNodes(block)) {
      if (node.type === 'heading' && headingLevel(node) === level) {
        entries.push({ block: index, heading: nth, name: (context) => headingName(node, context) });
        nth += 1;
        headed = true;
      } else if (!headed) {
        // Nothing of the section level came before it in this block, so the stretch starts at the block's top.
        if (!stretch) {
          const opened: { first: TNodeLike | null } = { first: null };
          stretch = opened;
          entries.push({
            block: index,
            heading: null,
            name: (context) => (opened.first ? headingName(opened.first, context) : UNHEADED_SECTION_NAMES.text),
          });
        }
        if (node.type === 'heading' && !stretch.first) stretch.first = node;
      }
    }
  }
  return entries;
}

/**
 * Where each counted section starts on the page, in order (at most MAX_SECTIONS), and the heading
 * level that starts the headed ones (null when none does); null when the document has nothing to time.
 */
export function sectionStarts(document: TDocument): { level: 1 | 2 | 3 | null; starts: TSectionStart[] } | null {
  const entries = sectionEntries(document);
  if (entries.length === 0) return null;
  return {
    level: sectionLevel(document),
    starts: entries.slice(0, MAX_SECTIONS).map(({ block, heading }) => ({ block, heading })),
  };
}

/** The names of the document's sections, variables filled from `context`. At most MAX_SECTIONS. */
export function documentSections(document: TDocument, context: TDocumentContext): string[] {
  return sectionEntries(document)
    .slice(0, MAX_SECTIONS)
    .map((entry) => entry.name(context));
}

/** Time spent on one section of one visit (or of several, added up). */
export type TSectionTime = { index: number; title: string; seconds: number };

/** Adds up the sections of several visits by index, most read first (ties in document order). */
export function sumSectionTimes(visits: ReadonlyArray<ReadonlyArray<TSectionTime>>): TSectionTime[] {
  const byIndex = new Map<number, TSectionTime>();
  for (const visit of visits) {
    for (const s of visit) {
      const seen = byIndex.get(s.index);
      byIndex.set(s.index, { index: s.index, title: s.title, seconds: (seen?.seconds ?? 0) + s.seconds });
    }
  }
  return [...byIndex.values()].sort((a, b) => b.seconds - a.seconds || a.index - b.index);
}

/** A visit's `sections` as stored on its `opened` event, or [] for anything else. */
export function sectionTimesOf(data: Record<string, unknown>): TSectionTime[] {
  const raw = data.sections;
  if (!Array.isArray(raw)) return [];
  return raw.filter(
    (s): s is TSectionTime =>
      typeof s === 'object' &&
      s !== null &&
      Number.isInteger((s as TSectionTime).index) &&
      typeof (s as TSectionTime).title === 'string' &&
      Number.isInteger((s as TSectionTime).seconds) &&
      (s as TSectionTime).seconds > 0,
  );
}

/**
 * Seconds on each of `titles` (a revision's sections, as `documentSections` names them), added up
 * over `visits`. A visit recorded while sections were counted another way (before every block
 * counted) has other indexes: an entry whose index names another section goes to the section of
 * its name, or is left out when there is none.
 */
export function secondsBySection(
  titles: readonly string[],
  visits: ReadonlyArray<ReadonlyArray<TSectionTime>>,
): number[] {
  const seconds = titles.map(() => 0);
  for (const visit of visits) {
    for (const s of visit) {
      const index = titles[s.index] === s.title ? s.index : titles.indexOf(s.title);
      if (index >= 0) seconds[index]! += s.seconds;
    }
  }
  return seconds;
}
