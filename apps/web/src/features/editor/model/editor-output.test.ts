import { ZDocument, type TDocument } from '@draftwell/shared/document';
import { STARTER_TEMPLATES } from '@draftwell/shared/templates/starter-templates';
import { Editor } from '@tiptap/core';
import { afterEach, describe, expect, it } from 'vitest';
import { documentToEditor, editorToDocument } from './convert';
import { createEditorExtensions } from './extensions';

const FILE = '/api/files/0b7e1c1e-3a52-4c4f-9d55-0a3b4c5d6e7f';
let editor: Editor | null = null;

function open(doc: TDocument): Editor {
  editor = new Editor({ extensions: createEditorExtensions(), content: documentToEditor(doc) });
  return editor;
}

function read(e: Editor, previous?: TDocument): TDocument {
  const doc = editorToDocument(e.getJSON(), previous);
  const parsed = ZDocument.safeParse(doc);
  if (!parsed.success) throw new Error(JSON.stringify(parsed.error.issues.slice(0, 3)));
  return doc;
}

afterEach(() => {
  editor?.destroy();
  editor = null;
});

const template = STARTER_TEMPLATES[0]!.document;

describe('a real TipTap editor', () => {
  it.each(STARTER_TEMPLATES.map((t) => [t.id, t.document] as const))(
    'loads and gives back %s unchanged',
    (_id, doc) => {
      expect(read(open(doc), doc)).toEqual(doc);
    },
  );

  it('writes only schema-valid JSON after marks, a link, a table, a variable and an image', () => {
    const e = open(template);
    e.chain().setTextSelection({ from: 2, to: 8 }).toggleBold().toggleItalic().toggleUnderline().toggleStrike().run();
    e.chain().setTextSelection({ from: 3, to: 6 }).toggleCode().run();
    e.chain().setTextSelection({ from: 2, to: 6 }).setLink({ href: 'https://example.com/a' }).run();
    e.chain().focus('end').insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run();
    e.chain().insertContent('Cell').goToNextCell().insertContent('Next').run();
    e.chain()
      .focus('end')
      .insertContent([
        {
          type: 'paragraph',
          content: [
            { type: 'text', text: 'Dear ' },
            { type: 'variable', attrs: { name: 'client.name' } },
          ],
        },
        { type: 'image', attrs: { src: FILE, alt: 'Team photo', width: 800, height: 600 } },
        {
          type: 'orderedList',
          content: [{ type: 'listItem', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'x' }] }] }],
        },
      ])
      .run();
    e.commands.setHardBreak();

    const doc = read(e, template);
    const json = JSON.stringify(doc);
    expect(json).toContain('"href":"https://example.com/a"');
    expect(json).toContain('"type":"tableHeader"');
    expect(json).toContain('"type":"variable","attrs":{"name":"client.name"}');
    expect(json).toContain(`"src":"${FILE}","alt":"Team photo","width":800,"height":600`);
    expect(json).toContain('"type":"code"');
    expect(json).toContain('"type":"hardBreak"');
    // Every original block keeps its id; the text typed after the last block is a new one.
    expect(doc.blocks.map((b) => b.id).slice(0, -1)).toEqual(template.blocks.map((b) => b.id));
    expect(doc.blocks.at(-1)?.type).toBe('rich_text');
  });

  it('reduces pasted HTML from a word processor to the allowed nodes', () => {
    const e = open({ version: 1, blocks: [] });
    e.commands.insertContent(
      `<h4 style="color:red">Deep heading</h4>
       <p class="MsoNormal" style="margin:0"><span style="font-family:Calibri"><b>Bold</b> and
       <a href="javascript:alert(1)" target="_self" class="x">bad link</a>,
       <a href="http://ok.example/" target="_top" rel="NoFollow" class="y" title="t">good link</a></span></p>
       <img src="https://tracker.example/pixel.png" alt="pixel">
       <img src="data:image/png;base64,AAAA">
       <pre><code>code block</code></pre><hr>
       <table style="width:100%"><tr><td style="text-align:right" width="80">1</td><td>2</td></tr></table>
       <ol start="3" type="a"><li><p>third</p></li></ol>
       <span data-variable="client.email">x</span><span data-variable="evil">y</span>
       <div data-block="pricing_table" data-json='{"id":"p","type":"pricing_table","lines":"nope"}'></div>`,
    );
    const doc = read(e);
    const json = JSON.stringify(doc);
    expect(json).not.toContain('javascript:');
    expect(json).not.toContain('tracker.example');
    expect(json).not.toContain('data:image');
    expect(json).not.toContain('pricing_table');
    expect(json).toContain(
      '"href":"http://ok.example/","target":"_blank","rel":"noopener noreferrer nofollow","title":"t"',
    );
    expect(json).toContain('"type":"orderedList","attrs":{"start":3,"type":"a"}');
    expect(json).toContain('"name":"client.email"');
    expect(json).not.toContain('evil');
  });

  it('gives a pasted copy of a structured block fresh ids, lines included', () => {
    const e = open(template);
    const pricing = template.blocks.find((b) => b.type === 'pricing_table')!;
    const html = e.getHTML();
    expect(html).toContain('data-block="pricing_table"');
    const copy = /<div data-block="pricing_table"[^>]*><\/div>/.exec(html)![0];
    e.chain().focus('end').insertContent(copy).run();
    const doc = read(e, template);
    const tables = doc.blocks.filter((b) => b.type === 'pricing_table');
    expect(tables).toHaveLength(2);
    expect(tables[0]).toEqual(pricing);
    expect(tables[1]!.id).not.toBe(pricing.id);
    expect(tables[1]!.lines.map((l) => l.description)).toEqual(pricing.lines.map((l) => l.description));
  });

  it('undoes and redoes an edit of a structured block made through a transaction', () => {
    const e = open(template);
    let pos = -1;
    e.state.doc.forEach((node, offset) => {
      if (node.type.name === 'signature') pos = offset;
    });
    const node = e.state.doc.nodeAt(pos)!;
    e.view.dispatch(
      e.state.tr.setNodeMarkup(pos, undefined, {
        ...node.attrs,
        data: { ...node.attrs.data, sender: { role: 'Owner' } },
      }),
    );
    const changed = read(e, template).blocks.find((b) => b.type === 'signature');
    expect(changed).toMatchObject({ sender: { role: 'Owner' } });
    e.commands.undo();
    expect(read(e, template)).toEqual(template);
    e.commands.redo();
    expect(read(e, template).blocks.find((b) => b.type === 'signature')).toMatchObject({ sender: { role: 'Owner' } });
  });
});
