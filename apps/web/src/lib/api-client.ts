import { hc } from 'hono/client';
import type { AppType } from '@draftwell/server/app-type';
import { isApiError } from '@draftwell/shared/errors';

/** Where our API is: same origin, under this path. */
export const API_BASE = '/api';

/** The typed client of our own API (same origin; the session cookie rides along). */
export const api = hc<AppType>(API_BASE, {
  init: { credentials: 'same-origin' },
  headers: { 'content-type': 'application/json' },
});

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
  ) {
    super(message);
  }
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

/** The one place a response becomes data or an ApiError (our shape or better-auth's). */
export async function unwrap<T>(res: Response | Promise<Response>): Promise<T> {
  let response: Response;
  try {
    response = await res;
  } catch {
    throw new ApiError(0, 'You appear to be offline. Check your connection and try again.', 'network');
  }
  const text = await response.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  if (response.ok) return body as T;
  const retryAfter = Number(response.headers.get('retry-after')) || undefined;
  if (isApiError(body)) {
    const current = (body.error as { current?: unknown }).current;
    throw new ApiError(
      response.status,
      body.error.message,
      body.error.code,
      body.error.fields,
      retryAfter,
      current,
      body.error.details,
    );
  }
  const b = body as { message?: string; code?: string } | null;
  throw new ApiError(
    response.status,
    b?.message ?? FALLBACK[response.status] ?? 'Something went wrong. Try again.',
    b?.code ?? String(response.status),
    {},
    retryAfter,
  );
}

/** For the few calls outside the typed API (better-auth's routes). */
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
