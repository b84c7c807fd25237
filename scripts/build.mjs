import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { PGlite } from '@electric-sql/pglite';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build as viteBuild } from 'vite';
import { bundleServer } from './bundle-server.mjs';
import { compileCatalogs } from './catalogs.mjs';
import { root, sourceFingerprint, stampFile } from './fingerprint.mjs';
import { writeScreenPreloads } from './screen-preloads.mjs';

/** Builds the web app (Vite) and bundles the server (esbuild) into apps/web/dist and apps/server/dist. */
export async function buildAll({ quiet = false } = {}) {
  const started = Date.now();
  compileCatalogs();
  const fingerprint = sourceFingerprint();
  await viteBuild({
    root: path.join(root, 'apps/web'),
    configFile: path.join(root, 'apps/web/vite.config.ts'),
    logLevel: quiet ? 'warn' : 'info',
  });
  writeScreenPreloads(path.join(root, 'apps/web/dist'));
  await prerenderPublicPages({ quiet });
  await buildSharePageRender({ quiet });

  const dist = path.join(root, 'apps/server/dist');
  rmSync(dist, { recursive: true, force: true });
  await bundleServer({ outdir: dist, quiet });
  await writePgliteSeed(path.join(dist, 'pglite-seed.tar.gz'));
  mkdirSync(path.dirname(stampFile), { recursive: true });
  writeFileSync(stampFile, JSON.stringify({ fingerprint, builtAt: new Date().toISOString() }, null, 2));
  if (!quiet) console.log(`Built Draftwell in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/**
 * The file under dist/prerendered/ of a prerendered path in a language: `/` → index.html,
 * `/pricing` → pricing.html in English; `de/pricing.html` in German (the server's
 * `prerenderedFile`).
 */
const prerenderedFile = (urlPath, language) =>
  `${language === 'en' ? '' : `${language}/`}${urlPath === '/' ? 'index' : urlPath.slice(1)}.html`;

const escapeHtml = (text) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * Renders the public pages to HTML with their own code (apps/web/src/prerender.tsx, built for
 * Node), each in each of its languages (English, the app's six, all sixteen for /verify) into a
 * copy of public.html (the public pages' entry): the same scripts and styles, the page already in
 * `#root`, its own `<title>` and `<html lang dir>`. The browser hydrates it. /auth is not among
 * them: what it shows depends on the address's query and the session.
 */
async function prerenderPublicPages({ quiet }) {
  const web = path.join(root, 'apps/web');
  // Inside the web app's folder, so the bundle's imports resolve from its node_modules and the root's.
  const outDir = path.join(web, 'node_modules/.cache/draftwell-prerender');
  try {
    await viteBuild({
      root: web,
      configFile: path.join(web, 'vite.config.ts'),
      logLevel: quiet ? 'warn' : 'error',
      build: { ssr: path.join(web, 'src/prerender.tsx'), outDir, emptyOutDir: true, copyPublicDir: false },
    });
    // The pages are named in @draftwell/shared/paths (PRERENDERED_ROUTES); the server serves them.
    const { prerender, PRERENDERED_ROUTES, publicPageLanguages, textDirection } = await import(
      pathToFileURL(path.join(outDir, 'prerender.js')).href
    );
    const template = readFileSync(path.join(web, 'dist/public.html'), 'utf8');
    if (!template.includes('<div id="root"></div>')) throw new Error('public.html has no empty <div id="root"></div>');
    const target = path.join(web, 'dist/prerendered');
    mkdirSync(target, { recursive: true });
    if (!/<html lang="en">/.test(template)) throw new Error('public.html does not start <html lang="en">');
    for (const [urlPath, language] of PRERENDERED_ROUTES.flatMap((route) =>
      publicPageLanguages(route).map((language) => [route, language]),
    )) {
      const { html, meta } = await prerender(urlPath, language);
      let page = template
        .replace('<html lang="en">', () => `<html lang="${language}" dir="${textDirection(language)}">`)
        .replace('<div id="root"></div>', () => `<div id="root">${html}</div>`);
      if (meta) page = page.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(meta.title)}</title>`);
      if (meta?.description) {
        page = page.replace(
          /(<meta\s+name="description"\s+content=")[^"]*(")/,
          (_, before, after) => `${before}${escapeHtml(meta.description)}${after}`,
        );
      }
      const file = path.join(target, prerenderedFile(urlPath, language));
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, page);
    }
  } finally {
    if (!process.env.KEEP_PRERENDER) rmSync(outDir, { recursive: true, force: true });
  }
}

/**
 * The client page's server render (apps/web/src/share-render.tsx, decision 0020), built for Node
 * into apps/web/dist/ssr/share-render.mjs, which the server loads on the first visit of a client's
 * link (apps/server/src/modules/share/share-page.ts, SHARE_RENDER_FILE) and never serves. From the
 * same sources as this build's share.html, self-contained (every dependency inside), and with
 * React's production build whatever NODE_ENV the server runs with.
 */
async function buildSharePageRender({ quiet }) {
  const web = path.join(root, 'apps/web');
  await viteBuild({
    root: web,
    configFile: path.join(web, 'vite.config.ts'),
    logLevel: quiet ? 'warn' : 'error',
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    ssr: { noExternal: true },
    build: {
      ssr: path.join(web, 'src/share-render.tsx'),
      outDir: path.join(web, 'dist/ssr'),
      emptyOutDir: true,
      copyPublicDir: false,
      rolldownOptions: { output: { entryFileNames: '[name].mjs', chunkFileNames: '[name]-[hash].mjs' } },
    },
  });
}

/**
 * An empty, initialised embedded database: the first start on a new DATA_DIR unpacks it
 * rather than running initdb in WebAssembly, which takes seconds (P11). Migrations still run
 * at start, as on any database.
 */
async function writePgliteSeed(file) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'draftwell-seed-'));
  try {
    const pg = await PGlite.create(dir);
    const dump = await pg.dumpDataDir('gzip');
    await pg.close();
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await buildAll();
}
