import { formatNumber } from '@draftwell/shared/i18n/format';
import type { I18n } from '@draftwell/shared/i18n/i18n';

/** What the verification page accepts, checked before sending (the server checks again). */

/** The largest PDF the page sends, in megabytes (the server's limit, VERIFY_MAX_FILE_BYTES). */
const VERIFY_PDF_MAX_MB = 10;
export const VERIFY_PDF_MAX_BYTES = VERIFY_PDF_MAX_MB * 1024 * 1024;

const SHA256_HEX = /^[0-9a-f]{64}$/;

/** The largest PDF's size as the reader's language writes it ("10 MB", "10 Mo"). */
export function maxPdfSize(locale: string): string {
  return formatNumber(VERIFY_PDF_MAX_MB, locale, { style: 'unit', unit: 'megabyte' });
}

/** What a hash must look like, for a pasted one that does not. */
export function hashMessage(i18n: I18n): string {
  return i18n._('A hash is 64 characters of 0-9 and a-f, as printed on the certificate.');
}

/** The hash as the server compares it (trimmed, lowercase), or null when it cannot be one. */
export function normalizeHash(value: string): string | null {
  const hash = value.trim().toLowerCase();
  return SHA256_HEX.test(hash) ? hash : null;
}

/** A PDF over the size limit: the page's own check, and the server's answer to one (too_large). */
export function pdfTooLargeMessage(i18n: I18n): string {
  return i18n._('That file is larger than {size}. Choose the PDF downloaded from the proposal.', {
    size: maxPdfSize(i18n.locale),
  });
}

/** What is wrong with a chosen file, in the reader's language, or null. */
export function pdfProblem(i18n: I18n, file: File): string | null {
  const isPdf = file.type === 'application/pdf' || (file.type === '' && /\.pdf$/i.test(file.name));
  if (!isPdf) return i18n._('Choose a PDF file (one downloaded from a proposal’s page).');
  if (file.size === 0) return i18n._('That file is empty.');
  if (file.size > VERIFY_PDF_MAX_BYTES) return pdfTooLargeMessage(i18n);
  return null;
}
