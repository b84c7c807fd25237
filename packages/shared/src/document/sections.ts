import type { TDocument } from './schema';
import { isVariableName, resolveVariable, type TDocumentContext } from './variables';

/**
 * A document's sections as a reader moves through it, for the time spent on each (issue 16,
 * "analytics per section"): the headings at the document's top heading level, in order, each
 * section running to the next. The client's page and the server compute them from the same
 * revision, so the page reports seconds by index and the server names them. Types only from
 * the schema: the client's page imports this module and must not pull zod (QUALITY P8).
 */

/** Sections counted per document; a longer document's later headings fold into the last one counted. */
export const MAX_SECTIONS = 50;
/** A section's name as stored and shown. */
export const SECTION_TITLE_MAX = 120;

type TNodeLike = { type?: unknown; text?: unknown; attrs?: Record<string, unknown>; content?: unknown };

function headingLevel(node: TNodeLike): 1 | 2 | 3 {
  const level = node.attrs?.level;
  return level === 2 || level === 3 ? level : 1;
}

/** The top-level headings of every text block, in document order. */
function topHeadings(document: TDocument): TNodeLike[] {
  const out: TNodeLike[] = [];
  for (const block of document.blocks) {
    if (block.type !== 'rich_text') continue;
    for (const node of block.content.content as readonly TNodeLike[]) if (node.type === 'heading') out.push(node);
  }
  return out;
}

/** The level of heading that starts a section: the highest level (smallest number) the document uses. */
export function sectionLevel(document: TDocument): 1 | 2 | 3 | null {
  let level: 1 | 2 | 3 | null = null;
  for (const heading of topHeadings(document)) {
    const l = headingLevel(heading);
    if (level === null || l < level) level = l;
  }
  return level;
}

/** How many sections the document has (as `documentSections` names them), and the heading level that starts them. */
export function sectionOutline(document: TDocument): { level: 1 | 2 | 3; count: number } | null {
  const level = sectionLevel(document);
  if (level === null) return null;
  const count = topHeadings(document).filter((heading) => headingLevel(heading) === level).length;
  return { level, count: Math.min(count, MAX_SECTIONS) };
}

function plainText(node: TNodeLike, context: TDocumentContext): string {
  if (node.type === 'text') return typeof node.text === 'string' ? node.text : '';
  if (node.type === 'hardBreak') return ' ';
  if (node.type === 'variable') {
    const name = node.attrs?.name;
    return typeof name === 'string' && isVariableName(name) ? (resolveVariable(name, context) ?? '') : '';
  }
  return Array.isArray(node.content) ? (node.content as TNodeLike[]).map((c) => plainText(c, context)).join('') : '';
}

/**
 * The names of the document's sections, variables filled from `context`; a heading without
 * text is "Untitled section". At most MAX_SECTIONS.
 */
export function documentSections(document: TDocument, context: TDocumentContext): string[] {
  const level = sectionLevel(document);
  if (level === null) return [];
  return topHeadings(document)
    .filter((heading) => headingLevel(heading) === level)
    .slice(0, MAX_SECTIONS)
    .map((heading) => {
      const text = plainText(heading, context).replace(/\s+/g, ' ').trim();
      if (!text) return 'Untitled section';
      const chars = Array.from(text);
      return chars.length > SECTION_TITLE_MAX ? `${chars.slice(0, SECTION_TITLE_MAX - 1).join('')}…` : text;
    });
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
