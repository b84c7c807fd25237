import type { TBlock } from '@draftwell/shared/document';
import { formatList } from '@draftwell/shared/i18n/format';
import { cutText } from '@draftwell/shared/text';
import type { JSONContent } from '@tiptap/core';
import type { Node as PMNode } from '@tiptap/pm/model';
import type { Selection } from '@tiptap/pm/state';
import { appI18n } from '@/lib/app-language';
import { editorToDocument } from './convert';
import { isStructuredNodeName } from './extensions';
import { newId } from './ids';
import { sectionBounds, type TTopLevelKind } from './section-range';

/*
 * Saved sections in the editor: which blocks a selection saves, and blocks made ready to insert
 * into a document that may already hold the same ones (a section inserted twice).
 */

/**
 * The top-level nodes a selection touches, whole: a selection ending at the very start of a node
 * does not take that node. An empty selection takes the section around the cursor (its heading
 * and the text under it) or the block it sits on; null when there is nothing there to save.
 */
export function selectedTopLevelRange(doc: PMNode, selection: Selection): { start: number; end: number } | null {
  if (doc.childCount === 0) return null;
  const { $from, $to, empty } = selection;
  if (empty) {
    const kinds: TTopLevelKind[] = [];
    doc.forEach((node) =>
      kinds.push(isStructuredNodeName(node.type.name) ? 'block' : node.type.name === 'heading' ? 'heading' : 'text'),
    );
    const index = Math.min($from.index(0), doc.childCount - 1);
    if (kinds[index] === 'block') return { start: index, end: index + 1 };
    return sectionBounds(kinds, index);
  }
  const start = Math.min($from.index(0), doc.childCount - 1);
  // Between two top-level nodes, index() names the one after the position.
  let last = $to.depth === 0 ? $to.index(0) - 1 : $to.index(0);
  if ($to.depth > 0 && $to.pos === $to.start(1) && last > start) last -= 1;
  last = Math.min(last, doc.childCount - 1);
  if (last < start) return null;
  return { start, end: last + 1 };
}

/** The blocks a selection saves: whole nodes (see above) as a document's blocks, empty text dropped. */
export function blocksOfSelection(doc: PMNode, selection: Selection): TBlock[] {
  const range = selectedTopLevelRange(doc, selection);
  if (!range) return [];
  const nodes: JSONContent[] = [];
  for (let i = range.start; i < range.end; i += 1) nodes.push(doc.child(i).toJSON() as JSONContent);
  return editorToDocument({ type: 'doc', content: nodes }).blocks;
}

/**
 * The blocks with new ids throughout (blocks, pricing lines, milestones), so they can join a
 * document that holds them already: a document's block and line ids must be unique.
 */
export function withFreshIds(blocks: readonly TBlock[]): TBlock[] {
  return blocks.map((block): TBlock => {
    const id = newId();
    switch (block.type) {
      case 'pricing_table':
        return { ...block, id, lines: block.lines.map((line) => ({ ...line, id: newId() })) };
      case 'timeline':
        return { ...block, id, milestones: block.milestones.map((m) => ({ ...m, id: newId() })) };
      default:
        return { ...block, id };
    }
  });
}

/** "2 blocks: text and pricing table": what a save is about to keep, in words of the app's language. */
export function describeBlocks(blocks: readonly Pick<TBlock, 'type'>[]): string {
  const i18n = appI18n();
  const blockNames: Record<TBlock['type'], string> = {
    rich_text: i18n._('text'),
    pricing_table: i18n._('pricing table'),
    timeline: i18n._('timeline'),
    signature: i18n._('signatures'),
    page_break: i18n._('page break'),
  };
  const count = blocks.length;
  if (count === 0) return i18n._('{count, plural, one {# block} other {# blocks}}', { count });
  // English as it always read, without a comma before "and".
  const list = formatList(
    blocks.map((b) => blockNames[b.type]),
    i18n.locale === 'en' ? 'en-GB' : i18n.locale,
  );
  return i18n._('{count, plural, one {# block: {list}} other {# blocks: {list}}}', { count, list });
}

/** The first heading's text (or the first line's), to name a new section by. */
export function suggestedSectionName(blocks: readonly TBlock[], max: number): string {
  for (const block of blocks) {
    if (block.type !== 'rich_text') continue;
    for (const node of block.content.content) {
      if ((node.type !== 'heading' && node.type !== 'paragraph') || !node.content) continue;
      const text = node.content
        .map((inline) => (inline.type === 'text' ? inline.text : ''))
        .join('')
        .replace(/\s+/g, ' ')
        .trim();
      if (text !== '') return cutText(text, max).trimEnd();
    }
  }
  const titled = blocks.find((b) => b.type === 'pricing_table' && b.title);
  return titled?.type === 'pricing_table' ? cutText(titled.title.trim(), max) : '';
}
