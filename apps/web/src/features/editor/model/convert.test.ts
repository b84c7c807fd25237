import { ZDocument, type TDocument } from '@draftwell/shared/document';
import { STARTER_TEMPLATES } from '@draftwell/shared/templates/starter-templates';
import type { JSONContent } from '@tiptap/core';
import { describe, expect, it } from 'vitest';
import { documentToEditor, editorToDocument } from './convert';

const FILE = '/api/files/0b7e1c1e-3a52-4c4f-9d55-0a3b4c5d6e7f';

describe('documentToEditor / editorToDocument', () => {
  it.each(STARTER_TEMPLATES.map((t) => [t.id, t.document] as const))('round-trips %s exactly', (_id, doc) => {
    const back = editorToDocument(documentToEditor(doc), doc);
    expect(back).toEqual(doc);
    // Without the previous document the ids still come back: they travel inside the editor JSON.
    expect(editorToDocument(documentToEditor(doc))).toEqual(doc);
  });

  it('cuts a long image description or title between characters, never inside an emoji', () => {
    const alt = `${'a'.repeat(499)}\u{1F600} and more`;
    const title = `${'t'.repeat(199)}\u{1F1EB}\u{1F1F7}`;
    const doc = editorToDocument({
      type: 'doc',
      content: [{ type: 'image', attrs: { src: FILE, alt, title, width: null, height: null } }],
    });
    expect(doc.blocks[0]).toMatchObject({
      type: 'rich_text',
      content: { content: [{ type: 'image', attrs: { alt: 'a'.repeat(499), title: 't'.repeat(199) } }] },
    });
    expect(ZDocument.safeParse(doc).success).toBe(true);
  });

  it('gives an empty document one empty paragraph and reads it back as no blocks', () => {
    const json = documentToEditor({ version: 1, blocks: [] });
    expect(json).toEqual({ type: 'doc', content: [{ type: 'paragraph' }] });
    expect(editorToDocument(json)).toEqual({ version: 1, blocks: [] });
  });

  it('keeps structured blocks at the top level with their data', () => {
    const doc: TDocument = {
      version: 1,
      blocks: [
        { id: 'sig', type: 'signature', sender: { role: 'Lead' } },
        { id: 'pb', type: 'page_break' },
        { id: 'tl', type: 'timeline', milestones: [] },
      ],
    };
    const json = documentToEditor(doc);
    expect(json.content?.map((n) => n.type)).toEqual(['signature', 'pageBreak', 'timeline']);
    expect(editorToDocument(json, doc)).toEqual(doc);
  });

  it('strips attributes the schema does not list and drops what it refuses', () => {
    const json: JSONContent = {
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          attrs: { blockId: null, textAlign: 'left' },
          content: [
            {
              type: 'text',
              text: 'site',
              marks: [
                {
                  type: 'link',
                  attrs: { href: 'https://example.com', target: '_self', rel: 'NoOpener', class: 'x', title: null },
                },
                { type: 'bold' },
                { type: 'bold' },
                { type: 'highlight' },
              ],
            },
            { type: 'text', text: 'bad', marks: [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }] },
            { type: 'variable', attrs: { name: 'client.name' } },
            { type: 'variable', attrs: { name: 'constructor' } },
          ],
        },
        {
          type: 'orderedList',
          attrs: { start: 1, type: null },
          content: [{ type: 'listItem', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'one' }] }] }],
        },
        { type: 'image', attrs: { src: FILE, alt: null, title: null, width: 640, height: null } },
        { type: 'image', attrs: { src: 'https://evil.example/x.png', alt: 'x' } },
        {
          type: 'table',
          attrs: { style: 'width: 10px' },
          content: [
            {
              type: 'tableRow',
              content: [
                {
                  type: 'tableHeader',
                  attrs: { colspan: 1, rowspan: 1, colwidth: null, align: 'left' },
                  content: [{ type: 'paragraph' }],
                },
                { type: 'tableCell', attrs: { colspan: 2, rowspan: 1, colwidth: [100, 120] }, content: [] },
              ],
            },
          ],
        },
        { type: 'codeBlock', content: [{ type: 'text', text: 'x' }] },
      ],
    };
    const doc = editorToDocument(json);
    expect(ZDocument.safeParse(doc).success).toBe(true);
    expect(doc.blocks).toHaveLength(1);
    const block = doc.blocks[0];
    if (block?.type !== 'rich_text') throw new Error('expected rich text');
    expect(block.content.content).toEqual([
      {
        type: 'paragraph',
        content: [
          {
            type: 'text',
            text: 'site',
            marks: [
              {
                type: 'link',
                attrs: { href: 'https://example.com', target: '_blank', rel: 'noopener noreferrer nofollow' },
              },
              { type: 'bold' },
            ],
          },
          { type: 'text', text: 'bad' },
          { type: 'variable', attrs: { name: 'client.name' } },
        ],
      },
      {
        type: 'orderedList',
        content: [{ type: 'listItem', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'one' }] }] }],
      },
      { type: 'image', attrs: { src: FILE, alt: '', width: 640 } },
      {
        type: 'table',
        content: [
          {
            type: 'tableRow',
            content: [
              { type: 'tableHeader', content: [{ type: 'paragraph' }] },
              { type: 'tableCell', attrs: { colspan: 2, colwidth: [100, 120] }, content: [{ type: 'paragraph' }] },
            ],
          },
        ],
      },
    ]);
  });

  it('reuses the previous rich_text ids in order, then makes fresh ones, never a structured id', () => {
    const previous: TDocument = {
      version: 1,
      blocks: [
        { id: 'intro', type: 'rich_text', content: { type: 'doc', content: [{ type: 'paragraph' }] } },
        { id: 'pb', type: 'page_break' },
      ],
    };
    const text = (t: string): JSONContent => ({ type: 'paragraph', content: [{ type: 'text', text: t }] });
    const json: JSONContent = {
      type: 'doc',
      content: [
        text('a'),
        { type: 'pageBreak', attrs: { id: 'pb' } },
        text('b'),
        { type: 'pageBreak', attrs: { id: 'pb' } },
        text('c'),
      ],
    };
    const doc = editorToDocument(json, previous);
    const ids = doc.blocks.map((b) => b.id);
    expect(ids[0]).toBe('intro');
    expect(ids[1]).toBe('pb');
    expect(new Set(ids).size).toBe(5);
    expect(ZDocument.safeParse(doc).success).toBe(true);
  });

  it('drops runs made only of empty paragraphs and empty paragraphs at the end, keeps them inside text', () => {
    const json: JSONContent = {
      type: 'doc',
      content: [
        { type: 'paragraph', attrs: { blockId: 'a' }, content: [{ type: 'text', text: 'Hello' }] },
        { type: 'paragraph' },
        { type: 'paragraph' },
        { type: 'pageBreak', attrs: { id: 'pb' } },
        { type: 'paragraph' },
        { type: 'pageBreak', attrs: { id: 'pb2' } },
        { type: 'paragraph' },
      ],
    };
    expect(editorToDocument(json)).toEqual({
      version: 1,
      blocks: [
        {
          id: 'a',
          type: 'rich_text',
          content: {
            type: 'doc',
            content: [
              { type: 'paragraph', content: [{ type: 'text', text: 'Hello' }] },
              { type: 'paragraph' },
              { type: 'paragraph' },
            ],
          },
        },
        { id: 'pb', type: 'page_break' },
        { id: 'pb2', type: 'page_break' },
      ],
    });
  });

  it('starts a new rich_text block at each block id, once per id', () => {
    const para = (t: string, blockId?: string): JSONContent => ({
      type: 'paragraph',
      ...(blockId ? { attrs: { blockId } } : {}),
      content: [{ type: 'text', text: t }],
    });
    const doc = editorToDocument({ type: 'doc', content: [para('1', 'x'), para('2'), para('3', 'y'), para('4', 'x')] });
    expect(doc.blocks.map((b) => b.id)).toEqual(['x', 'y']);
    expect(doc.blocks.map((b) => (b.type === 'rich_text' ? b.content.content.length : 0))).toEqual([2, 2]);
  });
});
