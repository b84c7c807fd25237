import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildIsFresh, root } from './fingerprint.mjs';

/** `npm run admin -- <command>`: the operator's commands (see apps/server/src/admin.ts). */
if (!buildIsFresh()) {
  console.log('Building Draftwell (the build is missing or out of date)…');
  const { buildAll } = await import('./build.mjs');
  await buildAll({ quiet: true });
}
process.env.NODE_ENV ??= 'production';
await import(pathToFileURL(path.join(root, 'apps/server/dist/admin.mjs')).href);
