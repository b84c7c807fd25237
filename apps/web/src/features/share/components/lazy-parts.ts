import { withLaterWords } from '@draftwell/shared/i18n/i18n';
import { lazy } from 'react';
import { preloadable } from '@/lib/preloadable';

/**
 * Parts of the client's page that only some visits show, each its own chunk fetched once the
 * page knows it needs it, so no visit loads the code of states it is not in (QUALITY P8). The
 * signers, the sign form and the comment form come as the reader nears them (`NearSlot`), as
 * "What changed" does: a first load of an open proposal fetches none of them. The parts the
 * server renders (the certificate, the failure pages, the payment) are preloadable: a page
 * hydrating the server's HTML loads those it shows first (`preloadShownParts`).
 */
export { AcceptanceCertificate } from './lazy-certificate';
export const ShareFailureView = preloadable('ShareFailureView', () =>
  withLaterWords(import('./share-states')).then((m) => m.ShareFailureView),
);

export const DeclineDialog = lazy(() =>
  withLaterWords(import('./decline-dialog')).then((m) => ({ default: m.DeclineDialog })),
);
export const RevisionChanges = lazy(() =>
  withLaterWords(import('./revision-changes')).then((m) => ({ default: m.RevisionChanges })),
);
// The sign form shows the signature input at once: both chunks are fetched together. The input's
// chunk is named here rather than through lazy-signature.ts's loader, which the sign form imports:
// a static import of that module would bring it (and what the build puts beside it) into every
// first load.
export const AcceptSection = lazy(() => {
  void withLaterWords(import('@/components/signature/signature-input'));
  return withLaterWords(import('./accept-section')).then((m) => ({ default: m.AcceptSection }));
});
export const SignersPanel = lazy(() =>
  withLaterWords(import('./signers-panel')).then((m) => ({ default: m.SignersPanel })),
);
export const CommentForm = lazy(() =>
  withLaterWords(import('./comment-form')).then((m) => ({ default: m.CommentForm })),
);
// Payment after signing (decision 0018): only proposals whose sender asks for one load these.
export const PaymentPanel = preloadable('PaymentPanel', () =>
  withLaterWords(import('./payment-panel')).then((m) => m.PaymentPanel),
);
export const PaymentDueNote = preloadable('PaymentDueNote', () =>
  withLaterWords(import('./payment-due-note')).then((m) => m.PaymentDueNote),
);
