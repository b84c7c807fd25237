/** The one error body every API route answers with. */
export const ERROR_CODES = [
  'invalid',
  'unauthenticated',
  'plan_limit',
  'forbidden',
  'not_found',
  'conflict',
  'unprocessable',
  'too_large',
  'unsupported_media_type',
  'locked',
  'gone',
  'rate_limited',
  'unavailable',
  'internal',
] as const;
export type TErrorCode = (typeof ERROR_CODES)[number];

export type TApiError = {
  error: {
    code: TErrorCode | (string & {});
    message: string;
    fields?: Record<string, string>;
    /** More about some errors, by code: a 410 from a share link says why (TShareGoneDetails). */
    details?: unknown;
    /** On a 409 against a stale version: the record as it now stands, to show or merge. */
    current?: unknown;
    requestId?: string;
  };
};

export function isApiError(value: unknown): value is TApiError {
  if (typeof value !== 'object' || value === null || !('error' in value)) return false;
  const e = (value as { error: unknown }).error;
  return typeof e === 'object' && e !== null && typeof (e as { message?: unknown }).message === 'string';
}

/**
 * What a 500 says: the request's id is the one thing a person can quote to us. The server fills
 * `{requestId}` (`internalErrorMessage`); the web finds the id again and says it in the reader's
 * language (apps/web/src/lib/translated.ts declares this same English for the catalogs).
 */
export const INTERNAL_ERROR_MESSAGE =
  'Something went wrong on our side. If it keeps happening, contact us and quote request {requestId}.';

export const internalErrorMessage = (requestId: string) => INTERNAL_ERROR_MESSAGE.replace('{requestId}', requestId);
