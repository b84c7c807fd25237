import type { I18n } from '@draftwell/shared/i18n/i18n';
import type { TSealedPdfState, TSealStatus } from '@draftwell/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { recordEvent, signerData, type TEventSigner } from '../events/events';
import { firstSignerToken } from '../signers/signers';
import type { TDb } from '../../db/client';
import { acceptances, proposalRevisions, proposalSigners, sealedDocuments } from '../../db/schema';
import type { TEnv } from '../../env';
import { AppError } from '../../lib/app-error';
import { sha256Hex } from '../../lib/sha256';
import { openShareToken } from '../../lib/share-token';
import { AttachmentNotReadyError, type TMadeAttachment, type TMailAttachment } from '../../mail/outbox';
import {
  checkedStream,
  readStoredBytes,
  StoredFileMismatchError,
  type TFileStorage,
  type TStoredFile,
} from '../../storage/file-storage';
import { SEAL_CHANNEL, scheduleSeal } from './seal-jobs';
import type { TAppDeps } from '../../deps';
import { sealedPdfUrls } from '../../lib/links';

/** Reading sealed PDFs: their status, their bytes for a download or a mail, and asking for one. */

type TRow = typeof sealedDocuments.$inferSelect;

/** How long a request for a sealed PDF still being made is told to wait (Retry-After, seconds). */
export const SEAL_RETRY_AFTER_SECONDS = 5;
/** The most a sealed PDF of a row without a recorded size may be read into memory (a mail's attachment). */
const SEALED_PDF_MAX_BYTES = 64 * 1024 * 1024;
/** A mail waiting for its sealed PDF looks again after this, unless the seal job wakes it first. */
const MAIL_WAIT_SECONDS = 60;

async function sealRow(db: TDb, proposalId: string): Promise<TRow | null> {
  const [row] = await db.select().from(sealedDocuments).where(eq(sealedDocuments.proposalId, proposalId));
  return row ?? null;
}

export function toSealStatus(row: TRow | null): TSealStatus {
  if (!row) return { status: 'none' };
  switch (row.status) {
    case 'sealed':
      return {
        status: 'sealed',
        sealedAt: (row.sealedAt ?? row.updatedAt).toISOString(),
        sha256: row.sha256 ?? '',
        size: row.size ?? 0,
        certificateFingerprint: row.certificateFingerprint ?? '',
        certificateSubject: row.certificateSubject ?? '',
      };
    case 'failed':
      return {
        status: 'failed',
        failedAt: row.updatedAt.toISOString(),
        error: row.lastError ?? 'The sealed PDF could not be made.',
      };
    default:
      return {
        status: 'pending',
        since: row.createdAt.toISOString(),
        attempts: row.attempts,
        lastError: row.lastError,
      };
  }
}

export async function sealStatus(db: TDb, proposalId: string): Promise<TSealStatus> {
  return toSealStatus(await sealRow(db, proposalId));
}

/** What the client's page says of the sealed PDF, from its row's status (null: no row), as toSealStatus reads it. */
export function sealedPdfStateOf(status: string | null): TSealedPdfState {
  if (status === null) return 'none';
  if (status === 'sealed') return 'ready';
  return status === 'failed' ? 'failed' : 'pending';
}

/** A sealed row with its file, or why there is none to read (404, or 409 with Retry-After while it is made). */
async function sealedRowToRead(db: TDb, proposalId: string) {
  const row = await sealRow(db, proposalId);
  if (!row) {
    throw new AppError(
      'not_found',
      'This proposal has no sealed PDF: it was accepted before sealed PDFs existed, or is not accepted yet. Download the PDF with its certificate instead.',
    );
  }
  if (row.status === 'pending') {
    throw new AppError('conflict', 'The sealed PDF is still being made. Try again in a few seconds.', {
      retryAfter: SEAL_RETRY_AFTER_SECONDS,
      details: toSealStatus(row),
    });
  }
  if (row.status === 'failed' || !row.storageKey || !row.sha256) {
    throw new AppError(
      'conflict',
      `The sealed PDF could not be made: ${row.lastError ?? 'unknown reason'} The sender can ask for it again.`,
      { details: toSealStatus(row) },
    );
  }
  return { ...row, storageKey: row.storageKey, sha256: row.sha256, filename: row.filename ?? 'sealed.pdf' };
}

