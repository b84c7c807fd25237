import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readEnv } from '../../apps/server/src/env';
import { startServer } from '../../apps/server/src/server';
import { announceAndWait } from './lifecycle';

/**
 * The real server with the built web app, for the browser scenarios (P8, P10): production mode,
 * the embedded PGlite on a temporary DATA_DIR. A browser sends its own Origin, so the server
 * must know the address it is reached at: the bench picks the port (BENCH_PORT) and BASE_URL
 * follows from it. The rate limits are off: a scenario signs up more than once from one address.
 */
const port = Number(process.env.BENCH_PORT);
if (!Number.isInteger(port) || port <= 0) throw new Error('BENCH_PORT must be the port to listen on');

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'draftwell-bench-'));
const env = readEnv({
  NODE_ENV: 'production',
  HOST: '127.0.0.1',
  PORT: String(port),
  DATA_DIR: dataDir,
  BASE_URL: `http://127.0.0.1:${port}`,
  LOG_LEVEL: 'warn',
  RATE_LIMIT: 'off',
});
const running = await startServer({ env }).catch((err: unknown) => {
  rmSync(dataDir, { recursive: true, force: true });
  throw err;
});
announceAndWait(running.port, async () => {
  await running.close();
  rmSync(dataDir, { recursive: true, force: true });
});
