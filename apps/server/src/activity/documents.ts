import { documentFileIds, type TRevisionSnapshot } from '@draftwell/shared';
import { and, eq, inArray } from 'drizzle-orm';
import { files, issuedDocuments, type proposalRevisions, type proposals } from '../db/schema';
import type { TAppDeps } from '../http/context';
import { AppError } from '../lib/app-error';
import { brandedSnapshot, planOf } from '../billing/plan';
import { sha256Hex } from '../lib/sha256';
import { PdfRenderError, renderProposalPdf, type TPdfImage } from '../pdf';
import { recordEvent } from './events';
import { findCertificate } from './records';

type TProposalRow = typeof proposals.$inferSelect;
type TRevisionRow = typeof proposalRevisions.$inferSelect;

const IMAGE_TYPES = new Set<TPdfImage['contentType']>(['image/png', 'image/jpeg', 'image/webp']);

/**
 * The images a revision shows, read from our own storage and only the owner's files: the PDF
 * never fetches a URL (A15).
 */
async function revisionImages(deps: TAppDeps, ownerId: string, snapshot: TRevisionSnapshot) {
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
    const bytes = await deps.storage.get(row.storageKey);
    if (bytes) images[row.id] = { contentType: type, data: new Uint8Array(bytes) };
  }
  return images;
}

function pdfFailure(err: unknown): never {
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
    case 'failed':
      throw new AppError('unavailable', 'The PDF could not be made just now. Try again in a moment.');
  }
}

/**
 * A revision as a PDF: with the client's choices and the certificate page when this is the
 * revision they accepted. Every PDF handed out is remembered by its SHA-256, so /verify can
 * recognise it later; a download is an event on the timeline.
 */
export async function issueRevisionPdf(args: {
  deps: TAppDeps;
  proposal: TProposalRow;
  revision: TRevisionRow;
  by: 'owner' | 'client';
  ipAddress?: string;
  userAgent?: string;
}): Promise<{ bytes: Uint8Array; filename: string }> {
  const { deps, proposal, revision, by } = args;
  const db = deps.database.db;
  const planId = await planOf(db, deps.env.defaultPlan, proposal.ownerId);
  const { snapshot, madeWithFooter } = brandedSnapshot(revision.snapshot as TRevisionSnapshot, planId);
  const accepted = await findCertificate(db, proposal.id);
  const certificate = accepted && accepted.revisionNumber === revision.number ? accepted : null;
  let bytes: Uint8Array;
  try {
    bytes = await renderProposalPdf({
      snapshot,
      revision: { number: revision.number, hash: revision.hash },
      ...(certificate ? { selection: certificate.selection, certificate } : {}),
      showMadeWithFooter: madeWithFooter,
      images: await revisionImages(deps, proposal.ownerId, snapshot),
    });
  } catch (err) {
    pdfFailure(err);
  }
  const sha256 = sha256Hex(bytes);
  await db.transaction(async (tx) => {
    await tx
      .insert(issuedDocuments)
      .values({ sha256, proposalId: proposal.id, revisionId: revision.id })
      .onConflictDoNothing({ target: issuedDocuments.sha256 });
    await recordEvent(tx, {
      proposalId: proposal.id,
      ownerId: proposal.ownerId,
      type: 'downloaded',
      actor: by,
      revisionNumber: revision.number,
      data: { by },
      ipAddress: by === 'client' ? (args.ipAddress ?? null) : null,
      userAgent: by === 'client' ? (args.userAgent ?? null) : null,
    });
  });
  const safeNumber = snapshot.number.replace(/[^A-Za-z0-9-]/g, '');
  return { bytes, filename: `${safeNumber}-revision-${revision.number}${certificate ? '-accepted' : ''}.pdf` };
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
