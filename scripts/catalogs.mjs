import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { root } from './fingerprint.mjs';

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
  process.env.DRAFTWELL_CATALOGS_COMPILED = '1';
}

if (import.meta.url === `file://${process.argv[1]}`) {
  delete process.env.DRAFTWELL_CATALOGS_COMPILED;
  compileCatalogs({ quiet: false });
}
