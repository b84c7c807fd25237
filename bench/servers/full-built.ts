import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { freePort, repoRoot, sleep } from '../lib/proc';
import { announceAndWait } from './lifecycle';

/**
 * The Draftwell server as it ships: the production bundle `npm start` runs
 * (apps/server/dist/index.mjs), with the same configuration as `full.ts` (embedded PGlite on a
 * temporary DATA_DIR, LOG_LEVEL=warn). It reads its settings from the environment and handles
 * SIGTERM itself (it finishes what is in flight and exits); this script only picks the port,
 * waits until it answers, and says so.
 */
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'draftwell-bench-'));
process.once('exit', () => rmSync(dataDir, { recursive: true, force: true }));
const port = await freePort();
Object.assign(process.env, {
  NODE_ENV: 'production',
  HOST: '127.0.0.1',
  PORT: String(port),
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
});
await import(pathToFileURL(path.join(repoRoot, 'apps/server/dist/index.mjs')).href);
for (let tries = 0; ; tries++) {
  try {
    if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) break;
  } catch {
    if (tries > 600) throw new Error('the built server did not answer /healthz within 60 s');
  }
  await sleep(100);
}
// The bundle's own SIGTERM handler stops it and exits the process; this waits for that.
announceAndWait(port, () => new Promise(() => undefined));
