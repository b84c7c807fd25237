import { buildSync } from 'esbuild';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const web = path.join(root, 'apps/web/src');
const shared = path.join(root, 'packages/shared/src');

/**
 * The compiled catalogs stay outside the graph: they are made from what it finds, and do not exist
 * before the first compile (a fresh clone's postinstall). Whatever the import's path: relative,
 * through the package's name (which the alias turns into the folder's path), or the folder's.
 */
const CATALOGS_OUTSIDE = [
  './catalogs/*',
  '../i18n/catalogs/*',
  '@draftwell/shared/i18n/catalogs/*',
  `${path.join(shared, 'i18n/catalogs')}/*`,
];

function graph(entries) {
  return buildSync({
    entryPoints: entries.map((entry) => path.join(web, entry)),
    bundle: true,
    write: false,
    metafile: true,
    outdir: path.join(root, 'node_modules/.cache/page-sources'),
    format: 'esm',
    splitting: true,
    platform: 'browser',
    logLevel: 'silent',
    // `@/` resolves through the web app's tsconfig paths, the shared package to its sources; other
    // packages and styles stay outside.
    tsconfig: path.join(web, '../tsconfig.json'),
    alias: { '@draftwell/shared': shared },
    packages: 'external',
    external: CATALOGS_OUTSIDE,
    loader: { '.css': 'empty', '.svg': 'empty', '.png': 'empty', '.woff2': 'empty', '.woff': 'empty' },
  }).metafile.inputs;
}

const absolute = (file) => path.resolve(root, file);
const ours = (file) => file.startsWith(web + path.sep) || file.startsWith(shared + path.sep);

/**
 * The source files the client's page is made of, from the imports themselves (esbuild follows
 * them, through the `@/` alias and into the shared package), so a component the page starts to
 * use brings its words with it. Their messages make the page's two catalogs (lingui.config.ts):
 *
 * - `first`: what the page's first load runs (share-main.tsx and share-boot.tsx, and all they
 *   import as they are): its catalog comes with the page;
 * - `later`: what the page loads with `import()` only when it shows it (the sign form, payment,
 *   the certificate, the stop-reminders page…): its catalog comes with those parts (QUALITY P8).
 *
 * The owner's screens' messages (the rest of the web app) make the app catalog. About 0.2 s.
 */
export function pageSources() {
  const inputs = graph(['share-main.tsx', 'share-boot.tsx', 'share-render.tsx']);
  // The first load: the browser's two entries and what they import statically.
  const first = new Set();
  const queue = ['share-main.tsx', 'share-boot.tsx'].map((entry) => path.relative(root, path.join(web, entry)));
  while (queue.length) {
    const file = queue.pop();
    if (first.has(file) || !inputs[file]) continue;
    first.add(file);
    for (const edge of inputs[file].imports)
      if (edge.kind === 'import-statement' && !edge.external) queue.push(edge.path);
  }
  const all = Object.keys(inputs).map(absolute).filter(ours).sort();
  const firstFiles = [...first].map(absolute).filter(ours).sort();
  return { first: firstFiles, later: all.filter((file) => !first.has(path.relative(root, file))) };
}

/**
 * The files the public pages are made of (public-main.tsx and the build's prerender, all they
 * import, now or later, in the web app and the shared package, but the shared files the server
 * imports too, whose words stay in page-later where the server reads them): those the client's
 * page does not import make the public catalog, which the public pages and the app read in their
 * language (so the public pages never carry the app's words).
 */
export function publicSources() {
  const server = new Set(serverSharedSources());
  return publicGraph().filter((file) => !server.has(file));
}

/** Every file of ours the public pages import, now or later (the web app's and the shared package's). */
export function publicGraph() {
  return Object.keys(graph(['public-main.tsx', 'prerender.tsx']))
    .map(absolute)
    .filter(ours)
    .sort();
}

/**
 * The shared package's files the owner's screens import (main.tsx, now or later): those the
 * client's page and the public pages do not import carry the app's words only (plan limits'
 * wording, follow-up summaries), so their messages go to the app catalog with the screens'.
 */
export function appSharedSources() {
  const server = new Set(serverSharedSources());
  return Object.keys(graph(['main.tsx']))
    .map(absolute)
    .filter((file) => file.startsWith(shared + path.sep) && !server.has(file))
    .sort();
}

/** The shared package's files the server imports: their words stay where the server reads them. */
function serverSharedSources() {
  const inputs = buildSync({
    entryPoints: [path.join(root, 'apps/server/src/index.ts'), path.join(root, 'apps/server/src/admin.ts')],
    bundle: true,
    write: false,
    metafile: true,
    outdir: path.join(root, 'node_modules/.cache/page-sources-server'),
    format: 'esm',
    platform: 'node',
    logLevel: 'silent',
    alias: { '@draftwell/shared': shared },
    packages: 'external',
    external: CATALOGS_OUTSIDE,
  }).metafile.inputs;
  return Object.keys(inputs)
    .map(absolute)
    .filter((file) => file.startsWith(shared + path.sep));
}
