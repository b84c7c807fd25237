import { randomUUID } from 'node:crypto';
import { jobLoop } from '../../lib/job-loop';
import { and, eq, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { renderRevisionPdf } from '../documents/revision-pdf';
import { recordEvent } from '../events/events';
import type { TDatabase, TDb } from '../../db/client';
import { issuedDocuments, proposalRevisions, proposals, sealedDocuments } from '../../db/schema';
import type { TEnv } from '../../env';
import { sha256Hex } from '../../lib/sha256';
import { PdfRenderError, type TPdfRenderer } from '../../pdf';
import { deleteStoredBytes, keepStorageKey, reserveStorageKey } from '../../storage/deletions';
import { StorageUnavailableError, type TFileStorage } from '../../storage/file-storage';
import { signPdf } from './sign-pdf';
import type { TSigningIdentity } from './signing-identity';
import { verifyUrl } from '../../lib/links';

/**
 * The seal job (decision 0014, QUALITY R17). `scheduleSeal` is the one hook: called in the
 * transaction that completes a proposal, it queues the job with that commit and wakes every
 * instance when the commit lands (NOTIFY is delivered on commit, never for a rolled-back one).
 * Any instance claims due jobs with a lease (`FOR UPDATE SKIP LOCKED`, as the mail outbox
 * does); one that dies mid-seal leaves its lease to run out, and another instance's next pass
 * (on a notification, its timer or its start) finishes the job. A seal is stored once: the
 * file goes under a new key, and only the conditional update that marks the job sealed keeps
 * it; a late second sealer deletes its own copy.
 */
export const SEAL_CHANNEL = 'draftwell_seal';

/** How long a claimed job is an instance's: past the PDF caps (20 s) and a slow timestamp server. */
const LEASE_SECONDS = 120;
const BATCH = 4;
/** The safety net: retries that came due and leases that ran out are found within this. */
const POLL_MS = 30_000;
/** Tries before a job is marked failed for the owner to see (and ask again). */
export const SEAL_MAX_ATTEMPTS = 5;
/** 10 s, 20 s, 40 s, 80 s between the tries; a failure is the owner's to see within three minutes. */
const backoffSeconds = (attempts: number) => Math.min(1800, 10 * 2 ** Math.max(0, attempts - 1));

/**
 * Queues the sealed PDF of a completed proposal, in the caller's transaction: the one call the
 * acceptance (and, with several signers, the last signature) makes. Nothing happens twice: a
 * proposal has one job, and a second call leaves it as it is.
 */
export async function scheduleSeal(
  tx: TDb,
  job: { proposalId: string; ownerId: string; revisionId: string },
): Promise<void> {
  await tx
    .insert(sealedDocuments)
    .values({ proposalId: job.proposalId, ownerId: job.ownerId, revisionId: job.revisionId })
    .onConflictDoNothing({ target: sealedDocuments.proposalId });
  await tx.execute(sql`select pg_notify(${SEAL_CHANNEL}, ${job.proposalId})`);
}

/** Mail waiting for this proposal's sealed PDF goes now (with it, or, if it failed, without). */
async function releaseWaitingMail(db: TDb, proposalId: string): Promise<void> {
  await db.execute(
    sql`update mail_outbox set next_attempt_at = now() where sent_at is null and attachment->>'kind' = 'sealed_pdf' and attachment->>'proposalId' = ${proposalId}`,
  );
}

type TClaimed = { proposal_id: string; owner_id: string; revision_id: string; attempts: number };

export type TSealDeps = {
  database: TDatabase;
  env: TEnv;
  storage: TFileStorage;
  pdf: TPdfRenderer;
  logger: Logger;
  identity: () => Promise<TSigningIdentity>;
  /** After a seal: the mail that waited for it can go. */
  onSealed: () => void;
};

export type TSealWorker = {
  start(): Promise<void>;
  /** Look for due jobs now. */
  kick(): void;
  /** Run every due job; resolves when a pass found nothing more. Tests, the bench and shutdown. */
  drain(): Promise<number>;
  stop(): Promise<void>;
  /** The certificate seals are made with (loaded once). */
  identity(): Promise<TSigningIdentity>;
};

/** What the owner is told when a seal fails: their next step, not our internals. */
function failureReason(err: unknown): { text: string; permanent: boolean; expected: boolean } {
  if (err instanceof PdfRenderError) {
    switch (err.reason) {
      case 'timeout':
      case 'memory':
        return {
          text: 'The proposal is too large to turn into a PDF within our limits, so it could not be sealed.',
          permanent: true,
          expected: true,
        };
      case 'invalid':
        return { text: `The PDF could not be drawn: ${err.message}`, permanent: true, expected: true };
      case 'busy':
        return { text: 'The PDF service was busy.', permanent: false, expected: true };
      case 'failed':
        return { text: 'The PDF could not be made.', permanent: false, expected: true };
    }
  }
  if (err instanceof StorageUnavailableError) {
    return { text: 'The file storage could not be reached.', permanent: false, expected: true };
  }
  return {
    text: 'An unexpected error stopped the seal; it is logged on the server.',
    permanent: false,
    expected: false,
  };
}

export function createSealWorker(deps: TSealDeps): TSealWorker {
  const { database, logger } = deps;
  const db = database.db;

  async function claim(): Promise<TClaimed[]> {
    const result = (await db.execute(sql`
      update sealed_documents
      set locked_until = now() + make_interval(secs => ${LEASE_SECONDS}), attempts = attempts + 1, updated_at = now()
      where proposal_id in (
        select proposal_id from sealed_documents
        where status = 'pending' and next_attempt_at <= now() and (locked_until is null or locked_until < now())
        order by next_attempt_at
        limit ${BATCH}
        for update skip locked
      )
      returning proposal_id, owner_id, revision_id, attempts`)) as unknown as { rows: TClaimed[] };
    return result.rows;
  }

  async function seal(job: TClaimed): Promise<boolean> {
    const [proposal] = await db.select().from(proposals).where(eq(proposals.id, job.proposal_id));
    const [revision] = await db
      .select()
      .from(proposalRevisions)
      .where(and(eq(proposalRevisions.id, job.revision_id), eq(proposalRevisions.proposalId, job.proposal_id)));
    // Gone (the account was deleted): the job went with it.
    if (!proposal || !revision) return false;
    const identity = await deps.identity();
    const started = performance.now();
    const { bytes, filename } = await renderRevisionPdf({ deps, proposal, revision });
    const rendered = performance.now();
    const signed = await signPdf(bytes, identity, {
      reason: `Accepted proposal ${proposal.number}, revision ${revision.number}, sealed by Draftwell`,
      location: new URL(deps.env.baseUrl).host,
      contactInfo: verifyUrl(deps.env.baseUrl),
    });
    for (const warning of signed.warnings) logger.warn({ proposalId: proposal.id, warning }, 'seal warning');
    const sha256 = sha256Hex(signed.bytes);
    const storageKey = `sealed-${randomUUID()}.pdf`;
    // Bytes whose row never comes (this instance stops right after the put) are removed within the hour.
    await reserveStorageKey(db, storageKey);
    await deps.storage.put(storageKey, signed.bytes, { contentType: 'application/pdf' });
    const kept = await db.transaction(async (tx) => {
      const updated = await tx
        .update(sealedDocuments)
        .set({
          status: 'sealed',
          storageKey,
          sha256,
          size: signed.bytes.byteLength,
          filename: filename.replace(/(-accepted)?\.pdf$/, '-sealed.pdf'),
          certificateFingerprint: identity.fingerprint,
          certificateSubject: identity.subject,
          sealedAt: sql`now()`,
          lockedUntil: null,
          lastError: null,
          updatedAt: sql`now()`,
        })
        .where(and(eq(sealedDocuments.proposalId, job.proposal_id), eq(sealedDocuments.status, 'pending')))
        .returning({ proposalId: sealedDocuments.proposalId });
      if (updated.length === 0) return false;
      await keepStorageKey(tx, storageKey);
      await tx
        .insert(issuedDocuments)
        .values({ sha256, proposalId: proposal.id, revisionId: revision.id })
        .onConflictDoNothing({ target: issuedDocuments.sha256 });
      await recordEvent(tx, {
        proposalId: proposal.id,
        ownerId: proposal.ownerId,
        type: 'sealed',
        actor: 'system',
        revisionNumber: revision.number,
        data: { sha256, certificateFingerprint: identity.fingerprint },
      });
      await releaseWaitingMail(tx, proposal.id);
      return true;
    });
    if (!kept) {
      // Another instance sealed it first (this one's lease had run out): its file is the one.
      await deleteStoredBytes({ db, storage: deps.storage, log: logger, storageKeys: [storageKey] });
      return false;
    }
    logger.info(
      {
        proposalId: proposal.id,
        renderMs: Math.round(rendered - started),
        signMs: Math.round(performance.now() - rendered),
        bytes: signed.bytes.byteLength,
      },
      'sealed PDF stored',
    );
    return true;
  }

  async function fail(job: TClaimed, err: unknown): Promise<void> {
    const { text, permanent, expected } = failureReason(err);
    const final = permanent || job.attempts >= SEAL_MAX_ATTEMPTS;
    const wait = backoffSeconds(job.attempts);
    // A failure we know (a PDF cap, the storage) is a warning; anything else is a bug to find, so
    // it is an error with its stack.
    logger[expected ? 'warn' : 'error'](
      {
        proposalId: job.proposal_id,
        attempts: job.attempts,
        final,
        ...(final ? {} : { retryInSeconds: wait }),
        err: expected && err instanceof Error ? err.message : err,
      },
      final ? 'sealed PDF failed; the owner can ask again' : 'sealed PDF not made; will retry',
    );
    if (!final) {
      await db.execute(
        sql`update sealed_documents set locked_until = null, last_error = ${text}, next_attempt_at = now() + make_interval(secs => ${wait}), updated_at = now() where proposal_id = ${job.proposal_id} and status = 'pending'`,
      );
      return;
    }
    await db.transaction(async (tx) => {
      const updated = await tx
        .update(sealedDocuments)
        .set({ status: 'failed', lockedUntil: null, lastError: text, updatedAt: sql`now()` })
        .where(and(eq(sealedDocuments.proposalId, job.proposal_id), eq(sealedDocuments.status, 'pending')))
        .returning({ ownerId: sealedDocuments.ownerId });
      if (updated.length === 0) return;
      await recordEvent(tx, {
        proposalId: job.proposal_id,
        ownerId: job.owner_id,
        type: 'seal_failed',
        actor: 'system',
        data: { reason: text },
      });
      await releaseWaitingMail(tx, job.proposal_id);
    });
  }

  async function pass(): Promise<number> {
    let sealed = 0;
    for (;;) {
      const jobs = await claim();
      if (jobs.length === 0) return sealed;
      for (const job of jobs) {
        try {
          if (await seal(job)) {
            sealed += 1;
            deps.onSealed();
          }
        } catch (err) {
          await fail(job, err).catch((e: unknown) =>
            logger.warn({ err: e instanceof Error ? e.message : String(e) }, 'could not record a seal failure'),
          );
        }
      }
    }
  }

  const loop = jobLoop({ name: 'seal', pollMs: POLL_MS, logger, pass, wake: { database, channel: SEAL_CHANNEL } });
  return { ...loop, identity: deps.identity };
}
