import { withLaterWords } from '@draftwell/shared/i18n/i18n';
import { lazy } from 'react';

/**
 * The signature input as its own chunk, with the handwriting font's CSS and files: the client's
 * page loads it when the signer opens the acceptance (call `loadSignatureInput` on the way there
 * to start the download early), never with its first load (QUALITY P8). SignatureMarkView is
 * small and has no lazy twin: import it into the (lazy) part that shows a mark, and the font's
 * CSS comes with that part.
 */
export const loadSignatureInput = () => withLaterWords(import('./signature-input'));

export const LazySignatureInput = lazy(() => loadSignatureInput().then((m) => ({ default: m.SignatureInput })));
