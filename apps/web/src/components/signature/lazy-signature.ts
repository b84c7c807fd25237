import { lazy } from 'react';

/**
 * The signature input and view as their own chunks, with the handwriting font's CSS and files:
 * the client's page loads them when the signer opens the acceptance (call `loadSignatureInput`
 * on the way there to start the download early), never with its first load (QUALITY P8).
 */
export const loadSignatureInput = () => import('./signature-input');
export const loadSignatureMarkView = () => import('./signature-mark-view');

export const LazySignatureInput = lazy(() => loadSignatureInput().then((m) => ({ default: m.SignatureInput })));
export const LazySignatureMarkView = lazy(() =>
  loadSignatureMarkView().then((m) => ({ default: m.SignatureMarkView })),
);
