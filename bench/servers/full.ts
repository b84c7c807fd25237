import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readEnv } from '../../apps/server/src/env';
import { startServer } from '../../apps/server/src/server';
import { announceAndWait } from './lifecycle';

/**
 * The real Draftwell server, as `startServer` builds it in production: every middleware, the
 * embedded PGlite on a temporary DATA_DIR, and the built web app when there is one. The
 * configuration is explicit (not this shell's environment) so every run measures the same thing.
 * LOG_LEVEL=warn: /healthz writes no request line at any level (only /api/* and /realtime
 * do), and warn keeps start-up quiet while still paying pino's level checks.
 */
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'draftwell-bench-'));
const env = readEnv({
  NODE_ENV: 'production',
  HOST: '127.0.0.1',
  PORT: '0',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
});
const running = await startServer({ env }).catch((err: unknown) => {
  rmSync(dataDir, { recursive: true, force: true });
  throw err;
});
announceAndWait(running.port, async () => {
  await running.close();
  rmSync(dataDir, { recursive: true, force: true });
});
