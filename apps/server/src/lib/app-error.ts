import type { TApiError, TErrorCode } from '@draftwell/shared';

const STATUS: Record<TErrorCode, number> = {
  invalid: 400,
  unauthenticated: 401,
  plan_limit: 402,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  gone: 410,
  unprocessable: 422,
  too_large: 413,
  unsupported_media_type: 415,
  locked: 423,
  rate_limited: 429,
  internal: 500,
  unavailable: 503,
};

export type TAppErrorOptions = {
  fields?: Record<string, string>;
  retryAfter?: number;
  details?: unknown;
  /** A `conflict` against a stale version: the record as it now stands, for the caller to show or merge. */
  current?: unknown;
};

/** Every failure a service means to report; the error handler turns it into the JSON body. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: TErrorCode,
    message: string,
    readonly options: TAppErrorOptions = {},
  ) {
    super(message);
    this.status = STATUS[code];
  }
}

/** The one error body every route answers with (TApiError); the client's page is rendered with it too. */
export function errorBody(
  code: string,
  message: string,
  requestId: string,
  { fields, details, current }: { fields?: Record<string, string>; details?: unknown; current?: unknown } = {},
): TApiError {
  return {
    error: {
      code,
      message,
      ...(fields ? { fields } : {}),
      ...(details !== undefined ? { details } : {}),
      ...(current !== undefined ? { current } : {}),
      requestId,
    },
  };
}
