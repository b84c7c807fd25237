import type { TAcceptanceCertificate } from '@draftwell/shared/share/revision';

/** The acceptance a document shows in its signature blocks (document-view.tsx, signature-view.tsx). */
export type TDocumentAcceptance = {
  name: string;
  acceptedAt: string;
  /** Every signature with its mark, for the signature block's boxes (older acceptances have one, without). */
  signatures?: TAcceptanceCertificate['signatures'];
};
