import { ZDocument } from '@draftwell/shared/document';
import { Editor } from '@tiptap/core';
import { TextSelection } from '@tiptap/pm/state';
import { afterEach, describe, expect, it } from 'vitest';
import { insertStructuredBlock, insertVariable } from './editor-actions';
import { documentToEditor, editorToDocument } from './model/convert';
import { createEditorExtensions } from './model/extensions';

let editor: Editor | null = null;
afterEach(() => {
  editor?.destroy();
  editor = null;
});

function open(): Editor {
  editor = new Editor({ extensions: createEditorExtensions(), content: documentToEditor({ version: 1, blocks: [] }) });
  return editor;
}

const types = (e: Editor) => editorToDocument(e.getJSON()).blocks.map((b) => b.type);

describe('editor actions', () => {
  it('puts a block in place of an empty line, with the default tax rate on its first line', () => {
    const e = open();
    insertStructuredBlock(e, 'pricingTable', 1250);
    const doc = editorToDocument(e.getJSON());
    expect(ZDocument.safeParse(doc).success).toBe(true);
    expect(doc.blocks).toHaveLength(1);
    const table = doc.blocks[0];
    if (table?.type !== 'pricing_table') throw new Error('expected a pricing table');
    expect(table.lines[0]?.taxPercent).toBe(1250);
    expect(e.state.doc.firstChild?.type.name).toBe('pricingTable');
  });

  it('puts a block after the top-level node holding the cursor, even inside a list', () => {
    const e = open();
    e.commands.insertContent('<ul><li><p>one</p></li><li><p>two</p></li></ul><p>after</p>');
    let inList = -1;
    e.state.doc.descendants((node, pos) => {
      if (node.isText && node.text === 'one') inList = pos + 1;
    });
    e.view.dispatch(e.state.tr.setSelection(TextSelection.create(e.state.doc, inList)));
    insertStructuredBlock(e, 'timeline', 0);
    expect(e.state.doc.children.map((n) => n.type.name)).toEqual(['bulletList', 'timeline', 'paragraph']);
    expect(types(e)).toEqual(['rich_text', 'timeline', 'rich_text']);
  });

  it('inserts a variable with nothing after it, so punctuation typed next sits against it', () => {
    const e = open();
    e.commands.insertContent('by ');
    insertVariable(e, 'sender.company');
    e.commands.insertContent('.');
    const [block] = editorToDocument(e.getJSON()).blocks;
    if (block?.type !== 'rich_text') throw new Error('expected rich text');
    expect(block.content.content?.[0]).toEqual({
      type: 'paragraph',
      content: [
        { type: 'text', text: 'by ' },
        { type: 'variable', attrs: { name: 'sender.company' } },
        { type: 'text', text: '.' },
      ],
    });
  });

  it('makes each block insertion its own undo step, even right after typing', () => {
    const e = open();
    e.commands.insertContent('Hello ');
    insertVariable(e, 'client.name');
    insertStructuredBlock(e, 'signature', 0);
    expect(types(e)).toEqual(['rich_text', 'signature']);
    e.commands.undo();
    expect(types(e)).toEqual(['rich_text']);
    expect(JSON.stringify(editorToDocument(e.getJSON()))).toContain('"name":"client.name"');
  });
});
