import { lazy } from 'react';
import { loadSignatureInput } from '@/components/signature/lazy-signature';

/**
 * Parts of the client's page that only some visits show, each its own chunk fetched once the
 * page knows it needs it, so no visit loads the code of states it is not in (QUALITY P8). The
 * signers, the sign form and the comment form come as the reader nears them (`NearSlot`), as
 * "What changed" does: a first load of an open proposal fetches none of them.
 */
export const loadCertificate = () => import('./acceptance-certificate');

export const AcceptanceCertificate = lazy(() => loadCertificate().then((m) => ({ default: m.AcceptanceCertificate })));
export const DeclineDialog = lazy(() => import('./decline-dialog').then((m) => ({ default: m.DeclineDialog })));
export const RevisionChanges = lazy(() => import('./revision-changes').then((m) => ({ default: m.RevisionChanges })));
// The sign form shows the signature input at once: both chunks are fetched together.
export const AcceptSection = lazy(() => {
  void loadSignatureInput();
  return import('./accept-section').then((m) => ({ default: m.AcceptSection }));
});
export const ShareFailureView = lazy(() => import('./share-states').then((m) => ({ default: m.ShareFailureView })));
export const SignersPanel = lazy(() => import('./signers-panel').then((m) => ({ default: m.SignersPanel })));
export const CommentForm = lazy(() => import('./comment-form').then((m) => ({ default: m.CommentForm })));
// Payment after signing (decision 0018): only proposals whose sender asks for one load these.
export const PaymentPanel = lazy(() => import('./payment-panel').then((m) => ({ default: m.PaymentPanel })));
export const PaymentDueNote = lazy(() => import('./payment-due-note').then((m) => ({ default: m.PaymentDueNote })));
