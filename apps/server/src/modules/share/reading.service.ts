import {
  documentFileIds,
  type TAcceptanceCertificate,
  type TRevision,
  type TRevisionSnapshot,
  type TSharedProposal,
  type TSharedSigning,
  type TSignerParty,
  signingProgress,
} from '@draftwell/shared';
import type { TPricingSelection } from '@draftwell/shared/document';
import { and, eq } from 'drizzle-orm';
import { issueRevisionPdf } from '../documents/revision-pdf';
import { findCertificate, revisionByNumber, toRevision, toRevisionSummary } from '../revisions/records';
import { signerName, signingSettings, type TSignatureRow, type TSignerRow } from '../signers/signers';
import { brandedSnapshot, planOfRow } from '../billing/plan';
import { files, proposalRevisions } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { issueSealedPdf, sealedPdfStateOf } from '../seal/sealed-documents';
import { paymentRowOf, toSharedPayment } from '../payments/terms';
import {
  missing,
  readSharePage,
  requireRevision,
  resolveShare,
  resolveSigner,
  type TRow,
  type TShareRequest,
} from './share-access';

/* What the client reads through the link: the proposal, its revisions, files, PDF and certificate. */

export const shareFileUrl = (token: string, fileId: string) => `/api/share/${token}/files/${fileId}`;

/**
 * The client's page: the proposal, its newest revision branded for the owner's plan, the
 * revisions, comments, certificate, sealed PDF, decline and the signing round, all read by the
 * one statement that opens the link (share-read.ts, P3).
 */
export async function getSharedProposal(req: TShareRequest): Promise<TSharedProposal> {
  const { row, signer, page } = await readSharePage(req);
  const revision = page.latest;
  if (!revision) throw missing();
  const planId = planOfRow(page.plan, req.deps.env.defaultPlan);
  const { snapshot, madeWithFooter } = brandedSnapshot(revision.snapshot as TRevisionSnapshot, planId);
  const decline = page.decline;
  const signing = sharedSigning(row, signer, page.signers, page.signed);
  const db = req.deps.database.db;
  const paymentRow = page.hasPayment ? await paymentRowOf(db, row.id) : null;
  return {
    status: row.status as TSharedProposal['status'],
    validUntil: row.validUntil,
    revision: toRevisionSummary(revision),
    snapshot,
    revisions: page.revisions,
    logoUrl: snapshot.sender.logoFileId ? shareFileUrl(req.token, snapshot.sender.logoFileId) : null,
    showMadeWithFooter: madeWithFooter,
    acceptance: page.certificate,
    sealedPdf: row.status === 'accepted' ? sealedPdfStateOf(page.sealed) : 'none',
    decline: decline
      ? { at: decline.at.toISOString(), reason: String((decline.data as { reason?: unknown }).reason ?? '') }
      : null,
    comments: page.comments,
    signing,
    payment: paymentRow
      ? await toSharedPayment(db, paymentRow, {
          proposal: row,
          snapshot: revision.snapshot as TRevisionSnapshot,
          fixedSelection: signing.fixedSelection,
        })
      : null,
  };
}

type TListedSigner = Pick<TSignerRow, 'id' | 'position' | 'party' | 'name' | 'email' | 'role'>;
type TGivenSignature = Pick<TSignatureRow, 'signerId' | 'party' | 'signedAt' | 'selection'>;

/** The round as the link's signer sees it: everyone's name, role and whether they signed; no addresses. */
function sharedSigning(
  row: TRow,
  you: TSignerRow,
  signers: TListedSigner[],
  signed: TGivenSignature[],
): TSharedSigning {
  const settings = signingSettings(row.signing);
  const progress = signingProgress(settings, signers, signed);
  const signedAt = new Map(signed.map((s) => [s.signerId, s.signedAt.toISOString()]));
  const open = row.status === 'sent' || row.status === 'viewed';
  const waitingFor =
    open && !progress.canSignNow.has(you.id) && !signedAt.has(you.id)
      ? progress.awaiting.filter((s) => s.id !== you.id && s.position < you.position).map(signerName)
      : [];
  const first = signed.find((s) => s.party === 'client' && s.selection);
  return {
    order: settings.order,
    emailCode: settings.emailCode,
    methods: settings.methods,
    you: { id: you.id, name: you.name, email: you.email, role: you.role, signedAt: signedAt.get(you.id) ?? null },
    signers: signers.map((s) => ({
      name: signerName(s),
      role: s.role,
      party: s.party as TSignerParty,
      signedAt: signedAt.get(s.id) ?? null,
      you: s.id === you.id,
    })),
    yourTurn: open && progress.canSignNow.has(you.id),
    waitingFor,
    fixedSelection: (first?.selection as TPricingSelection | undefined) ?? null,
  };
}

export async function getSharedRevision(req: TShareRequest, number: number): Promise<TRevision> {
  const row = await resolveShare(req);
  const revision = await revisionByNumber(req.deps.database.db, row.id, number);
  if (!revision) throw new AppError('not_found', 'That revision does not exist.');
  return toRevision(revision);
}

/** A file the sent proposal shows (its logo or an image of any revision), and no other. */
export async function readSharedFile(req: TShareRequest, fileId: string) {
  const row = await resolveShare(req);
  const db = req.deps.database.db;
  const revisions = await db
    .select({ snapshot: proposalRevisions.snapshot })
    .from(proposalRevisions)
    .where(eq(proposalRevisions.proposalId, row.id));
  const allowed = new Set<string>();
  for (const revision of revisions) {
    const snapshot = revision.snapshot as TRevisionSnapshot;
    if (snapshot.sender.logoFileId) allowed.add(snapshot.sender.logoFileId);
    for (const id of documentFileIds(snapshot.document)) allowed.add(id);
  }
  const id = fileId.toLowerCase();
  if (!allowed.has(id)) throw new AppError('not_found', 'We could not find that file.');
  const [file] = await db
    .select()
    .from(files)
    .where(and(eq(files.id, id), eq(files.ownerId, row.ownerId)));
  const stored = file ? await req.deps.storage.get(file.storageKey) : null;
  if (!file || !stored) throw new AppError('not_found', 'We could not find that file.');
  return { file, stored };
}

/** The newest revision (or revision `number`) as a PDF, with the certificate once accepted. */
export async function sharePdf(req: TShareRequest & { number?: number }) {
  const { row, signer } = await resolveSigner(req);
  const db = req.deps.database.db;
  const revision = req.number ? await revisionByNumber(db, row.id, req.number) : await requireRevision(req, row);
  if (!revision) throw new AppError('not_found', 'That revision does not exist.');
  return issueRevisionPdf({
    deps: req.deps,
    proposal: row,
    revision,
    by: 'client',
    signer: { id: signer.id, name: signerName(signer) },
    ipAddress: req.ip,
    userAgent: req.userAgent,
  });
}

export async function getShareCertificate(req: TShareRequest): Promise<TAcceptanceCertificate> {
  const row = await resolveShare(req);
  const certificate = await findCertificate(req.deps.database.db, row.id);
  if (!certificate) throw new AppError('not_found', 'This proposal has not been accepted.');
  return certificate;
}

/** The accepted proposal's sealed PDF, as stored (decision 0014): 409 with Retry-After while it is made. */
export async function shareSealedPdf(req: TShareRequest) {
  const { row, signer } = await resolveSigner(req);
  return issueSealedPdf({
    deps: req.deps,
    proposal: row,
    by: 'client',
    signer: { id: signer.id, name: signerName(signer) },
    ipAddress: req.ip,
    userAgent: req.userAgent,
  });
}
