import {
  isVariableName,
  type TBlock,
  type TDocument,
  type TInlineNode,
  type TListItemNode,
  type TMark,
  type TRichTextNode,
  type TTableCellNode,
  type TTableRowNode,
} from '@draftwell/shared/document';
import type { JSONContent } from '@tiptap/core';
import { isStructuredNodeName, NODE_OF_BLOCK, STRUCTURED_NODES, type TStructuredBlockType } from './extensions';
import { newId } from './ids';
import { IMAGE_SRC_PATTERN, isAllowedHref } from './links';
import { cutText } from '@draftwell/shared/text';

/*
 * The editor holds the whole document as one ProseMirror doc: rich-text nodes at the top level,
 * and each structured block as one atom node. The first node of every rich_text block carries the
 * block's id in `blockId`, so adjacent rich_text blocks keep their boundaries and ids.
 *
 * Back to a document, rules that keep the round trip stable:
 * - a run of top-level rich-text nodes is one rich_text block; a node with a `blockId` not yet
 *   used starts a new one;
 * - a run made only of empty paragraphs is dropped (the editor adds one after a trailing block),
 *   and so are empty paragraphs at the very end of the document;
 * - a rich_text block without an id of its own takes the previous document's unused rich_text
 *   ids in order, then a fresh one;
 * - every node and mark is rebuilt from the schema's allowlist, so an attribute TipTap or a paste
 *   adds (a cell's `align`, a link's `class`) never reaches the server.
 */

const ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
const isId = (value: unknown): value is string =>
  typeof value === 'string' && ID_PATTERN.test(value) && value !== '__proto__';

export function documentToEditor(doc: TDocument): JSONContent {
  const content: JSONContent[] = [];
  for (const block of doc.blocks) {
    if (block.type === 'rich_text') {
      block.content.content.forEach((node, i) => {
        content.push(
          i === 0 ? { ...node, attrs: { ...('attrs' in node ? node.attrs : {}), blockId: block.id } } : node,
        );
      });
    } else if (block.type === 'page_break') {
      content.push({ type: NODE_OF_BLOCK.page_break, attrs: { id: block.id } });
    } else {
      content.push({ type: NODE_OF_BLOCK[block.type], attrs: { id: block.id, data: block } });
    }
  }
  if (content.length === 0) content.push({ type: 'paragraph' });
  return { type: 'doc', content };
}

type TSegment = { kind: 'rich'; id: string | null; nodes: TRichTextNode[] } | { kind: 'block'; block: TBlock };

export function editorToDocument(json: JSONContent, previous?: TDocument): TDocument {
  const top = json.content ?? [];
  const claimed = new Set<string>();
  // Structured blocks first, so a rich_text block never takes one of their ids.
  const structured: (TBlock | null)[] = [];
  for (const node of top) {
    if (!isStructuredNodeName(node.type)) continue;
    const block = structuredBlock(STRUCTURED_NODES[node.type], node.attrs);
    if (block && claimed.has(block.id)) block.id = freshId(claimed);
    if (block) claimed.add(block.id);
    structured.push(block);
  }

  const items: TSegment[] = [];
  let current: Extract<TSegment, { kind: 'rich' }> = { kind: 'rich', id: null, nodes: [] };
  const flush = () => {
    if (current.nodes.some((node) => !isEmptyParagraph(node))) items.push(current);
    current = { kind: 'rich', id: null, nodes: [] };
  };
  for (const node of top) {
    if (isStructuredNodeName(node.type)) {
      flush();
      const block = structured.shift();
      if (block) items.push({ kind: 'block', block });
      continue;
    }
    const blockId: unknown = node.attrs?.blockId;
    if (isId(blockId) && !claimed.has(blockId)) {
      flush();
      current.id = blockId;
      claimed.add(blockId);
    }
    const converted = richNode(node);
    if (converted) current.nodes.push(converted);
  }
  flush();

  const last = items.at(-1);
  if (last?.kind === 'rich') {
    while (last.nodes.length > 1 && isEmptyParagraph(last.nodes.at(-1))) last.nodes.pop();
  }

  const reusable = (previous?.blocks ?? [])
    .filter((block) => block.type === 'rich_text' && !claimed.has(block.id))
    .map((block) => block.id);
  return {
    version: 1,
    blocks: items.map((item): TBlock => {
      if (item.kind === 'block') return item.block;
      const id = item.id ?? reusable.shift() ?? freshId(claimed);
      claimed.add(id);
      return { id, type: 'rich_text', content: { type: 'doc', content: item.nodes } };
    }),
  };
}

