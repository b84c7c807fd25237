import { EnvError, readEnv } from './env';
import { DataDirLockedError } from './lib/data-dir-lock';
import { createLogger } from './lib/logger';
import { SigningConfigError } from './modules/seal/signing-identity';
import { FileStorageConfigError, SHUTDOWN_GRACE_MS, startServer } from './server';

async function main() {
  let env;
  try {
    env = readEnv();
  } catch (err) {
    if (err instanceof EnvError) {
      process.stderr.write(`Draftwell cannot start: the configuration has a problem.\n`);
      for (const line of err.lines) process.stderr.write(`  ${line}\n`);
      process.exit(1);
    }
    throw err;
  }
  const logger = createLogger(env.logLevel);
  let server;
  try {
    server = await startServer({ env, logger });
  } catch (err) {
    if (
      err instanceof DataDirLockedError ||
      err instanceof SigningConfigError ||
      err instanceof FileStorageConfigError
    ) {
      process.stderr.write(`Draftwell cannot start: ${err.message}\n`);
      process.exit(1);
    }
    if ((err as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      process.stderr.write(`Draftwell cannot start: port ${env.port} is already in use. Set PORT to another port.\n`);
      process.exit(1);
    }
    logger.fatal({ err }, 'Draftwell failed to start');
    process.exit(1);
  }
  const running = server;
  const stop = (signal: string) => {
    logger.info({ signal }, 'shutting down: finishing requests in flight');
    setTimeout(() => {
      logger.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS + 1500).unref();
    running.close().then(
      () => process.exit(0),
      (err: unknown) => {
        logger.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
}

void main();
