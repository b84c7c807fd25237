import { withLaterWords } from '@draftwell/shared/i18n/i18n';
import { preloadable } from '@/lib/preloadable';

/**
 * The acceptance certificate, a lazy part of the client's page (lazy-parts.ts re-exports it) in a
 * module of its own: the sign form, itself a lazy part, starts loading it as the last signer
 * accepts (`loadCertificate`) without importing lazy-parts.ts, which imports the sign form.
 */
export const AcceptanceCertificate = preloadable('AcceptanceCertificate', () =>
  withLaterWords(import('./acceptance-certificate')).then((m) => m.AcceptanceCertificate),
);
export const loadCertificate = AcceptanceCertificate.preload;
