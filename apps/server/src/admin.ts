import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PLAN_IDS, PLANS, type TPlanId } from '@draftwell/shared';
import { openDatabase, PGLITE_SEED_FILE } from './db/client';
import { migrateDatabase } from './db/migrate';
import { EnvError, readEnv, type TEnv } from './env';
import { setPlanByEmail, adminToken, type TSetPlanResult } from './modules/billing/set-plan';
import { AppError } from './lib/app-error';
import { DataDirLockedError, lockDataDir } from './lib/data-dir-lock';
import { createLogger } from './lib/logger';
import { copyStoredFiles, formatBytes } from './storage/copy-files';
import { StorageUnavailableError } from './storage/file-storage';
import { openFileStorage } from './storage/open-storage';

/**
 * `npm run admin -- <command>`: the operator's commands, with the server's own configuration.
 * On PostgreSQL it writes directly (the servers hear of it through NOTIFY). On the embedded
 * database, which one process at a time may open, it asks the running server, or opens the
 * database itself when no server runs.
 */
const USAGE = `Usage: npm run admin -- set-plan <email> <plan>
       npm run admin -- copy-files-to-s3
  plan: one of ${PLAN_IDS.join(', ')}
  copy-files-to-s3: copies the files in DATA_DIR/files into the bucket the S3_* settings name`;

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

/**
 * Copies the stored files on the local disk (DATA_DIR/files) into the bucket the S3_* settings
 * name, printing each file copied: what an operator runs once before switching the servers to S3,
 * and again after, for files uploaded in between. It needs no database and may run while
 * servers do; files already in the bucket are left as they are.
 */
async function copyFilesToS3(env: TEnv, args: string[], say: (line: string) => void): Promise<string> {
  if (args.length > 0) throw new CommandError(USAGE);
  if (!env.s3) {
    throw new CommandError(
      'Set S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY (and S3_REGION, S3_FORCE_PATH_STYLE if the servers use them) to the bucket to copy into, as the servers will run with them.',
    );
  }
  const logger = createLogger('silent');
  const from = await openFileStorage({ s3: null, dataDir: env.dataDir }, logger);
  const to = await openFileStorage(env, logger);
  try {
    await to.check();
  } catch (err) {
    if (err instanceof StorageUnavailableError) throw new CommandError(`The bucket cannot be used: ${err.reason}.`);
    throw err;
  }
  say(`Copying the files in ${from.location} to ${to.location}…`);
  let r;
  try {
    r = await copyStoredFiles({ from, to, say: (line) => say(`  ${line}`) });
  } catch (err) {
    if (!(err instanceof StorageUnavailableError)) throw err;
    throw new CommandError(
      `The copy stopped: ${err.reason}. What was copied stays; run the command again to copy the rest.`,
    );
  }
  const copied = r.copied === 1 ? '1 file' : `${r.copied} files`;
  const present = r.present === 1 ? '1 file was' : `${r.present} files were`;
  return `Copied ${copied} (${formatBytes(r.copiedBytes)}); ${present} in the bucket already.`;
}

export async function runAdmin(argv: string[]): Promise<number> {
  const [command, ...args] = argv;
  try {
    const env = readEnv();
    switch (command) {
      case 'set-plan':
        process.stdout.write(`${await setPlan(env, args)}\n`);
        return 0;
      case 'copy-files-to-s3':
        process.stdout.write(`${await copyFilesToS3(env, args, (line) => process.stdout.write(`${line}\n`))}\n`);
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
