import type { AddressInfo } from 'node:net';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { serve, type ServerType } from '@hono/node-server';
import { WebSocketServer } from 'ws';
import { REALTIME_MAX_MESSAGE_BYTES } from '@draftwell/shared';
import { PLAN_IDS, PLANS } from '@draftwell/shared/plans';
import { createApp } from './app';
import { createAuth } from './auth';
import { addExampleSections } from './modules/saved-sections/saved-sections.service';
import { logAiSdkWarnings } from './modules/drafting';
import { openDatabase, PGLITE_SEED_FILE } from './db/client';
import { migrateDatabase } from './db/migrate';
import { urlHost, type TEnv } from './env';
import { lockDataDir } from './lib/data-dir-lock';
import { createLogger, type Logger } from './lib/logger';
import { startDeletedPurges } from './modules/proposals/deleted';
import { startExpirySweeps } from './modules/proposals/expiry';
import { startFollowUpSweeps } from './modules/follow-up/sweep';
import { createMailer, type TMailer } from './mail/mailer';
import { createOutboxWorker } from './mail/outbox';
import { revisionPdfAttachments } from './modules/documents/revision-pdf';
import { processPdfRenderer, type TPdfRenderer } from './pdf';
import { createRealtimeHub } from './realtime/hub';
import { createSealWorker } from './modules/seal/seal-jobs';
import { sealedPdfAttachments } from './modules/seal/sealed-documents';
import { signingIdentityLoader } from './modules/seal/signing-identity';
import { createStorageDeletionWorker } from './storage/deletions';
import { StorageUnavailableError } from './storage/file-storage';
import { openFileStorage } from './storage/open-storage';
import { systemResolver, type TResolver } from './modules/webhooks/address';
import { createWebhookWorker } from './modules/webhooks/queue';
import type { TAppDeps } from './deps';

/** The file storage named by the configuration cannot be used (no such bucket, refused key, unreachable). */
export class FileStorageConfigError extends Error {}

/** How long an idle keep-alive connection stays open: longer than clients and proxies keep theirs. */
export const KEEP_ALIVE_MS = 65_000;

/** How long in-flight requests get to finish after SIGTERM before the process exits anyway. */
export const SHUTDOWN_GRACE_MS = 8000;

export type TRunningServer = {
  url: string;
  port: number;
  deps: TAppDeps;
  /** Refuse new requests, let in-flight ones finish, then release everything. */
  close(): Promise<void>;
};

export function defaultWebDist(): string | undefined {
  const here = path.dirname(fileURLToPath(import.meta.url));
  // src/ in development and tests, dist/ once bundled: the web build sits beside both.
  const dist = path.resolve(here, '../../web/dist');
  return existsSync(path.join(dist, 'index.html')) ? dist : undefined;
}

