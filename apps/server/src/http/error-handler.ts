import { randomUUID } from 'node:crypto';
import type { ErrorHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { Logger } from 'pino';
import type { THttpDeps, THttpEnv } from './context';
import { internalErrorMessage } from '@draftwell/shared/errors';
import { AppError, errorBody } from '../lib/app-error';

/**
 * Turns whatever a request threw into the API's error body: an AppError as it says; Hono's own
 * client errors (a body too large, malformed JSON) as `too_large` or `invalid`; a database that
 * cannot be reached as a 503 to retry; anything else as a logged 500 quoting the request's id.
 * `logger` is for errors thrown before the request got its own log.
 */
export function errorHandler<TDeps extends THttpDeps>(logger: Logger): ErrorHandler<THttpEnv<TDeps>> {
  return (err, c) => {
    const requestId = c.get('requestId') ?? randomUUID();
    if (err instanceof AppError) {
      if (err.options.retryAfter) c.header('retry-after', String(err.options.retryAfter));
      return c.json(errorBody(err.code, err.message, requestId, err.options), err.status as 400);
    }
    if (err instanceof HTTPException && err.status < 500) {
      const status = err.status;
      const [code, message] =
        status === 413
          ? (['too_large', 'The request body is too large.'] as const)
          : status === 400
            ? (['invalid', 'The request body is not valid JSON.'] as const)
            : (['invalid', err.message || 'The request could not be understood.'] as const);
      return c.json(errorBody(code, message, requestId), status);
    }
    if (isDatabaseUnavailable(err)) {
      c.var.log?.warn({ err: (err as Error).message }, 'database unavailable');
      c.header('retry-after', '5');
      return c.json(
        errorBody('unavailable', 'The service is briefly unavailable. Try again in a few seconds.', requestId),
        503,
      );
    }
    (c.var.log ?? logger).error({ err, path: c.req.path }, 'unhandled error');
    return c.json(errorBody('internal', internalErrorMessage(requestId), requestId), 500);
  };
}

const UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', '57P01', '57P03', '08006', '08001']);
function isDatabaseUnavailable(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string }; message?: string };
  const code = e.code ?? e.cause?.code;
  return (
    (code !== undefined && UNAVAILABLE_CODES.has(code)) ||
    /timeout exceeded when trying to connect|Connection terminated/i.test(e.message ?? '')
  );
}
