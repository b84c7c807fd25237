import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { root } from './fingerprint.mjs';
import { publicGraph } from './page-sources.mjs';

const CATALOGS = path.join(root, 'packages/shared/src/i18n/catalogs');

/** packages/shared/src/i18n/message-key.ts's function (message-key.test.ts checks they agree). */
export function messageKey(id) {
  let hash = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) {
    hash ^= id.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36);
}

/**
 * Lingui's compiled module with each message keyed by `messageKey` instead of its English text,
 * and, in English, without the messages whose compiled form is their text (createI18n reads those
 * as their id): each language's chunk carries its own words only (QUALITY P8).
 */
export function keyCompiledCatalog(source, language, file) {
  const match = /JSON\.parse\(("(?:[^"\\]|\\.)*")\)/.exec(source);
  if (!match) throw new Error(`${file}: not the compiled catalog lingui writes`);
  // A JavaScript string literal: JSON but for the escapes only JavaScript has (`\xA0` for the
  // no-break spaces French writes before its colons).
  const literal = match[1].replace(/\\(x([0-9A-Fa-f]{2})|'|\\)/g, (escape, what, hex) =>
    hex ? `\\u00${hex}` : what === "'" ? "'" : escape,
  );
  const messages = JSON.parse(JSON.parse(literal));
  const keyed = {};
  const ids = new Map();
  for (const [id, compiled] of Object.entries(messages)) {
    const key = messageKey(id);
    if (ids.has(key) && ids.get(key) !== id) {
      throw new Error(
        `${file}: messages ${JSON.stringify(ids.get(key))} and ${JSON.stringify(id)} have one key; reword one`,
      );
    }
    ids.set(key, id);
    // As createI18n's PLAIN: no ICU syntax, markup or quote, so its text is its compiled form.
    const plain = /^[^{}<']*$/.test(id) && (compiled === id || (Array.isArray(compiled) && compiled.join('') === id));
    if (language === 'en' && plain) continue;
    keyed[key] = compiled;
  }
  return source.replace(match[0], () => `JSON.parse(${JSON.stringify(JSON.stringify(keyed))})`);
}

/**
 * English's messages in modules of their own: the public pages' (catalogs/english-public.ts: those
 * of the files public-main.tsx and the prerender import, whichever catalog holds them) and the
 * app's (catalogs/english.ts, all of them), which i18n/english.ts and english-public.ts import as
 * they are: modules apart from
 * catalogs/page/en.ts, which the client's page loads with `import()` like any other language, so
 * the build can put each where its readers load it (apps/web/build/chunk-groups.ts).
 */
function writeEnglish() {
  const read = (catalog) => {
    const source = readFileSync(path.join(CATALOGS, catalog, 'en.ts'), 'utf8');
    return JSON.parse(JSON.parse(/JSON\.parse\(("(?:[^"\\]|\\.)*")\)/.exec(source)[1]));
  };
  const write = (name, what, messages) =>
    writeFileSync(
      path.join(CATALOGS, `${name}.ts`),
      `/* Written by scripts/catalogs.mjs: English's ${what} messages. */\n` +
        `import type { Messages } from '@lingui/core';\n` +
        `export const messages: Messages = JSON.parse(${JSON.stringify(JSON.stringify(messages))});\n`,
    );
  const all = { ...read('page'), ...read('page-later'), ...read('public'), ...read('verify') };
  // The public pages' own: the messages of the files they import (the page's catalogs hold those
  // of the components they share with the client's page, and of the shared package's files).
  const shown = new Set(publicGraph().map((file) => path.relative(root, file)));
  const site = Object.fromEntries(
    ['page', 'page-later', 'public', 'verify']
      .flatMap((catalog) => englishOrigins(catalog))
      .filter(({ origins }) => origins.some((file) => shown.has(file)))
      .map(({ id }) => messageKey(id))
      .filter((key) => key in all)
      .map((key) => [key, all[key]]),
  );
  write('english-public', "public pages'", site);
  write('english', 'page, public and app', { ...all, ...read('app') });
}

/** Each message of a catalog's English PO file, with the files it comes from (`#:` lines). */
function englishOrigins(catalog) {
  const out = [];
  for (const block of readFileSync(path.join(CATALOGS, catalog, 'en.po'), 'utf8').split(/\n\n+/)) {
    const lines = block.split('\n');
    const origins = lines.filter((line) => line.startsWith('#: ')).flatMap((line) => line.slice(3).split(' '));
    const at = lines.findIndex((line) => line.startsWith('msgid '));
    if (at < 0) continue;
    let id = JSON.parse(lines[at].slice(6));
    for (let i = at + 1; i < lines.length && lines[i].startsWith('"'); i++) id += JSON.parse(lines[i]);
    if (id) out.push({ id, origins: origins.map((origin) => origin.replace(/:\d+$/, '')) });
  }
  return out;
}

/**
 * Compiles the translation catalogs (packages/shared/src/i18n/catalogs/<catalog>/<language>.po)
 * into the TypeScript modules the code imports (lingui.config.ts; decisions 0026 and 0027). They
 * are git-ignored, so postinstall, the build, `npm test` and `npm run dev` compile them first:
 * about a second.
 */
export function compileCatalogs({ quiet = true } = {}) {
  // `npm test` compiles them once, before the build it starts beside the checks that read them.
  if (process.env.DRAFTWELL_CATALOGS_COMPILED === '1') return;
  const cli = path.join(root, 'node_modules/@lingui/cli/dist/lingui.js');
  const result = spawnSync(process.execPath, [cli, 'compile', '--typescript'], {
    cwd: root,
    encoding: 'utf8',
  });
  if (result.status !== 0) {
    throw new Error(`lingui compile failed:\n${result.stdout}${result.stderr}`);
  }
  if (!quiet) process.stdout.write(result.stdout);
  for (const catalog of readdirSync(CATALOGS, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)) {
    for (const name of readdirSync(path.join(CATALOGS, catalog)).filter((f) => f.endsWith('.ts'))) {
      const file = path.join(CATALOGS, catalog, name);
      writeFileSync(file, keyCompiledCatalog(readFileSync(file, 'utf8'), name.slice(0, -3), file));
    }
  }
  writeEnglish();
  process.env.DRAFTWELL_CATALOGS_COMPILED = '1';
}

if (import.meta.url === `file://${process.argv[1]}`) {
  delete process.env.DRAFTWELL_CATALOGS_COMPILED;
  compileCatalogs({ quiet: false });
}
