import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * The operator's `npm run admin -- set-plan`, with the running e2e server's settings: on the
 * embedded database the command reaches the server itself. Answers the command's one line.
 */
export async function setPlan(baseURL: string, email: string, plan: 'free' | 'pro' | 'business'): Promise<string> {
  const { stdout } = await run(process.execPath, ['scripts/admin.mjs', 'set-plan', email, plan], {
    cwd: process.cwd(),
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATA_DIR: process.env.E2E_DATA_DIR,
      PORT: new URL(baseURL).port,
      HOST: '127.0.0.1',
      BASE_URL: baseURL,
      DATABASE_URL: process.env.E2E_DATABASE_URL ?? '',
    },
  });
  return stdout.trim();
}
