import { ZDocument, type TBlock, type TDocument } from '@draftwell/shared/document';
import { STARTER_SECTIONS } from '@draftwell/shared/templates/starter-sections';
import { Editor } from '@tiptap/core';
import { AllSelection, NodeSelection, TextSelection } from '@tiptap/pm/state';
import { afterEach, describe, expect, it } from 'vitest';
import { insertSectionBlocks } from '../editor-actions';
import { documentToEditor, editorToDocument } from './convert';
import { createEditorExtensions } from './extensions';
import { blocksOfSelection, describeBlocks, suggestedSectionName, withFreshIds } from './section-blocks';

let editor: Editor | null = null;
afterEach(() => {
  editor?.destroy();
  editor = null;
});

const text = (value: string) => ({ type: 'text' as const, text: value });
const rich = (id: string, ...content: Extract<TBlock, { type: 'rich_text' }>['content']['content']): TBlock => ({
  id,
  type: 'rich_text',
  content: { type: 'doc', content },
});
const para = (value: string) => ({ type: 'paragraph' as const, content: [text(value)] });
const heading = (value: string) => ({ type: 'heading' as const, attrs: { level: 2 as const }, content: [text(value)] });

const TABLE: TBlock = {
  id: 'fees',
  type: 'pricing_table',
  title: 'Fees',
  kind: 'lines',
  lines: [
    {
      id: 'line-1',
      description: 'Design',
      quantity: 1000,
      unit: 'day',
      unitPrice: 100_00,
      discountPercent: 0,
      taxPercent: 0,
      billing: 'one_off',
      optional: false,
      selected: true,
    },
  ],
};

/** Intro, About (heading, paragraph with a variable), a pricing table, Terms. */
const DOC: TDocument = {
  version: 1,
  blocks: [
    rich('intro', para('Hello')),
    rich('about', heading('About us'), {
      type: 'paragraph',
      content: [text('We work for '), { type: 'variable', attrs: { name: 'client.company' } }],
    }),
    TABLE,
    rich('terms', heading('Terms'), para('Pay in 14 days.')),
  ],
};

function open(doc: TDocument = DOC): Editor {
  editor = new Editor({ extensions: createEditorExtensions(), content: documentToEditor(doc) });
  return editor;
}

/** The position just inside the text node holding `needle`, plus `offset`. */
function posOf(e: Editor, needle: string, offset = 0): number {
  let found = -1;
  e.state.doc.descendants((node, pos) => {
    if (found < 0 && node.isText && node.text?.includes(needle)) found = pos + node.text.indexOf(needle) + offset;
  });
  if (found < 0) throw new Error(`no ${needle}`);
  return found;
}

const select = (e: Editor, from: number, to = from) =>
  e.view.dispatch(e.state.tr.setSelection(TextSelection.create(e.state.doc, from, to)));

describe('blocks of a selection', () => {
  it('takes every top-level node the selection touches, whole, with its variables', () => {
    const e = open();
    select(e, posOf(e, 'work for', 3), posOf(e, 'Terms', 2));
    const blocks = blocksOfSelection(e.state.doc, e.state.selection);
    expect(blocks.map((b) => b.type)).toEqual(['rich_text', 'pricing_table', 'rich_text']);
    expect(blocks[0]).toMatchObject({
      content: {
        content: [
          {
            type: 'paragraph',
            content: [text('We work for '), { type: 'variable', attrs: { name: 'client.company' } }],
          },
        ],
      },
    });
    expect(blocks[1]).toEqual(TABLE);
    expect(blocks[2]).toMatchObject({ content: { content: [heading('Terms')] } });
    expect(ZDocument.safeParse({ version: 1, blocks }).success).toBe(true);
  });

  it('leaves out the node a selection ends at the very start of', () => {
    const e = open();
    const startOfTerms = posOf(e, 'Terms');
    select(e, posOf(e, 'About'), startOfTerms);
    expect(blocksOfSelection(e.state.doc, e.state.selection).map((b) => b.type)).toEqual([
      'rich_text',
      'pricing_table',
    ]);
  });

  it('takes a selected block, everything, or (with no selection) the section around the cursor', () => {
    const e = open();
    let tablePos = -1;
    e.state.doc.forEach((node, offset) => {
      if (node.type.name === 'pricingTable') tablePos = offset;
    });
    e.view.dispatch(e.state.tr.setSelection(NodeSelection.create(e.state.doc, tablePos)));
    expect(blocksOfSelection(e.state.doc, e.state.selection)).toEqual([TABLE]);

    e.view.dispatch(e.state.tr.setSelection(new AllSelection(e.state.doc)));
    expect(blocksOfSelection(e.state.doc, e.state.selection)).toEqual(DOC.blocks);

    select(e, posOf(e, 'Pay', 2));
    const around = blocksOfSelection(e.state.doc, e.state.selection);
    expect(around).toEqual([rich('terms', heading('Terms'), para('Pay in 14 days.'))]);
  });
});

