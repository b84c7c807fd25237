/** What the verification page accepts, checked before sending (the server checks again). */

/** The largest PDF the page sends. */
export const VERIFY_PDF_MAX_BYTES = 10 * 1024 * 1024;

const SHA256_HEX = /^[0-9a-f]{64}$/;

export const HASH_MESSAGE = 'A hash is 64 characters of 0-9 and a-f, as printed on the certificate.';

/** The hash as the server compares it (trimmed, lowercase), or null when it cannot be one. */
export function normalizeHash(value: string): string | null {
  const hash = value.trim().toLowerCase();
  return SHA256_HEX.test(hash) ? hash : null;
}

/** What is wrong with a chosen file, or null. */
export function pdfProblem(file: File): string | null {
  const isPdf = file.type === 'application/pdf' || (file.type === '' && /\.pdf$/i.test(file.name));
  if (!isPdf) return 'Choose a PDF file (one downloaded from a proposal’s page).';
  if (file.size === 0) return 'That file is empty.';
  if (file.size > VERIFY_PDF_MAX_BYTES)
    return 'That file is larger than 10 MB. Choose the PDF downloaded from the proposal.';
  return null;
}
