import { describe, expect, it } from 'vitest';
import type { TDocument } from '../document/schema';
import { documentFileIds, documentVariables } from './context';

describe('documentVariables', () => {
  it('finds variables in paragraphs, headings, lists and tables, each once, in order', () => {
    const v = (name: string) => ({ type: 'variable', attrs: { name } });
    const doc = {
      version: 1,
      blocks: [
        {
          id: 'a',
          type: 'rich_text',
          content: {
            type: 'doc',
            content: [
              { type: 'heading', attrs: { level: 1 }, content: [v('proposal.title')] },
              { type: 'paragraph', content: [{ type: 'text', text: 'Dear ' }, v('client.name')] },
              {
                type: 'bulletList',
                content: [{ type: 'listItem', content: [{ type: 'paragraph', content: [v('client.company')] }] }],
              },
            ],
          },
        },
        { id: 'b', type: 'page_break' },
        {
          id: 'c',
          type: 'rich_text',
          content: {
            type: 'doc',
            content: [
              {
                type: 'table',
                content: [
                  {
                    type: 'tableRow',
                    content: [
                      {
                        type: 'tableCell',
                        content: [{ type: 'paragraph', content: [v('client.name'), v('sender.name')] }],
                      },
                    ],
                  },
                ],
              },
            ],
          },
        },
      ],
    } as unknown as TDocument;
    expect(documentVariables(doc)).toEqual(['proposal.title', 'client.name', 'client.company', 'sender.name']);
  });

  it('is empty for a document without text', () => {
    expect(documentVariables({ version: 1, blocks: [] })).toEqual([]);
  });
});

describe('documentFileIds', () => {
  it('lists the stored files images point at, once each, and nothing else', () => {
    const id = '3f0c8a5e-2b7d-4c1e-9a6f-0d4b8e2c7a91';
    const image = (src: string) => ({ type: 'image', attrs: { src, alt: 'x' } });
    const doc = {
      version: 1,
      blocks: [
        {
          id: 'a',
          type: 'rich_text',
          content: {
            type: 'doc',
            content: [image(`/api/files/${id}`), { type: 'paragraph' }, image(`/api/files/${id.toUpperCase()}`)],
          },
        },
      ],
    } as unknown as TDocument;
    expect(documentFileIds(doc)).toEqual([id]);
  });
});
