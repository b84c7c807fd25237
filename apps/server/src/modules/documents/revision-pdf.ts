import { documentFileIds, type TRevisionSnapshot } from '@draftwell/shared';
import { and, eq, inArray } from 'drizzle-orm';
import { files, issuedDocuments, proposalRevisions, proposals } from '../../db/schema';
import type { TMailFile } from '../../mail/mailer';
import type { TMailAttachment } from '../../mail/outbox';
import { AppError } from '../../lib/app-error';
import { brandedSnapshot, planOf } from '../billing/plan';
import { sha256Hex } from '../../lib/sha256';
import { readStoredBytes, StoredFileMismatchError } from '../../storage/file-storage';
import { PdfRenderError, type TPdfImage, type TPdfRenderer } from '../../pdf';
import { recordEvent, signerData, type TEventSigner } from '../events/events';
import { findCertificate } from '../revisions/records';
import type { THttpDeps } from '../../http/context';
import { verifyUrl } from '../../lib/links';

type TProposalRow = typeof proposals.$inferSelect;
type TRevisionRow = typeof proposalRevisions.$inferSelect;
/** What making a PDF needs: the database, the plan settings, the stored files and the renderer. */
/** What making a revision's PDF needs: the infrastructure's parts, never the whole bag (deps.ts). */
type TPdfDeps = Pick<THttpDeps, 'database' | 'env' | 'storage'> & { pdf: TPdfRenderer };

const IMAGE_TYPES = new Set<TPdfImage['contentType']>(['image/png', 'image/jpeg', 'image/webp']);

/**
 * The images a revision shows, read from our own storage and only the owner's files: the PDF
 * never fetches a URL (A15).
 */
async function revisionImages(deps: TPdfDeps, ownerId: string, snapshot: TRevisionSnapshot) {
  const ids = [
    ...new Set([
      ...(snapshot.sender.logoFileId ? [snapshot.sender.logoFileId] : []),
      ...documentFileIds(snapshot.document),
    ]),
  ];
  const images: Record<string, TPdfImage> = {};
  if (ids.length === 0) return images;
  const rows = await deps.database.db
    .select()
    .from(files)
    .where(and(eq(files.ownerId, ownerId), inArray(files.id, ids)));
  for (const row of rows) {
    const type = row.contentType as TPdfImage['contentType'];
    if (!IMAGE_TYPES.has(type)) continue;
    // An image is drawn from its bytes in the PDF worker, so it is read whole (it is at most the
    // size its row records); one whose bytes are gone or damaged is left out, as in the editor.
    const bytes = await readStoredBytes(deps.storage, row.storageKey, { maxBytes: row.size }).catch((err: unknown) => {
      if (err instanceof StoredFileMismatchError) return null;
      throw err;
    });
    if (bytes) images[row.id] = { contentType: type, data: new Uint8Array(bytes) };
  }
  return images;
}

export function pdfFailure(err: unknown): never {
  if (!(err instanceof PdfRenderError)) throw err;
  switch (err.reason) {
    case 'timeout':
    case 'memory':
      throw new AppError(
        'too_large',
        'This proposal is too large to turn into a PDF within our limits. Shorten it or split it, then try again.',
      );
    case 'invalid':
      throw new AppError('invalid', `This proposal cannot be turned into a PDF: ${err.message}`);
    case 'busy':
      throw new AppError('rate_limited', err.message, { retryAfter: err.retryAfter ?? 10 });
    case 'failed':
      throw new AppError('unavailable', 'The PDF could not be made just now. Try again in a moment.');
  }
}

/**
 * A revision drawn as a PDF: with the client's choices and the certificate page when this is the
 * revision they accepted. Not recorded as handed out (`makeRevisionPdf` is, the seal job signs it
 * first). Rejects with the renderer's PdfRenderError. `by` is who waits for it: a client's
 * share-link PDF goes ahead of its owner's own exports (R15); background work is the owner's.
 */
