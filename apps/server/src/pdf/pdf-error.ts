import type { TPdfFailureReason } from './pdf-types';

/**
 * Why a PDF was not produced: `timeout` and `memory` when a render hit its cap and its worker was
 * stopped (QUALITY R13), `invalid` when the input cannot be rendered (a document or a selection
 * that does not pass the shared rules), `busy` when its owner (or everyone) already has as many
 * renders in line as allowed (R15), `failed` for anything else.
 */
export class PdfRenderError extends Error {
  readonly reason: TPdfFailureReason;

  constructor(reason: TPdfFailureReason, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PdfRenderError';
    this.reason = reason;
  }
}
