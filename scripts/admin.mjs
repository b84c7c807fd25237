import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { root } from './fingerprint.mjs';

/**
 * `npm run admin -- <command>`: the operator's commands (see apps/server/src/admin.ts), from the
 * build the server runs. Built only when there is none: rebuilding under a running server would
 * swap its files; `npm start` rebuilds a stale build.
 */
const entry = path.join(root, 'apps/server/dist/admin.mjs');
if (!existsSync(entry)) {
  console.error('Building Draftwell (there is no build yet)…');
  const { buildAll } = await import('./build.mjs');
  await buildAll({ quiet: true });
}
process.env.NODE_ENV ??= 'production';
await import(pathToFileURL(entry).href);
