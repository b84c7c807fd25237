import type { TDocument } from '@draftwell/shared/document';

/**
 * The sample proposal the API and browser tests send: "Dear {{client.name}}" and `intro`, then a
 * fees table with a website build at `price` and an optional SEO audit. Plain data, shared by
 * both suites (the API tests include this file).
 */
export function sellingDocument({ intro = '', price = 150_000 }: { intro?: string; price?: number } = {}): TDocument {
  return {
    version: 1,
    blocks: [
      {
        id: 'intro',
        type: 'rich_text',
        content: {
          type: 'doc',
          content: [
            {
              type: 'paragraph',
              content: [
                { type: 'text', text: 'Dear ' },
                { type: 'variable', attrs: { name: 'client.name' } },
                ...(intro ? [{ type: 'text' as const, text: intro }] : []),
              ],
            },
          ],
        },
      },
      {
        id: 'fees',
        type: 'pricing_table',
        title: 'Fees',
        kind: 'lines',
        lines: [
          {
            id: 'build',
            description: 'Website build',
            quantity: 1000,
            unit: '',
            unitPrice: price,
            discountPercent: 0,
            taxPercent: 0,
            billing: 'one_off',
            optional: false,
            selected: true,
          },
          {
            id: 'seo',
            description: 'SEO audit',
            quantity: 1000,
            unit: '',
            unitPrice: 40_000,
            discountPercent: 0,
            taxPercent: 0,
            billing: 'one_off',
            optional: true,
            selected: false,
          },
        ],
      },
    ],
  };
}
