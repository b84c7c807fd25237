import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The modules each protected screen needs (P12): its route module (app/route-table.tsx loads it
 * lazily) and, for the editors, the editor (loaded lazily by the screen). Keyed by the route
 * patterns of @draftwell/shared/paths. The build fails if one is not a lazily loaded module of the
 * web build, so this list cannot drift from the code unnoticed.
 */
export const SCREEN_MODULES = {
  '/dashboard': ['src/app/routes/app/dashboard.tsx'],
  '/edit-draft/:id': ['src/app/routes/app/dashboard.tsx', 'src/features/editor/document-editor.tsx'],
  '/templates': ['src/app/routes/app/templates.tsx'],
  '/templates/:id/edit': ['src/app/routes/app/template-edit.tsx', 'src/features/editor/document-editor.tsx'],
  '/profile': ['src/app/routes/app/profile.tsx'],
  '/library': ['src/app/routes/app/library.tsx'],
  '/library/sections/:id': ['src/app/routes/app/section-edit.tsx', 'src/features/editor/document-editor.tsx'],
  '/proposals/:id': ['src/app/routes/app/proposal.tsx'],
};

/**
 * From Vite's manifest, each screen's chunks and styles beyond what the app's entry (index.html)
 * already loads: the server puts them in the screen's HTML as `modulepreload` and `preload` links,
 * so the screen's code arrives with the app's instead of after it.
 */
export function screenPreloads(manifest, screens = SCREEN_MODULES) {
  const chunk = (key) => {
    const found = manifest[key];
    if (!found) throw new Error(`screen-preloads: ${key} is not in the web build's manifest`);
    return found;
  };
  const closure = (keys) => {
    const seen = new Set();
    const visit = (key) => {
      if (seen.has(key)) return;
      seen.add(key);
      for (const next of chunk(key).imports ?? []) visit(next);
    };
    keys.forEach(visit);
    return seen;
  };
  const entry = closure(['index.html']);
  const out = {};
  for (const [route, modules] of Object.entries(screens)) {
    for (const m of modules) {
      if (!chunk(m).isDynamicEntry) throw new Error(`screen-preloads: ${m} is not loaded lazily (${route})`);
    }
    const keys = [...closure(modules)].filter((key) => !entry.has(key));
    out[route] = {
      js: keys.map((key) => `/${chunk(key).file}`),
      css: [...new Set(keys.flatMap((key) => chunk(key).css ?? []))].map((file) => `/${file}`),
    };
  }
  return out;
}

/**
 * From Vite's manifest, the script of each language's page catalog (`{ ja: '/assets/ja-….js' }`):
 * the server names it in the client page's seed, and the page's first script preloads it beside
 * the page's code, without importing the catalogs' loader itself (P8).
 */
export function pageCatalogScripts(manifest) {
  const out = {};
  for (const [key, chunk] of Object.entries(manifest)) {
    const language = /packages\/shared\/src\/i18n\/catalogs\/page\/([A-Za-z-]+)\.ts$/.exec(key)?.[1];
    if (language) out[language] = `/${chunk.file}`;
  }
  if (!out.en) throw new Error("screen-preloads: no page catalog in the web build's manifest");
  return out;
}

/**
 * Writes dist/screen-preloads.json and dist/page-catalog-scripts.json from
 * dist/.vite/manifest.json, then removes the manifest.
 */
export function writeScreenPreloads(webDist) {
  const manifestFile = path.join(webDist, '.vite/manifest.json');
  if (!existsSync(manifestFile)) throw new Error(`screen-preloads: ${manifestFile} is missing (build.manifest)`);
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  writeFileSync(path.join(webDist, 'screen-preloads.json'), `${JSON.stringify(screenPreloads(manifest), null, 2)}\n`);
  writeFileSync(
    path.join(webDist, 'page-catalog-scripts.json'),
    `${JSON.stringify(pageCatalogScripts(manifest), null, 2)}\n`,
  );
  rmSync(path.join(webDist, '.vite'), { recursive: true, force: true });
}
