import { cpSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { build as esbuild } from 'esbuild';
import { root } from './fingerprint.mjs';

const SERVER_ENTRIES = {
  index: 'src/index.ts',
  // The PDF worker is its own entry: the server starts it as a worker thread from beside index.mjs.
  'pdf-worker': 'src/pdf/pdf-worker.ts',
  // The embedded database's thread (db/pglite-thread.ts), started the same way.
  'pglite-worker': 'src/db/pglite-worker.ts',
  // The operator's command (npm run admin) runs from the same bundle as the server.
  admin: 'src/admin.ts',
};

/**
 * Bundles the server's entries (all, or those named) into `outdir`, with the migrations beside
 * them. `outdir` must lie inside the repository, so the bundle finds node_modules.
 */
export async function bundleServer({ outdir, entries = Object.keys(SERVER_ENTRIES), quiet = false }) {
  const serverDir = path.join(root, 'apps/server');
  const pkg = JSON.parse(readFileSync(path.join(serverDir, 'package.json'), 'utf8'));
  // Our own workspace package is TypeScript source: bundle it; load the rest from node_modules.
  // esbuild too: the PDF and PGlite modules import it only when it runs from source (lib/worker-source.ts).
  const external = [...Object.keys(pkg.dependencies).filter((d) => !d.startsWith('@draftwell/')), 'esbuild'];
  await esbuild({
    entryPoints: Object.fromEntries(entries.map((name) => [name, path.join(serverDir, SERVER_ENTRIES[name])])),
    outdir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: [...external, ...external.map((d) => `${d}/*`)],
    logLevel: quiet ? 'warning' : 'info',
    legalComments: 'none',
  });
  cpSync(path.join(serverDir, 'src/db/migrations'), path.join(outdir, 'migrations'), { recursive: true });
}
