import type { TAiFailureDetails, TAiFailureReason } from '@draftwell/shared/drafting/ai';
import { APICallError, RetryError } from 'ai';
import { AppError } from '../../lib/app-error';

/**
 * A model that could not help, as the one error the app shows: what went wrong in words a user
 * can act on, and the built-in drafter as the way on. Never carries the provider's raw error,
 * its URL or headers, so the API key cannot reach a browser or a log line through it.
 */

const MESSAGES: Record<TAiFailureReason, string> = {
  timeout: 'The AI model took too long to answer, so nothing was saved. Try again, or use the built-in drafter.',
  auth: 'The AI service refused this server’s API key, so nothing was saved. Ask whoever runs Draftwell to check AI_API_KEY; the built-in drafter works meanwhile.',
  rate_limited:
    'The AI service is busy (too many requests), so nothing was saved. Wait a minute and try again, or use the built-in drafter.',
  provider:
    'The AI service failed to answer, so nothing was saved. Try again in a moment, or use the built-in drafter.',
  malformed:
    'The AI model’s answer was incomplete or not a usable proposal, so nothing was saved. Try again, or use the built-in drafter.',
  not_configured: 'No AI model is configured on this server; the built-in drafter writes drafts here.',
};

/** A failed generation; `logLine` says what happened for the server log (an HTTP status, an error name). */
export class AiFailureError extends AppError {
  constructor(
    readonly reason: TAiFailureReason,
    readonly logLine: string,
  ) {
    const details: TAiFailureDetails = { reason, fallback: 'builtin' };
    super('unavailable', MESSAGES[reason], { details });
  }
}

export function aiFailure(reason: TAiFailureReason, err?: unknown): AiFailureError {
  return new AiFailureError(reason, err === undefined ? reason : describeAiError(err));
}

export function isAiFailure(err: unknown): err is AiFailureError {
  return err instanceof AiFailureError;
}

/** A model's answer that parsed but could not become a proposal. */
export class MalformedOutputError extends Error {}

/** What a failed call to the model means for the user; `timedOut` when our own timer stopped it. */
export function classifyAiError(err: unknown, timedOut: boolean): TAiFailureReason {
  if (timedOut) return 'timeout';
  const cause = RetryError.isInstance(err) ? err.lastError : err;
  if (APICallError.isInstance(cause)) {
    const status = cause.statusCode;
    if (status === 401 || status === 403) return 'auth';
    if (status === 429) return 'rate_limited';
    return 'provider';
  }
  if (cause instanceof MalformedOutputError) return 'malformed';
  const name = (cause as { name?: unknown } | null)?.name;
  if (typeof name === 'string' && /NoObjectGenerated|NoOutputGenerated|JSONParse|TypeValidation/.test(name)) {
    return 'malformed';
  }
  return 'provider';
}

/** A one-line, secret-free description for the server log. */
export function describeAiError(err: unknown): string {
  const cause = RetryError.isInstance(err) ? err.lastError : err;
  if (APICallError.isInstance(cause)) return `HTTP ${cause.statusCode ?? 'no response'}`;
  const name = (cause as { name?: unknown } | null)?.name;
  return typeof name === 'string' ? name : 'unknown error';
}
