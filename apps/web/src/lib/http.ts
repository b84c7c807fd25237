import type { ClientResponse } from 'hono/client';
import { isApiError } from '@draftwell/shared/errors';

/**
 * Requests to our own API and their errors, without the typed client: what the public pages use
 * (their JavaScript budget, P8, has no room for it). lib/api-client.ts adds the typed client.
 */

/** Where our API is: same origin, under this path. */
export const API_BASE = '/api';

/** A failed API call, with the server's message and the message per field. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: string,
    readonly fields: Record<string, string> = {},
    readonly retryAfter?: number,
    /** On a 409 conflict: the record as it now stands on the server. */
    readonly current?: unknown,
    /** More about some errors, by code (a share link's 410 says why it is gone). */
    readonly details?: unknown,
    /** The server's id for the request, which a 500 asks a person to quote. */
    readonly requestId?: string,
  ) {
    super(message);
  }
}

/** A write against a stale version (409): `current` is the record as it now stands on the server. */
export type TConflictError<T> = ApiError & { readonly code: 'conflict'; readonly current: T };

/**
 * The one test every screen uses for a stale write. `T` is the record the call answers when it
 * succeeds (a 409 carries the same record as it now is); the server sends it from one place,
 * `AppError('conflict', …, { current })`.
 */
export function isConflict<T>(error: unknown): error is TConflictError<T> {
  return error instanceof ApiError && error.status === 409 && error.code === 'conflict' && error.current !== undefined;
}

/** A 402: the plan's limit refused the action; the app offers an upgrade instead of an error. */
export function isPlanLimitError(error: unknown): error is ApiError {
  return error instanceof ApiError && error.code === 'plan_limit';
}

const FALLBACK: Record<number, string> = {
  401: 'Your session has ended. Sign in again.',
  403: 'That is not allowed.',
  404: 'We could not find that.',
  413: 'That is too large.',
  429: 'Too many attempts. Wait a moment and try again.',
  503: 'The service is briefly unavailable. Try again in a few seconds.',
};

type TOkStatus = 200 | 201 | 202 | 203 | 204 | 205 | 206 | 207 | 208 | 226;

/**
 * What a typed call's 2xx answers hold, as the server's route declares them (`c.json(body, 200)`;
 * hc gives their JSON form, so a Date is a string): a `c.body(null, 204)` is null. Error answers
 * never resolve; they become an ApiError.
 */
export type TOkBody<R> =
  R extends ClientResponse<infer T, infer S, infer F>
    ? [Extract<S, TOkStatus>] extends [never]
      ? never
      : F extends 'json'
        ? T
        : T extends null
          ? null
          : unknown
    : never;

/**
 * The one place a response becomes data or an ApiError (our shape or better-auth's). A call
 * through `api` gives its success body's type from the server's routes; any other response (a
 * plain fetch) has none, so its caller names the type it expects and says why it is not typed.
 */
export function unwrap<R extends ClientResponse<unknown>>(res: R | Promise<R>): Promise<TOkBody<R>>;
export function unwrap<T = unknown>(res: Response | Promise<Response>): Promise<T>;
export async function unwrap(res: Response | Promise<Response>): Promise<unknown> {
  let response: Response;
  try {
    response = await res;
  } catch {
    // eslint-disable-next-line lingui/no-unlocalized-strings -- written again where shown (errorMessage)
    throw new ApiError(0, 'You appear to be offline. Check your connection and try again.', 'network');
  }
  const text = await response.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  if (response.ok) return body;
  throw apiErrorOf(response.status, body, Number(response.headers.get('retry-after')) || undefined);
}

/**
 * The ApiError of a failed answer's status and body (our shape or better-auth's): what `unwrap`
 * throws, and what the client's page makes of the failure the server rendered it with.
 */
export function apiErrorOf(status: number, body: unknown, retryAfter?: number): ApiError {
  if (isApiError(body)) {
    return new ApiError(
      status,
      body.error.message,
      body.error.code,
      body.error.fields,
      retryAfter,
      body.error.current,
      body.error.details,
      body.error.requestId,
    );
  }
  const b = body as { message?: string; code?: string } | null;
  return new ApiError(
    status,
    // eslint-disable-next-line lingui/no-unlocalized-strings -- written again where shown (errorMessage)
    b?.message ?? FALLBACK[status] ?? 'Something went wrong. Try again.',
    b?.code ?? String(status),
    {},
    retryAfter,
  );
}

/** For the few calls outside the typed API (better-auth's routes): the caller names the answer's type. */
export function postJson<T>(url: string, body: unknown = {}): Promise<T> {
  return unwrap<T>(
    fetch(url, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }),
  );
}
