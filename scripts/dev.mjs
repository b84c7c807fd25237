import { spawn } from 'node:child_process';
import path from 'node:path';
import { compileCatalogs } from './catalogs.mjs';
import { root } from './fingerprint.mjs';

compileCatalogs();

/**
 * `npm run dev`: the API server (restarting on change, through tsx watch) and Vite with hot
 * reload; open http://localhost:5173. Vite proxies /api and /realtime to the server.
 */
const webPort = process.env.WEB_DEV_PORT ?? '5173';
const serverPort = process.env.PORT ?? '3000';
const env = {
  ...process.env,
  NODE_ENV: 'development',
  PORT: serverPort,
  DEV_SERVER_PORT: serverPort,
  BASE_URL: process.env.BASE_URL ?? `http://localhost:${webPort}`,
  DATA_DIR: process.env.DATA_DIR ?? path.join(root, 'data'),
};
const bin = (name) => path.join(root, 'node_modules/.bin', name);
const children = [
  spawn(bin('tsx'), ['watch', '--clear-screen=false', 'apps/server/src/index.ts'], {
    cwd: root,
    env,
    stdio: 'inherit',
  }),
  spawn(bin('vite'), ['--port', webPort], { cwd: path.join(root, 'apps/web'), env, stdio: 'inherit' }),
];
const stop = () => {
  for (const c of children) c.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children)
  c.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
