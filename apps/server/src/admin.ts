import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PLAN_IDS, PLANS, type TPlanId } from '@draftwell/shared';
import { openDatabase, PGLITE_SEED_FILE } from './db/client';
import { migrateDatabase } from './db/migrate';
import { EnvError, readEnv, type TEnv } from './env';
import { setPlanByEmail, adminToken, type TSetPlanResult } from './billing/set-plan';
import { AppError } from './lib/app-error';
import { DataDirLockedError, lockDataDir } from './lib/data-dir-lock';
import { createLogger } from './lib/logger';

/**
 * `npm run admin -- <command>`: the operator's commands, with the server's own configuration.
 * On PostgreSQL it writes directly (the servers hear of it through NOTIFY). On the embedded
 * database, which one process at a time may open, it asks the running server, or opens the
 * database itself when no server runs.
 */
const USAGE = `Usage: npm run admin -- set-plan <email> <plan>
  plan: one of ${PLAN_IDS.join(', ')}`;

class CommandError extends Error {}

async function viaRunningServer(env: TEnv, email: string, plan: TPlanId): Promise<TSetPlanResult> {
  const host = env.host === '0.0.0.0' || env.host === '::' ? '127.0.0.1' : env.host;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${env.port}/api/admin/set-plan`;
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${adminToken(env.authSecret)}`,
        'content-type': 'application/json',
        origin: new URL(env.baseUrl).origin,
      },
      body: JSON.stringify({ email, plan }),
    });
  } catch {
    throw new CommandError(
      `A Draftwell server holds the data directory ${env.dataDir}, but it does not answer at ${url}. Run this command with the same PORT and HOST as the server.`,
    );
  }
  const body = (await res.json().catch(() => null)) as
    (TSetPlanResult & { error?: undefined }) | { error: { message: string } } | null;
  if (!res.ok || !body || body.error) {
    throw new CommandError(body?.error?.message ?? `The server answered ${res.status}.`);
  }
  return body;
}

async function directly(env: TEnv, email: string, plan: TPlanId): Promise<TSetPlanResult> {
  const logger = createLogger('warn');
  const release = env.databaseUrl ? () => undefined : lockDataDir(env.dataDir);
  try {
    const database = await openDatabase({
      databaseUrl: env.databaseUrl,
      dataDir: env.dataDir,
      logger,
      pgliteSeed: path.join(path.dirname(fileURLToPath(import.meta.url)), PGLITE_SEED_FILE),
    });
    try {
      await migrateDatabase(database);
      return await setPlanByEmail({ database, email, plan, defaultPlan: env.defaultPlan });
    } finally {
      await database.close();
    }
  } finally {
    release();
  }
}

async function setPlan(env: TEnv, args: string[]): Promise<string> {
  const [email, planArg, ...extra] = args;
  if (!email || !planArg || extra.length > 0) throw new CommandError(USAGE);
  const plan = planArg.toLowerCase();
  if (!(PLAN_IDS as readonly string[]).includes(plan)) {
    throw new CommandError(`Unknown plan "${planArg}": use one of ${PLAN_IDS.join(', ')}.`);
  }
  let result: TSetPlanResult;
  try {
    result = await directly(env, email, plan as TPlanId);
  } catch (err) {
    if (!(err instanceof DataDirLockedError)) throw err;
    result = await viaRunningServer(env, email, plan as TPlanId);
  }
  const was = result.previous === result.plan ? ' (unchanged)' : ` (was ${PLANS[result.previous].name})`;
  return `${result.email} is now on the ${PLANS[result.plan].name} plan${was}.`;
}

export async function runAdmin(argv: string[]): Promise<number> {
  const [command, ...args] = argv;
  try {
    const env = readEnv();
    switch (command) {
      case 'set-plan':
        process.stdout.write(`${await setPlan(env, args)}\n`);
        return 0;
      default:
        process.stderr.write(`${USAGE}\n`);
        return 2;
    }
  } catch (err) {
    if (err instanceof EnvError) {
      process.stderr.write(`The configuration has a problem:\n${err.lines.map((l) => `  ${l}\n`).join('')}`);
    } else if (err instanceof CommandError || err instanceof AppError) {
      process.stderr.write(`${err.message}\n`);
    } else {
      process.stderr.write(`The command failed: ${(err as Error).message}\n`);
    }
    return 1;
  }
}

process.exitCode = await runAdmin(process.argv.slice(2));
