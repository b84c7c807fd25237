import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { repoRoot } from './lib/proc';
import { kb, verdict, type TRow } from './lib/report';

export const P8_APP_SHELL_TARGET_BYTES = 300_000;
const LARGEST = 8;

export const webDist = path.join(repoRoot, 'apps/web/dist');

type TChunk = { file: string; bytes: number; gzipBytes: number; initial: boolean };
export type TP8Result =
  | { skipped: string }
  | { initialFiles: string[]; appShellGzipBytes: number; targetBytes: number; pass: boolean; largest: TChunk[] };

const gzipSize = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;

function* jsFiles(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) yield* jsFiles(p);
    else if (/\.m?js$/.test(name)) yield p;
  }
}

/** `<script type="module" src>` and `<link rel="modulepreload" href>` of index.html: what every first visit loads. */
export function initialScripts(html: string): string[] {
  const found: string[] = [];
  for (const tag of html.matchAll(/<(script|link)\b([^>]*)>/gi)) {
    const attrs = new Map<string, string>();
    for (const a of tag[2]!.matchAll(/([\w:-]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g)) {
      attrs.set(a[1]!.toLowerCase(), a[2] ?? a[3] ?? a[4] ?? '');
    }
    const kind = tag[1]!.toLowerCase();
    const url =
      kind === 'script' && attrs.get('type') === 'module'
        ? attrs.get('src')
        : kind === 'link' && attrs.get('rel')?.split(/\s+/).includes('modulepreload')
          ? attrs.get('href')
          : undefined;
    if (url && !/^[a-z]+:|^\/\//i.test(url) && !found.includes(url)) found.push(url);
  }
  return found;
}

/** P8 (app shell part): gzip level 9 of the JS the first page load fetches, and the biggest chunks. */
export async function benchP8(): Promise<{ rows: TRow[]; result: TP8Result; notes: string[] }> {
  const index = path.join(webDist, 'index.html');
  if (!existsSync(index)) {
    const skipped = 'the web build is missing (apps/web/dist): run `npm run build` first';
    return {
      result: { skipped },
      notes: [],
      rows: [
        {
          id: 'P8',
          figure: 'app shell initial JS (gzip)',
          value: `skipped: ${skipped}`,
          target: `≤ ${kb(P8_APP_SHELL_TARGET_BYTES)}`,
          verdict: 'n/a',
        },
      ],
    };
  }
  const initial = initialScripts(readFileSync(index, 'utf8')).map((u) =>
    path.join(webDist, u.split(/[?#]/)[0]!.replace(/^\//, '')),
  );
  const missing = initial.filter((f) => !existsSync(f));
  if (missing.length)
    throw new Error(
      `index.html names scripts that are not in dist: ${missing.map((f) => path.relative(webDist, f)).join(', ')}`,
    );

  const chunks: TChunk[] = [...jsFiles(webDist)].map((f) => ({
    file: path.relative(webDist, f),
    bytes: statSync(f).size,
    gzipBytes: gzipSize(f),
    initial: initial.includes(f),
  }));
  chunks.sort((a, b) => b.gzipBytes - a.gzipBytes);
  const shell = chunks.filter((c) => c.initial).reduce((s, c) => s + c.gzipBytes, 0);
  const pass = shell <= P8_APP_SHELL_TARGET_BYTES;
  const largest = chunks.slice(0, LARGEST);
  return {
    result: {
      initialFiles: initial.map((f) => path.relative(webDist, f)),
      appShellGzipBytes: shell,
      targetBytes: P8_APP_SHELL_TARGET_BYTES,
      pass,
      largest,
    },
    notes: [
      [
        `P8: entry script + modulepreload links of apps/web/dist/index.html, gzip level 9, 1 kB = 1000 bytes. Largest of ${chunks.length} JS chunks (gzip / raw):`,
        ...largest.map(
          (c) =>
            `  ${kb(c.gzipBytes).padStart(9)} / ${kb(c.bytes).padStart(9)}  ${c.file}${c.initial ? '  (initial)' : ''}`,
        ),
      ].join('\n'),
    ],
    rows: [
      {
        id: 'P8',
        figure: 'app shell initial JS (gzip)',
        value: `${kb(shell)} in ${initial.length} file${initial.length === 1 ? '' : 's'}`,
        target: `≤ ${kb(P8_APP_SHELL_TARGET_BYTES)}`,
        ratio: (shell / P8_APP_SHELL_TARGET_BYTES).toFixed(2),
        verdict: verdict(pass),
      },
    ],
  };
}
