import type { TPdfFailureReason } from './pdf-types';

/**
 * Why a PDF was not produced: `timeout` and `memory` when a render hit its cap and its worker was
 * stopped (QUALITY R13), `invalid` when the input cannot be rendered (a document or a selection
 * that does not pass the shared rules), `busy` when its owner (or everyone) already has as many
 * renders in line as allowed, or it waited too long for a worker (R15), `failed` for anything else.
 */
export class PdfRenderError extends Error {
  readonly reason: TPdfFailureReason;
  /** When `busy`: the seconds after which a worker is sure to be free for it (Retry-After). */
  readonly retryAfter: number | undefined;

  constructor(reason: TPdfFailureReason, message: string, options?: { cause?: unknown; retryAfter?: number }) {
    super(message, options);
    this.name = 'PdfRenderError';
    this.reason = reason;
    this.retryAfter = options?.retryAfter;
  }
}