export async function renderRevisionPdf(args: {
  deps: TPdfDeps;
  proposal: Pick<TProposalRow, 'id' | 'ownerId'>;
  revision: TRevisionRow;
  by?: 'owner' | 'client';
}): Promise<{ bytes: Uint8Array; filename: string; accepted: boolean }> {
  const { deps, proposal, revision } = args;
  const db = deps.database.db;
  const planId = await planOf(db, deps.env.defaultPlan, proposal.ownerId);
  const { snapshot, madeWithFooter: showMadeWithFooter } = brandedSnapshot(
    revision.snapshot as TRevisionSnapshot,
    planId,
  );
  const accepted = await findCertificate(db, proposal.id);
  const certificate = accepted && accepted.revisionNumber === revision.number ? accepted : null;
  const link = certificate ? verifyUrl(deps.env.baseUrl, revision.hash) : null;
  // Everything the PDF is drawn from (stored files never change under their id): equal keys,
  // equal PDFs. Requests for it at once share a render, and one that hit a cap fails fast (R15).
  const key = sha256Hex(JSON.stringify([revision.id, revision.hash, snapshot, certificate, showMadeWithFooter, link]));
  const bytes = await deps.pdf.render(
    {
      snapshot,
      revision: { number: revision.number, hash: revision.hash },
      ...(certificate ? { selection: certificate.selection, certificate } : {}),
      ...(link ? { verifyUrl: link } : {}),
      showMadeWithFooter,
      images: await revisionImages(deps, proposal.ownerId, snapshot),
    },
    { owner: proposal.ownerId, key, by: args.by ?? 'owner' },
  );
  const safeNumber = snapshot.number.replace(/[^A-Za-z0-9-]/g, '');
  return {
    bytes,
    filename: `${safeNumber}-revision-${revision.number}${certificate ? '-accepted' : ''}.pdf`,
    accepted: certificate !== null,
  };
}

/**
 * A revision as a PDF (see `renderRevisionPdf`). Every PDF made is remembered by its SHA-256, so
 * /verify can recognise it later. Rejects with the renderer's PdfRenderError.
 */
export async function makeRevisionPdf(args: {
  deps: TPdfDeps;
  proposal: Pick<TProposalRow, 'id' | 'ownerId'>;
  revision: TRevisionRow;
  by?: 'owner' | 'client';
}): Promise<{ bytes: Uint8Array; filename: string }> {
  const { bytes, filename } = await renderRevisionPdf(args);
  await args.deps.database.db
    .insert(issuedDocuments)
    .values({ sha256: sha256Hex(bytes), proposalId: args.proposal.id, revisionId: args.revision.id })
    .onConflictDoNothing({ target: issuedDocuments.sha256 });
  return { bytes, filename };
}

/**
 * The outbox's maker of a mail's PDF (the accepted revision with its certificate), run when the
 * mail is sent: outside the transaction that queued it, so acceptance never waits for a PDF.
 */
export function revisionPdfAttachments(deps: TPdfDeps) {
  return async (attachment: Extract<TMailAttachment, { kind: 'revision_pdf' }>): Promise<TMailFile> => {
    const db = deps.database.db;
    const [proposal] = await db.select().from(proposals).where(eq(proposals.id, attachment.proposalId));
    const [revision] = await db
      .select()
      .from(proposalRevisions)
      .where(
        and(eq(proposalRevisions.id, attachment.revisionId), eq(proposalRevisions.proposalId, attachment.proposalId)),
      );
    if (!proposal || !revision) throw new Error('The proposal or its revision no longer exists.');
    const { bytes, filename } = await makeRevisionPdf({ deps, proposal, revision });
    return { filename, contentType: 'application/pdf', content: bytes };
  };
}

/** A revision's PDF handed to the owner or the client: a download is an event on the timeline. */
export async function issueRevisionPdf(args: {
  deps: TPdfDeps;
  proposal: Pick<TProposalRow, 'id' | 'ownerId'>;
  revision: TRevisionRow;
  by: 'owner' | 'client';
  /** The client signer whose link it was: the timeline credits the download to them. */
  signer?: TEventSigner;
  ipAddress?: string;
  userAgent?: string;
}): Promise<{ bytes: Uint8Array; filename: string }> {
  const { deps, proposal, revision, by } = args;
  let made: { bytes: Uint8Array; filename: string };
  try {
    made = await makeRevisionPdf({ deps, proposal, revision, by });
  } catch (err) {
    pdfFailure(err);
  }
  await recordEvent(deps.database.db, {
    proposalId: proposal.id,
    ownerId: proposal.ownerId,
    type: 'downloaded',
    actor: by,
    revisionNumber: revision.number,
    data: { by, ...signerData(args.signer) },
    ipAddress: by === 'client' ? (args.ipAddress ?? null) : null,
    userAgent: by === 'client' ? (args.userAgent ?? null) : null,
  });
  return made;
}

/** Headers of a PDF download: a file, never rendered in our origin's context. */
export function pdfHeaders(filename: string): Record<string, string> {
  return {
    'content-type': 'application/pdf',
    'content-disposition': `attachment; filename="${filename}"`,
    'x-content-type-options': 'nosniff',
    'cache-control': 'private, no-store',
  };
}
