import type { TBlock, TVariableName } from '@draftwell/shared/document';
import type { Editor, JSONContent } from '@tiptap/core';
import { closeHistory } from '@tiptap/pm/history';
import { NodeSelection, Selection } from '@tiptap/pm/state';
import { newPageBreak, newPricingTable, newSignature, newTimeline } from './blocks/new-block';
import { documentToEditor } from './model/convert';
import { isStructuredNodeName, NODE_OF_BLOCK, type TStructuredNodeName } from './model/extensions';
import { newId } from './model/ids';
import { withFreshIds } from './model/section-blocks';

export type TInsertableBlock = TStructuredNodeName;

function newBlock(name: TInsertableBlock, defaultTaxRate: number): Exclude<TBlock, { type: 'rich_text' }> {
  switch (name) {
    case 'pricingTable':
      return newPricingTable({ defaultTaxRate });
    case 'timeline':
      return newTimeline();
    case 'signature':
      return newSignature();
    case 'pageBreak':
      return newPageBreak();
  }
}

/**
 * Where a new top-level node goes: after the top-level node holding the cursor, or in place of it
 * when that node is an empty paragraph; after a selected block.
 */
function topLevelSlot(editor: Editor): { from: number; to: number } {
  const { state } = editor;
  const { $from } = state.selection;
  if ($from.depth === 0) {
    // A node selection of a top-level block, or a gap cursor between two.
    const at = state.selection instanceof NodeSelection ? state.selection.to : $from.pos;
    return { from: at, to: at };
  }
  const top = $from.node(1);
  const empty = top.type.name === 'paragraph' && top.content.size === 0;
  const from = empty ? $from.before(1) : $from.after(1);
  return { from, to: empty ? $from.after(1) : from };
}

/**
 * Structured blocks live at the top level only: a new one goes after the top-level node holding
 * the cursor, or in place of it when that node is an empty paragraph. The block ends up selected.
 */
export function insertStructuredBlock(editor: Editor, name: TInsertableBlock, defaultTaxRate: number): void {
  const block = newBlock(name, defaultTaxRate);
  const json: JSONContent =
    block.type === 'page_break'
      ? { type: NODE_OF_BLOCK.page_break, attrs: { id: block.id } }
      : { type: NODE_OF_BLOCK[block.type], attrs: { id: block.id, data: block } };
  const { state } = editor;
  const { from, to } = topLevelSlot(editor);
  const type = state.schema.nodes[name];
  if (!type) return;
  const node = type.create(json.attrs);
  // Its own undo step, even right after typing or another block action.
  const tr = closeHistory(state.tr.replaceWith(from, to, node));
  tr.setSelection(NodeSelection.create(tr.doc, from)).scrollIntoView();
  editor.view.dispatch(tr);
  editor.view.focus();
}

/**
 * The variable alone, the cursor right after it: what comes next may be punctuation, which must
 * sit against the value ("by Studio Lind."), so no space is added for the user.
 */
export function insertVariable(editor: Editor, name: TVariableName): void {
  editor.chain().focus().insertContent({ type: 'variable', attrs: { name } }).run();
}

export type TImageAttrs = { src: string; alt: string; width?: number | null; height?: number | null };

/** Puts an uploaded image at `pos` (where it was dropped or pasted) or at the cursor. */
export function insertImage(editor: Editor, attrs: TImageAttrs, pos?: number): void {
  const content = { type: 'image', attrs };
  const chain = editor.chain().focus();
  if (pos !== undefined && pos <= editor.state.doc.content.size) chain.insertContentAt(pos, content).run();
  else chain.insertContent(content).run();
}

/**
 * A saved section's blocks, as new blocks (fresh ids) where a structured block would go, in one
 * undo step. Rich text after them stays a block of its own rather than joining the section's
 * last. The cursor ends at the end of what was inserted.
 */
export function insertSectionBlocks(editor: Editor, blocks: readonly TBlock[]): void {
  const content = documentToEditor({ version: 1, blocks: withFreshIds(blocks) }).content ?? [];
  const { state } = editor;
  const nodes = content.map((json) => state.schema.nodeFromJSON(json));
  if (nodes.length === 0) return;
  const { from, to } = topLevelSlot(editor);
  const tr = closeHistory(state.tr.replaceWith(from, to, nodes));
  const end = from + nodes.reduce((size, node) => size + node.nodeSize, 0);
  const next = end < tr.doc.content.size ? tr.doc.nodeAt(end) : null;
  if (next && !isStructuredNodeName(next.type.name) && !next.attrs.blockId) {
    tr.setNodeMarkup(end, undefined, { ...next.attrs, blockId: newId() });
  }
  tr.setSelection(Selection.near(tr.doc.resolve(end), -1)).scrollIntoView();
  editor.view.dispatch(tr);
  editor.view.focus();
}
