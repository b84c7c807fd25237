import { buildSync } from 'esbuild';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const web = path.join(root, 'apps/web/src');

/**
 * The web app's source files the client's page is made of: every file the page's two entries
 * (share-main.tsx in the browser, share-render.tsx on the server) import, followed through the
 * `@/` alias. Their messages make the page catalog (lingui.config.ts), which the page loads one
 * language at a time (QUALITY P8); the owner's screens' messages make the app catalog, which the
 * page never loads. Found by esbuild from the imports themselves, so a component the page starts
 * to use brings its words with it. About 0.2 s.
 */
export function pageSources() {
  const result = buildSync({
    entryPoints: ['share-main.tsx', 'share-render.tsx'].map((entry) => path.join(web, entry)),
    bundle: true,
    write: false,
    metafile: true,
    outdir: path.join(root, 'node_modules/.cache/page-sources'),
    format: 'esm',
    platform: 'browser',
    logLevel: 'silent',
    // `@/` resolves through the web app's tsconfig paths; packages and styles stay outside.
    tsconfig: path.join(root, 'apps/web/tsconfig.json'),
    packages: 'external',
    loader: { '.css': 'empty', '.svg': 'empty', '.png': 'empty', '.woff2': 'empty' },
  });
  return Object.keys(result.metafile.inputs)
    .map((file) => path.resolve(root, file))
    .filter((file) => file.startsWith(web + path.sep))
    .sort();
}
