import type { Logger } from 'pino';
import type { TAuth } from '../auth';
import type { TDatabase } from '../db/client';
import type { TEnv } from '../env';
import type { TMailer } from '../mail/mailer';
import type { TOutboxWorker } from '../mail/outbox';
import type { TPdfRenderer } from '../pdf';
import type { TRealtimeHub, TSocketOwner } from '../realtime/hub';
import type { TSealWorker } from '../seal/seal-jobs';
import type { TStorageDeletionWorker } from '../storage/deletions';
import type { TFileStorage } from '../storage/file-storage';
import type { TResolver } from '../webhooks/address';
import type { TWebhookWorker } from '../webhooks/queue';

export type TAppDeps = {
  env: TEnv;
  database: TDatabase;
  auth: TAuth;
  mailer: TMailer;
  /** Sends queued mail (the outbox, R9); `kick` after a commit that queued some. */
  outbox: TOutboxWorker;
  /** Seals completed proposals' PDFs (decision 0014); `drain` in tests and the bench. */
  seals: TSealWorker;
  /** Renders PDFs in its pool of worker threads (decision 0005). */
  pdf: TPdfRenderer;
  logger: Logger;
  realtime: TRealtimeHub;
  /** Stored files' bytes: DATA_DIR/files, or an S3-compatible bucket (decision 0019). */
  storage: TFileStorage;
  /** Deletes the bytes of deleted files that were not deleted at once; `drain` in tests. */
  fileDeletions: TStorageDeletionWorker;
  /** Delivers queued webhooks (decision 0021); `drain` in tests. */
  webhooks: TWebhookWorker;
  /**
   * Resolves webhook endpoints' host names, when one is saved and before each delivery: the
   * system's resolver; tests, which have no DNS, give their own.
   */
  resolveHost: TResolver;
  /** Absolute path of the built web app; absent in API-only tests. */
  webDist?: string;
};

export type TAppEnv = {
  Variables: {
    deps: TAppDeps;
    log: Logger;
    requestId: string;
    clientIp: string;
    /** Who opens the realtime socket being opened: address, and session unless a visitor. */
    realtimeOwner: TSocketOwner;
  };
};
