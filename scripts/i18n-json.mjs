// node /tmp/tr/po-json.mjs export <lang> > file.json   |   node /tmp/tr/po-json.mjs import <lang> file.json
import { readFileSync } from 'node:fs';
import path from 'node:path';
process.chdir('/work/main');
const { getCatalogs } = await import('/work/main/node_modules/@lingui/cli/dist/api/index.js');
const { getConfig } = await import('/work/main/node_modules/@lingui/conf/dist/index.cjs');
const config = getConfig({ cwd: '/work/main', configPath: '/work/main/lingui.config.ts' });
const catalogs = await getCatalogs(config);
const [mode, lang, file] = process.argv.slice(2);
if (mode === 'export') {
  const out = {};
  for (const catalog of catalogs) {
    const en = await catalog.read('en');
    const cur = await catalog.read(lang).catch(() => ({}));
    for (const id of Object.keys(en)) if (!en[id].obsolete) out[id] = cur?.[id]?.translation || '';
  }
  console.log(JSON.stringify(out, null, 1));
} else if (mode === 'import') {
  const tr = JSON.parse(readFileSync(file, 'utf8'));
  let n = 0;
  for (const catalog of catalogs) {
    const cur = await catalog.read(lang);
    for (const id of Object.keys(cur)) if (tr[id]) { cur[id].translation = tr[id]; n++; }
    await catalog.write(lang, cur);
  }
  console.error(`${lang}: ${n} translations written`);
}