describe('inserting a section', () => {
  it('gives the blocks, lines and milestones new ids, keeping everything else', () => {
    const process = STARTER_SECTIONS.find((s) => s.key === 'process')!.content.blocks;
    const fresh = withFreshIds([...process, TABLE]);
    const ids = (blocks: TBlock[]) =>
      blocks.flatMap((b) => [
        b.id,
        ...(b.type === 'pricing_table' ? b.lines.map((l) => l.id) : []),
        ...(b.type === 'timeline' ? b.milestones.map((m) => m.id) : []),
      ]);
    expect(new Set([...ids(fresh), ...ids([...process, TABLE])]).size).toBe(ids(fresh).length * 2);
    const strip = (blocks: TBlock[]) =>
      JSON.parse(JSON.stringify(blocks).replace(/"id":"[^"]*"/g, '"id":""')) as unknown;
    expect(strip(fresh)).toEqual(strip([...process, TABLE]));
  });

  it('puts the section after the node holding the cursor, twice over, and the document stays valid', () => {
    const e = open();
    const section = [rich('s', heading('Case study'), para('It worked.')), TABLE];
    select(e, posOf(e, 'Hello', 2));
    insertSectionBlocks(e, section);
    insertSectionBlocks(e, section);
    const doc = editorToDocument(e.getJSON(), DOC);
    const parsed = ZDocument.safeParse(doc);
    expect(parsed.error?.issues).toBeUndefined();
    expect(doc.blocks.map((b) => (b.type === 'rich_text' ? b.content.content[0]?.type : b.type))).toEqual([
      'paragraph',
      'heading',
      'pricing_table',
      'heading',
      'pricing_table',
      'heading',
      'pricing_table',
      'heading',
    ]);
    // The text that followed the cursor's paragraph is still its own block, with its id.
    expect(doc.blocks.at(-1)).toMatchObject({ id: 'terms' });
    expect(doc.blocks.find((b) => b.id === 'about')).toBeDefined();
    // One undo takes the last insertion back.
    e.commands.undo();
    expect(editorToDocument(e.getJSON(), DOC).blocks).toHaveLength(6);
  });

  it('replaces the empty line it was asked from, and the text after it stays apart', () => {
    const e = open({ version: 1, blocks: [rich('a', para('Before'), { type: 'paragraph' }, para('After'))] });
    select(e, posOf(e, 'Before') + 'Before'.length + 2);
    expect(e.state.selection.$from.parent.content.size).toBe(0);
    insertSectionBlocks(e, [rich('s', para('Inserted'))]);
    const doc = editorToDocument(e.getJSON());
    expect(doc.blocks.map((b) => (b.type === 'rich_text' ? b.content.content.map((n) => n.type) : b.type))).toEqual([
      ['paragraph'],
      ['paragraph'],
      ['paragraph'],
    ]);
    expect(JSON.stringify(doc.blocks[1])).toContain('Inserted');
    expect(JSON.stringify(doc.blocks[2])).toContain('After');
  });
});

describe('words about a save', () => {
  it('describes the blocks and suggests a name from the first heading or line', () => {
    expect(describeBlocks([{ type: 'rich_text' }])).toBe('1 block: text');
    expect(describeBlocks([{ type: 'rich_text' }, { type: 'pricing_table' }, { type: 'timeline' }])).toBe(
      '3 blocks: text, pricing table and timeline',
    );
    expect(suggestedSectionName(DOC.blocks.slice(1), 120)).toBe('About us');
    expect(suggestedSectionName([TABLE], 120)).toBe('Fees');
    expect(suggestedSectionName([rich('x', para('x'.repeat(200)))], 120)).toHaveLength(120);
  });
});