function freshId(taken: Set<string>): string {
  let id = newId();
  while (taken.has(id)) id = newId();
  return id;
}

function isEmptyParagraph(node: TRichTextNode | undefined): boolean {
  return node?.type === 'paragraph' && (node.content ?? []).length === 0;
}

function structuredBlock(type: TStructuredBlockType, attrs: Record<string, unknown> | undefined): TBlock | null {
  const id = isId(attrs?.id) ? attrs.id : newId();
  if (type === 'page_break') return { id, type };
  const data = attrs?.data as TBlock | null | undefined;
  if (!data || typeof data !== 'object' || data.type !== type) return null;
  return { ...data, id } as TBlock;
}

// ---------------------------------------------------------------- rich text, rebuilt from the allowlist

const clip = (value: unknown, max: number): string | null =>
  typeof value === 'string' && value !== '' ? cutText(value, max) : null;
const intIn = (value: unknown, min: number, max: number): number | null =>
  typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max ? value : null;

function richNodes(nodes: JSONContent[] | undefined): TRichTextNode[] {
  const out: TRichTextNode[] = [];
  for (const node of nodes ?? []) {
    const converted = richNode(node);
    if (converted) out.push(converted);
  }
  return out;
}

/** Children of a list item, quote or cell: at least one node, as the schema wants. */
function nonEmpty(nodes: TRichTextNode[]): TRichTextNode[] {
  return nodes.length > 0 ? nodes : [{ type: 'paragraph' }];
}

function richNode(node: JSONContent): TRichTextNode | null {
  switch (node.type) {
    case 'paragraph':
      return node.content ? { type: 'paragraph', content: inlineNodes(node.content) } : { type: 'paragraph' };
    case 'heading': {
      const level = intIn(node.attrs?.level, 1, 3) ?? 3;
      const heading = { type: 'heading' as const, attrs: { level: level as 1 | 2 | 3 } };
      return node.content ? { ...heading, content: inlineNodes(node.content) } : heading;
    }
    case 'bulletList': {
      const items = listItems(node.content);
      return items.length > 0 ? { type: 'bulletList', content: items } : null;
    }
    case 'orderedList': {
      const items = listItems(node.content);
      if (items.length === 0) return null;
      const attrs: { start?: number; type?: '1' | 'a' | 'A' | 'i' | 'I' } = {};
      const start = intIn(node.attrs?.start, 0, 1_000_000);
      if (start !== null && start !== 1) attrs.start = start;
      const listType: unknown = node.attrs?.type;
      if (listType === '1' || listType === 'a' || listType === 'A' || listType === 'i' || listType === 'I') {
        attrs.type = listType;
      }
      return Object.keys(attrs).length > 0
        ? { type: 'orderedList', attrs, content: items }
        : { type: 'orderedList', content: items };
    }
    case 'blockquote':
      return { type: 'blockquote', content: nonEmpty(richNodes(node.content)) };
    case 'image': {
      const src: unknown = node.attrs?.src;
      if (typeof src !== 'string' || !IMAGE_SRC_PATTERN.test(src)) return null;
      const alt: unknown = node.attrs?.alt;
      const attrs: Extract<TRichTextNode, { type: 'image' }>['attrs'] = {
        src,
        alt: typeof alt === 'string' ? cutText(alt, 500) : '',
      };
      const title = clip(node.attrs?.title, 200);
      if (title !== null) attrs.title = title;
      const width = intIn(node.attrs?.width, 1, 10_000);
      if (width !== null) attrs.width = width;
      const height = intIn(node.attrs?.height, 1, 10_000);
      if (height !== null) attrs.height = height;
      return { type: 'image', attrs };
    }
    case 'table': {
      const rows: TTableRowNode[] = [];
      for (const row of node.content ?? []) {
        if (row.type !== 'tableRow') continue;
        const cells = (row.content ?? []).map(tableCell).filter((cell) => cell !== null);
        if (cells.length > 0) rows.push({ type: 'tableRow', content: cells });
      }
      return rows.length > 0 ? { type: 'table', content: rows } : null;
    }
    default:
      return null;
  }
}

