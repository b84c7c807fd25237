import type { TBlock, TPricingTable, TRichTextNode } from '@draftwell/shared/document/schema';

/**
 * How much of what follows must share a page with a heading or a table's start, in points:
 * upper estimates from the styles in blocks/ (rich-text.tsx, pricing-table.tsx), given to
 * react-pdf as `minPresenceAhead` (its "keep with next"). The layout is not known before react-pdf
 * makes it, so these err on the large side: too large moves a heading or a table to the next page
 * a line early, too small would leave it alone at the bottom.
 */

const CONTENT_WIDTH = 595.28 - 2 * 54;
/** Body text: 10.5 pt at a line height of 1.45. */
const BODY_LINE = 10.5 * 1.45;
/** Average advance of a character of Helvetica, in ems, rounded up (bold and capitals are wider). */
const CHAR_EM = 0.62;
/** Longest text a keep is worked out from: past it, a heading is long enough to be its own concern. */
const MAX_CHARS = 2000;

const HEADINGS = {
  1: { size: 17, lineHeight: 1.25, margins: 18, em: CHAR_EM },
  2: { size: 13.5, lineHeight: 1.3, margins: 14, em: CHAR_EM },
  // Uppercase.
  3: { size: 10.5, lineHeight: 1.3, margins: 10, em: 0.72 },
} as const;

/** Lines a text takes at `size` points in `width`. */
function lines(chars: number, size: number, width: number, em = CHAR_EM): number {
  const perLine = Math.max(1, Math.floor(width / (size * em)));
  return Math.max(1, Math.ceil(Math.min(chars, MAX_CHARS) / perLine));
}

/** Characters of text in a node and everything inside it (a variable counts as a few words). */
function textLength(node: unknown): number {
  if (!node || typeof node !== 'object') return 0;
  const { type, text, content } = node as { type?: unknown; text?: unknown; content?: unknown };
  if (type === 'text') return typeof text === 'string' ? text.length : 0;
  if (type === 'variable') return 24;
  return Array.isArray(content) ? content.reduce((sum: number, child) => sum + textLength(child), 0) : 0;
}

function headingLevel(node: TRichTextNode): 1 | 2 | 3 {
  const level = node.type === 'heading' ? node.attrs?.level : 3;
  return level === 1 || level === 2 ? level : 3;
}

/** The height of a heading, margins included. */
function headingHeight(node: TRichTextNode): number {
  const style = HEADINGS[headingLevel(node)];
  return lines(textLength(node), style.size, CONTENT_WIDTH, style.em) * style.size * style.lineHeight + style.margins;
}

/** Two rows of a table of rich text: two lines each, with their padding and rule. */
const TABLE_ROWS = 2 * (2 * BODY_LINE + 9);

/**
 * The first piece of `nodes[index]` that cannot be split from it: the first lines of a paragraph,
 * a list or a quote, the first two rows of a table, a heading with its own first piece. An image whose size is not recorded counts as two lines: its real height is
 * unknown here, and a guess of a whole image would move headings much too early.
 */
export function keepAhead(nodes: readonly TRichTextNode[], index: number, after = 0, depth = 0): number {
  const node = nodes[index];
  if (!node) return after;
  // A paragraph splits only with two lines on each side: one of three lines or fewer moves
  // whole. So it needs up to three lines here (fewer when it is surely shorter).
  const firstLines = Math.min(3, lines(textLength(node), 10.5, CONTENT_WIDTH)) * BODY_LINE + 7;
  switch (node.type) {
    case 'heading':
      return headingHeight(node) + (depth < 3 ? keepAhead(nodes, index + 1, after, depth + 1) : 0);
    case 'table':
      return TABLE_ROWS + 10;
    case 'image': {
      const { width, height } = node.attrs ?? {};
      if (typeof width !== 'number' || typeof height !== 'number' || width <= 0 || height <= 0) return 2 * BODY_LINE;
      const scale = Math.min(1, CONTENT_WIDTH / (width * 0.75), 520 / (height * 0.75));
      return height * 0.75 * scale + 10;
    }
    default:
      return firstLines;
  }
}

/** A pricing table's title, note, column header and first two rows. */
export function pricingTableKeep(table: TPricingTable): number {
  const title = table.title.trim() ? 13.5 * 1.3 + 4 : 0;
  const note = table.kind === 'choice' ? 8.5 * 1.35 + 6 : 0;
  const header = 7.5 * 1.3 + 8 + 1.5;
  const flex =
    3.4 +
    1.2 +
    1.5 +
    1.6 +
    (table.lines.some((l) => l.discountPercent > 0) ? 0.9 : 0) +
    (table.lines.some((l) => l.taxPercent > 0) ? 0.9 : 0);
  const descriptionWidth = (CONTENT_WIDTH * 3.4) / flex;
  const rows = table.lines.slice(0, 2).map((line) => {
    const description = lines(line.description.trim().length || 4, 9.5, descriptionWidth, 0.68) * 9.5 * 1.35;
    // An optional line or a package carries a tag under its description.
    const tag = table.kind === 'choice' || line.optional ? 7.5 * 1.3 + 1 : 0;
    return 10.5 + Math.max(description + tag, 2 * 9.5 * 1.35);
  });
  return title + note + header + rows.reduce((sum, row) => sum + row, 0);
}

/** What must share a page with the start of a block: nothing for one that can start anywhere. */
export function blockKeep(block: TBlock | undefined): number {
  if (!block) return 0;
  switch (block.type) {
    case 'rich_text': {
      const nodes = Array.isArray(block.content?.content) ? block.content.content : [];
      return nodes[0]?.type === 'heading' ? keepAhead(nodes, 0) : 0;
    }
    case 'pricing_table':
      return Array.isArray(block.lines) && block.lines.length > 0 ? pricingTableKeep(block) : 0;
    default:
      return 0;
  }
}

/**
 * What a heading at the end of a block needs of the next block: its first piece (the gap between
 * blocks is the heading's block's own bottom margin, which react-pdf counts already).
 */
export function nextBlockStart(block: TBlock | undefined): number {
  if (!block) return 0;
  switch (block.type) {
    case 'rich_text': {
      const nodes = Array.isArray(block.content?.content) ? block.content.content : [];
      return keepAhead(nodes, 0);
    }
    case 'pricing_table':
      return blockKeep(block);
    case 'timeline':
      return 3 * BODY_LINE + 10;
    case 'signature':
      return 170;
    default:
      return 0;
  }
}