const cannotRead = () =>
  new AppError('unavailable', 'The sealed PDF cannot be read just now. Try again later.', { retryAfter: 60 });

/**
 * The stored sealed PDF as a stream, byte for byte as it was sealed: a 409 with Retry-After while
 * it is being made, a 404 when there is none, a 503 if the stored file is missing or of another
 * size. Its SHA-256 is checked as it is sent: a file whose bytes changed is cut short before its
 * last byte, so nobody receives it whole.
 */
export async function openSealedPdf(args: {
  db: TDb;
  storage: TFileStorage;
  logger: Logger;
  proposalId: string;
}): Promise<TStoredFile & { filename: string }> {
  const row = await sealedRowToRead(args.db, args.proposalId);
  const stored = await args.storage.get(row.storageKey);
  const log = { proposalId: args.proposalId, storageKey: row.storageKey };
  if (!stored || (row.size !== null && stored.size !== row.size)) {
    stored?.stream.destroy();
    args.logger.error({ ...log, found: Boolean(stored) }, 'sealed PDF missing from storage or altered');
    throw cannotRead();
  }
  const stream = checkedStream(stored.stream, row.sha256, () =>
    args.logger.error(log, 'sealed PDF altered in storage; its download was cut short'),
  );
  return { stream, size: stored.size, filename: row.filename };
}

/**
 * The whole sealed PDF, for a mail's attachment (a mail is made whole anyway; a sealed PDF is a
 * few hundred kilobytes): the same answers as `openSealedPdf`, and a 503 if its bytes changed.
 */
export async function readSealedPdf(args: {
  db: TDb;
  storage: TFileStorage;
  logger: Logger;
  proposalId: string;
}): Promise<{ bytes: Uint8Array; filename: string }> {
  const row = await sealedRowToRead(args.db, args.proposalId);
  let bytes: Buffer | null;
  try {
    bytes = await readStoredBytes(args.storage, row.storageKey, { maxBytes: row.size ?? SEALED_PDF_MAX_BYTES });
  } catch (err) {
    if (!(err instanceof StoredFileMismatchError)) throw err;
    bytes = null;
  }
  if (!bytes || sha256Hex(bytes) !== row.sha256) {
    args.logger.error(
      { proposalId: args.proposalId, storageKey: row.storageKey, found: Boolean(bytes) },
      'sealed PDF missing from storage or altered',
    );
    throw cannotRead();
  }
  return { bytes: new Uint8Array(bytes), filename: row.filename };
}

/**
 * The owner asks for the sealed PDF: of a proposal accepted before sealing existed, or again
 * after a failure. One already sealed or on its way is left as it is.
 */
export async function requestSeal(db: TDb, proposal: { id: string; ownerId: string; status: string }) {
  if (proposal.status !== 'accepted') {
    throw new AppError('conflict', 'Only an accepted proposal has a sealed PDF. It is made when the client accepts.');
  }
  await db.transaction(async (tx) => {
    const [acceptance] = await tx
      .select({ revisionId: acceptances.revisionId })
      .from(acceptances)
      .where(eq(acceptances.proposalId, proposal.id));
    if (!acceptance) throw new AppError('conflict', 'This proposal has no acceptance to seal.');
    const retried = await tx
      .update(sealedDocuments)
      .set({
        status: 'pending',
        attempts: 0,
        nextAttemptAt: sql`now()`,
        lockedUntil: null,
        lastError: null,
        updatedAt: sql`now()`,
      })
      .where(sql`${sealedDocuments.proposalId} = ${proposal.id} and ${sealedDocuments.status} = 'failed'`)
      .returning({ proposalId: sealedDocuments.proposalId });
    // Not failed: queue it (a no-op when it is already pending or sealed); wakes the workers.
    if (retried.length === 0) {
      await scheduleSeal(tx, { proposalId: proposal.id, ownerId: proposal.ownerId, revisionId: acceptance.revisionId });
    } else {
      await tx.execute(sql`select pg_notify(${SEAL_CHANNEL}, ${proposal.id})`);
    }
  });
  return sealStatus(db, proposal.id);
}

