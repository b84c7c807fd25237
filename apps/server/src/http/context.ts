import type { Logger } from 'pino';
import type { TAuth } from '../auth';
import type { TDatabase } from '../db/client';
import type { TEnv } from '../env';
import type { TRealtimeHub, TSocketOwner } from '../realtime/hub';
import type { TFileStorage } from '../storage/file-storage';

/**
 * What the HTTP layer itself reads from the dependency bag. The whole bag (TAppDeps, with the
 * modules' workers) is built at the composition root (deps.ts, server.ts): infrastructure names
 * no module, not even a module's type.
 */
export type THttpDeps = {
  env: TEnv;
  database: TDatabase;
  auth: TAuth;
  logger: Logger;
  realtime: TRealtimeHub;
  /** Stored files' bytes: DATA_DIR/files, or an S3-compatible bucket (decision 0019). */
  storage: TFileStorage;
};

/** A Hono env whose `deps` is at least what the HTTP layer needs. */
export type THttpEnv<TDeps extends THttpDeps = THttpDeps> = {
  Variables: {
    deps: TDeps;
    log: Logger;
    requestId: string;
    clientIp: string;
    /** Who opens the realtime socket being opened: address, and session unless a visitor. */
    realtimeOwner: TSocketOwner;
  };
};
