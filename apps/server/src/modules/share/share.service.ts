/**
 * The client's side, reached only through a share token: it grants reading, commenting,
 * accepting and declining one proposal, nothing else (QUALITY A3). Split by job: the token and
 * its limits (share-access.ts), reading (reading.service.ts), visits (views.service.ts) and the
 * client's answers (answers.service.ts).
 */
export { SHARE_RATE, resolveShare, type TShareRequest } from './share-access';
export {
  getShareCertificate,
  getSharedProposal,
  getSharedRevision,
  readSharedFile,
  shareFileUrl,
  sharePdf,
  shareSealedPdf,
} from './reading.service';
export { recordViewTime, startView } from './views.service';
export { COMMENT_MAIL_WINDOW_SECONDS, acceptProposal, addClientComment, declineProposal } from './answers.service';
export { sendEmailCode } from './email-code';