/**
 * The outbox's maker of a `sealed_pdf` attachment: the stored file, with a line linking to it.
 * While the seal is being made the mail waits (AttachmentNotReadyError); once it failed the
 * mail goes without it, saying so (the outbox's usual missing-file note).
 */
export function sealedPdfAttachments(deps: {
  database: { db: TDb };
  storage: TFileStorage;
  env: TEnv;
  logger: Logger;
}) {
  return async (attachment: Extract<TMailAttachment, { kind: 'sealed_pdf' }>): Promise<TMadeAttachment> => {
    const db = deps.database.db;
    const row = await sealRow(db, attachment.proposalId);
    if (row?.status === 'pending') {
      throw new AttachmentNotReadyError(
        'The sealed PDF is still being made.',
        MAIL_WAIT_SECONDS,
        async () => (await sealRow(db, attachment.proposalId))?.status !== 'pending',
      );
    }
    const { bytes, filename } = await readSealedPdf({
      db,
      storage: deps.storage,
      logger: deps.logger,
      proposalId: attachment.proposalId,
    });
    const base = deps.env.baseUrl;
    let url: string | null = null;
    if (attachment.audience === 'owner') {
      url = sealedPdfUrls.owner(base, attachment.proposalId);
    } else {
      // The signer's own link (each signer has one); mail queued before signers had ids: the first's.
      const [signer] = attachment.signerId
        ? await db
            .select({ sealed: proposalSigners.tokenSealed })
            .from(proposalSigners)
            .where(
              and(eq(proposalSigners.id, attachment.signerId), eq(proposalSigners.proposalId, attachment.proposalId)),
            )
        : [];
      const token = signer?.sealed
        ? openShareToken(deps.env.authSecret, signer.sealed)
        : await firstSignerToken(db, deps.env.authSecret, attachment.proposalId);
      if (token) url = sealedPdfUrls.client(base, token);
    }
    return {
      filename,
      contentType: 'application/pdf',
      content: bytes,
      ...(url ? { note: { text: (i18n: I18n) => i18n._('Download the digitally signed PDF:'), url } } : {}),
    };
  };
}

/** A sealed PDF handed to the owner or the client (a stream): a download on the timeline, as any PDF's. */
export async function issueSealedPdf(args: {
  deps: Pick<TAppDeps, 'database' | 'storage' | 'logger'>;
  proposal: { id: string; ownerId: string };
  by: 'owner' | 'client';
  /** The client signer whose link it was. */
  signer?: TEventSigner;
  ipAddress?: string;
  userAgent?: string;
}): Promise<TStoredFile & { filename: string }> {
  const { deps, proposal, by } = args;
  const db = deps.database.db;
  const file = await openSealedPdf({ db, storage: deps.storage, logger: deps.logger, proposalId: proposal.id });
  try {
    const [revision] = await db
      .select({ number: proposalRevisions.number })
      .from(sealedDocuments)
      .innerJoin(proposalRevisions, eq(proposalRevisions.id, sealedDocuments.revisionId))
      .where(eq(sealedDocuments.proposalId, proposal.id));
    await recordEvent(db, {
      proposalId: proposal.id,
      ownerId: proposal.ownerId,
      type: 'downloaded',
      actor: by,
      revisionNumber: revision?.number ?? null,
      data: { by, sealed: true, ...signerData(args.signer) },
      ipAddress: by === 'client' ? (args.ipAddress ?? null) : null,
      userAgent: by === 'client' ? (args.userAgent ?? null) : null,
    });
  } catch (err) {
    file.stream.destroy();
    throw err;
  }
  return file;
}