export async function startServer(opts: {
  env: TEnv;
  logger?: Logger;
  /** Tests: share one embedded database between two servers, or capture mail. */
  pglite?: PGlite;
  mailer?: TMailer;
  webDist?: string | null;
  /** Tests: skip the data-directory lock when several servers share one PGlite on purpose. */
  skipDataDirLock?: boolean;
  /** Tests: resolve webhook host names without DNS. */
  resolveHost?: TResolver;
  /** Tests: a PDF renderer of their own (a watched pool, a clock they move). */
  pdf?: TPdfRenderer;
  /** Tests: called just before listening (to let go of the port they held for it meanwhile). */
  beforeListen?: () => Promise<void>;
}): Promise<TRunningServer> {
  const { env } = opts;
  const logger = opts.logger ?? createLogger(env.logLevel);
  if (env.ai) logAiSdkWarnings(logger);
  const releaseLock = env.databaseUrl || opts.skipDataDirLock ? () => undefined : lockDataDir(env.dataDir);
  const cleanup: Array<() => Promise<void> | void> = [releaseLock];
  try {
    const database = await openDatabase({
      databaseUrl: env.databaseUrl,
      dataDir: env.dataDir,
      logger,
      pglite: opts.pglite,
      pgliteSeed: path.join(path.dirname(fileURLToPath(import.meta.url)), PGLITE_SEED_FILE),
    });
    cleanup.unshift(() => database.close());
    await migrateDatabase(database);
    const mailer =
      opts.mailer ?? createMailer({ smtpUrl: env.smtpUrl, from: env.mailFrom, dataDir: env.dataDir, logger });
    const realtime = createRealtimeHub({ database, logger, rateLimit: env.rateLimit });
    await realtime.start();
    cleanup.unshift(() => realtime.stop());
    const webDist = opts.webDist === null ? undefined : (opts.webDist ?? defaultWebDist());
    const storage = await openFileStorage(env, logger);
    // A bucket that does not exist or refuses the key stops the start, saying which.
    await storage.check().catch((err: unknown) => {
      throw err instanceof StorageUnavailableError
        ? new FileStorageConfigError(`the file storage (${storage.location}) cannot be used: ${err.reason}.`)
        : err;
    });
    logger.info({ storage: storage.kind, location: storage.location }, 'stored files are kept in %s', storage.location);
    const fileDeletions = createStorageDeletionWorker({ database, storage, logger });
    await fileDeletions.start();
    cleanup.unshift(() => fileDeletions.stop());
    const pdf = opts.pdf ?? processPdfRenderer();
    // Its workers stop with the server (a renderer starts new ones for its next render).
    cleanup.unshift(() => pdf.close());
    const revisionPdf = revisionPdfAttachments({ database, env, storage, pdf });
    const sealedPdf = sealedPdfAttachments({ database, env, storage, logger });
    const outbox = createOutboxWorker({
      db: database.db,
      mailer,
      logger,
      messageIdDomain: new URL(env.baseUrl).hostname || 'draftwell.localhost',
      makeAttachment: (attachment) =>
        attachment.kind === 'sealed_pdf' ? sealedPdf(attachment) : revisionPdf(attachment),
    });
    outbox.start();
    cleanup.unshift(() => outbox.stop());
    // The sealing certificate (decision 0014): an operator's is opened now, so a wrong file or
    // passphrase stops the start; a generated one is made (once per deployment) when first needed.
    const identity = signingIdentityLoader({ db: database.db, env });
    if (env.signing.p12) await identity();
    const seals = createSealWorker({ database, env, storage, pdf, logger, identity, onSealed: () => outbox.kick() });
    await seals.start();
    cleanup.unshift(() => seals.stop());
    const resolveHost = opts.resolveHost ?? systemResolver;
    const webhooks = createWebhookWorker({
      database,
      authSecret: env.authSecret,
      allowHttpLoopback: env.webhooksAllowHttpLoopback,
      baseUrl: env.baseUrl,
      logger,
      onMailQueued: () => outbox.kick(),
      resolve: resolveHost,
    });
    await webhooks.start();
    cleanup.unshift(() => webhooks.stop());
    const auth = createAuth({
      db: database.db,
      env,
      outbox,
      logger,
      onSessionEnded: (id) => realtime.endSession(id),
      // A new library starts with the example sections, in the sign-up page's language. Idempotent
      // (one copy of each per account); after a failure the Library offers them again.
      onSignedUp: async ({ id, language }) => {
        await addExampleSections({ db: database.db, userId: id, language });
      },
    });
    const stopSweeps = startExpirySweeps({ db: database.db, database, realtime, logger });
    cleanup.unshift(stopSweeps);
    cleanup.unshift(startDeletedPurges({ db: database.db, logger }));
    cleanup.unshift(startFollowUpSweeps({ database, env, outbox, logger }));
    const deps: TAppDeps = {
      env,
      database,
      auth,
      mailer,
      logger,
      realtime,
      storage,
      fileDeletions,
      outbox,
      seals,
      pdf,
      webhooks,
      resolveHost,
      webDist,
    };
    const { app, state } = createApp(deps);

    const wss = new WebSocketServer({ noServer: true, maxPayload: REALTIME_MAX_MESSAGE_BYTES });
    await opts.beforeListen?.();
    const server = await new Promise<ServerType>((resolve, reject) => {
      const s = serve({ fetch: app.fetch, port: env.port, hostname: env.host, websocket: { server: wss } }, () =>
        resolve(s),
      );
      s.once('error', reject);
    });
    // An idle keep-alive connection is closed by the server after keepAliveTimeout; a client that
    // sends its next request on it at that very moment gets ECONNRESET (seen in the browser suite
    // after a pause of about five seconds, Node's default). Clients and proxies reuse connections
    // for up to a minute, so the server keeps them longer than that; shutdown closes idle ones at
    // once anyway. headersTimeout must stay above it.
    if ('keepAliveTimeout' in server) {
      server.keepAliveTimeout = KEEP_ALIVE_MS;
      server.headersTimeout = KEEP_ALIVE_MS + 1000;
    }
    const port = (server.address() as AddressInfo).port;
    const url = `http://${env.host === '0.0.0.0' || env.host === '::' ? 'localhost' : urlHost(env.host)}:${port}`;
    logger.info({ url, baseUrl: env.baseUrl, database: database.kind }, 'Draftwell is listening');
    logger.info(
      { baseUrl: env.baseUrl, origins: env.origins },
      env.baseUrlSet
        ? `Open Draftwell at ${env.baseUrl}: pages opened at any other address are refused (403). If people reach it at another address, start it with BASE_URL set to that address, for example BASE_URL=${new URL(url).origin}.`
        : `Open Draftwell at ${url} (localhost, 127.0.0.1 and [::1] all work on this machine). To open it from another machine or a domain, start it with BASE_URL set to that address, for example BASE_URL=https://proposals.example.com.`,
    );

    if (!env.stripe) {
      // Users are told only that billing is not set up and to ask whoever runs the server: the
      // way to change a plan is for the operator, here.
      logger.info(
        { defaultPlan: env.defaultPlan },
        `Billing is off (no STRIPE_* settings): every account starts on the ${PLANS[env.defaultPlan].name} plan (DEFAULT_PLAN). To change an account’s plan, run: npm run admin -- set-plan <email> <${PLAN_IDS.join('|')}>`,
      );
    }

    let closing: Promise<void> | null = null;
    const close = () =>
      (closing ??= (async () => {
        state.draining = true;
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        if ('closeIdleConnections' in server) server.closeIdleConnections();
        for (const client of wss.clients) client.close(1001, 'server shutting down');
        const forced = setTimeout(() => {
          if ('closeAllConnections' in server) server.closeAllConnections();
        }, SHUTDOWN_GRACE_MS);
        await closed;
        clearTimeout(forced);
        wss.close();
        for (const fn of cleanup) await fn();
        mailer.close();
        logger.info('Draftwell stopped');
      })());
    return { url, port, deps, close };
  } catch (err) {
    for (const fn of cleanup) await Promise.resolve(fn()).catch(() => undefined);
    throw err;
  }
}
