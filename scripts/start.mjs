import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildIsFresh, root } from './fingerprint.mjs';

/**
 * `npm start`: build when the build is missing or older than the sources, then serve in this
 * very process (signals reach the server directly; migrations run at its start).
 */
if (!buildIsFresh()) {
  console.log('Building Draftwell (the build is missing or out of date)…');
  const { buildAll } = await import('./build.mjs');
  await buildAll({ quiet: true });
}
process.env.NODE_ENV ??= 'production';
await import(pathToFileURL(path.join(root, 'apps/server/dist/index.mjs')).href);
