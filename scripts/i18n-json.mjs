// A language's messages as JSON, for translating outside the PO files, and back:
//   node scripts/i18n-json.mjs export <lang> [page|app|server] > messages.json
//     ({ englishId: { translation, where } }, from every catalog or the one named)
//   node scripts/i18n-json.mjs import <lang> translations.json [page,page-later,app,server]
//     ({ englishId: translation }, into every catalog that has the id, or those named)
// It reads and writes the catalogs through Lingui's own API, so the PO files keep their format.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { getCatalogs } from '@lingui/cli/api';
import { getConfig } from '@lingui/conf';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);
const config = getConfig({ cwd: root, configPath: path.join(root, 'lingui.config.ts') });
const catalogs = await getCatalogs(config);
const [mode, lang, file] = process.argv.slice(2);
const only = mode === 'export' && file ? file : null;
const into = mode === 'import' && process.argv[5] ? process.argv[5].split(',') : null;
if (!lang || !config.locales.includes(lang) || (mode !== 'export' && mode !== 'import')) {
  console.error('usage: node scripts/i18n-json.mjs export|import <' + config.locales.join('|') + '> [file]');
  process.exit(2);
}
if (mode === 'export') {
  const out = {};
  for (const catalog of catalogs) {
    if (only && path.basename(path.dirname(catalog.path)) !== only) continue;
    const en = await catalog.read('en');
    const current = (await catalog.read(lang)) ?? {};
    for (const [id, message] of Object.entries(en ?? {})) {
      if (message.obsolete) continue;
      out[id] = {
        translation: current[id]?.translation ?? '',
        where: [...new Set((message.origin ?? []).map(([file]) => file))],
      };
    }
  }
  console.log(JSON.stringify(out, null, 1));
} else {
  const translations = JSON.parse(readFileSync(file, 'utf8'));
  let written = 0;
  for (const catalog of catalogs) {
    if (into && !into.includes(path.basename(path.dirname(catalog.path)))) continue;
    const current = await catalog.read(lang);
    for (const id of Object.keys(current ?? {})) {
      if (typeof translations[id] === 'string' && translations[id] !== '') {
        current[id].translation = translations[id];
        written++;
      }
    }
    await catalog.write(lang, current);
  }
  console.error(`${lang}: ${written} translations written`);
}
