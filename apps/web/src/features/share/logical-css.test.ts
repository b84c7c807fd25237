import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Right to left for real (issue 25, part 5): what the client reads mirrors in Arabic and Hebrew,
 * so its components use logical sides (`ms-`, `ps-`, `border-s`, `start-`, `text-start`), never
 * physical ones, which stay put when the page reads from the right. Centring (`left-1/2` with its
 * translate) is the same both ways.
 */
const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const FOLDERS = ['features/share', 'components/signature', 'components/document-view'];
const PHYSICAL =
  /(?<![\w-])(?:[a-z]+:)*(?:border-[lr](?:-[\w()/-]+)?|[mp][lr]-[\w.[\]-]+|text-(?:left|right)|(?:left|right)-(?!1\/2)[\w.[\]/-]+|rounded-[lr](?:-[\w]+)?)(?![\w-])/g;

function sources(folder: string): string[] {
  return readdirSync(path.join(src, folder), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.tsx') && !f.endsWith('.test.tsx'))
    .map((f) => path.join(folder, f));
}

describe('the client’s page mirrors in right-to-left languages', () => {
  it('uses logical sides, not left and right, in its class names', () => {
    const found: string[] = [];
    for (const file of FOLDERS.flatMap(sources)) {
      // Comments first: an apostrophe in one ("page's") would pair with a quote of the code.
      const code = readFileSync(path.join(src, file), 'utf8')
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/^\s*\/\/.*$/gm, '');
      for (const literal of code.matchAll(/(['"`])(?:(?!\1)[^\\]|\\.)*\1/g)) {
        for (const match of literal[0].matchAll(PHYSICAL)) found.push(`${file}: ${match[0]}`);
      }
    }
    expect(found).toEqual([]);
  });

  it('would find a physical side', () => {
    const classes = 'flex border-l-4 pl-3 ml-auto text-right left-5 rounded-r-md hover:mr-2 left-1/2 ps-3 ms-auto';
    expect(classes.match(PHYSICAL)).toEqual([
      'border-l-4',
      'pl-3',
      'ml-auto',
      'text-right',
      'left-5',
      'rounded-r-md',
      'hover:mr-2',
    ]);
  });
});