function listItems(nodes: JSONContent[] | undefined): TListItemNode[] {
  const items: TListItemNode[] = [];
  for (const item of nodes ?? []) {
    if (item.type !== 'listItem') continue;
    const content = richNodes(item.content);
    if (content[0]?.type !== 'paragraph') content.unshift({ type: 'paragraph' });
    items.push({ type: 'listItem', content });
  }
  return items;
}

function tableCell(cell: JSONContent): TTableCellNode | null {
  if (cell.type !== 'tableCell' && cell.type !== 'tableHeader') return null;
  const attrs: NonNullable<TTableCellNode['attrs']> = {};
  const colspan = intIn(cell.attrs?.colspan, 1, 100);
  if (colspan !== null && colspan !== 1) attrs.colspan = colspan;
  const rowspan = intIn(cell.attrs?.rowspan, 1, 100);
  if (rowspan !== null && rowspan !== 1) attrs.rowspan = rowspan;
  const colwidth: unknown = cell.attrs?.colwidth;
  if (
    Array.isArray(colwidth) &&
    colwidth.length > 0 &&
    colwidth.length <= 100 &&
    colwidth.every((w) => intIn(w, 1, 10_000) !== null)
  ) {
    attrs.colwidth = colwidth as number[];
  }
  const content = nonEmpty(richNodes(cell.content));
  return Object.keys(attrs).length > 0 ? { type: cell.type, attrs, content } : { type: cell.type, content };
}

function inlineNodes(nodes: JSONContent[]): TInlineNode[] {
  const out: TInlineNode[] = [];
  for (const node of nodes) {
    const marks = markList(node.marks);
    const withMarks = <T extends TInlineNode>(inline: T): T => (marks.length > 0 ? { ...inline, marks } : inline);
    if (node.type === 'text' && typeof node.text === 'string' && node.text !== '') {
      out.push(withMarks({ type: 'text', text: node.text }));
    } else if (node.type === 'hardBreak') {
      out.push(withMarks({ type: 'hardBreak' }));
    } else if (node.type === 'variable') {
      const name: unknown = node.attrs?.name;
      if (typeof name === 'string' && isVariableName(name)) out.push(withMarks({ type: 'variable', attrs: { name } }));
    }
  }
  return out;
}

function markList(marks: JSONContent['marks']): TMark[] {
  const out: TMark[] = [];
  const seen = new Set<string>();
  for (const mark of marks ?? []) {
    if (seen.has(mark.type)) continue;
    let converted: TMark | null = null;
    switch (mark.type) {
      case 'bold':
      case 'italic':
      case 'underline':
      case 'strike':
      case 'code':
        converted = { type: mark.type };
        break;
      case 'link': {
        const href: unknown = mark.attrs?.href;
        if (typeof href !== 'string' || !isAllowedHref(href)) break;
        const title = clip(mark.attrs?.title, 200);
        converted = {
          type: 'link',
          attrs: { href, target: '_blank', rel: 'noopener noreferrer nofollow', ...(title ? { title } : {}) },
        };
        break;
      }
    }
    if (converted) {
      seen.add(mark.type);
      out.push(converted);
    }
  }
  return out;
}
