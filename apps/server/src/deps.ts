import type { TSealWorker } from './modules/seal/seal-jobs';
import type { TResolver } from './modules/webhooks/address';
import type { TWebhookWorker } from './modules/webhooks/queue';
import type { THttpDeps, THttpEnv } from './http/context';
import type { TAuthed, TSignedInWith } from './http/require-user';
import type { TMailer } from './mail/mailer';
import type { TOutboxWorker } from './mail/outbox';
import type { TPdfRenderer } from './pdf';
import type { TStorageDeletionWorker } from './storage/deletions';

/**
 * The dependency bag, built by the composition root (server.ts) and handed to every request as
 * `c.var.deps`. Routes take their env types from here; a module's service, job or query names
 * only the narrow part it uses (a `Pick` of this, or the infrastructure types themselves), so no
 * module's file is both named here and importing this file (no import cycle).
 */
export type TAppDeps = THttpDeps & {
  mailer: TMailer;
  /** Sends queued mail (the outbox, R9); `kick` after a commit that queued some. */
  outbox: TOutboxWorker;
  /** Seals completed proposals' PDFs (decision 0014); `drain` in tests and the bench. */
  seals: TSealWorker;
  /** Renders PDFs in its pool of worker threads (decision 0005). */
  pdf: TPdfRenderer;
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

/** A route's env: the app's deps, the request's log, id and address. */
export type TAppEnv = THttpEnv<TAppDeps>;
/** A protected route's env: `c.var.actor` is the signed-in user (requireUser). */
export type TAuthedEnv = TAuthed<TAppEnv>;
/** The editor's two hottest routes' env: the session is checked in the route's own statement. */
export type TSignedInEnv = TSignedInWith<TAppEnv>;
