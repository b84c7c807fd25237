import type { MiddlewareHandler } from 'hono';
import { bodyLimit as honoBodyLimit } from 'hono/body-limit';

type TBodyLimitOptions = Parameters<typeof honoBodyLimit>[0] & {
  onError: NonNullable<Parameters<typeof honoBodyLimit>[0]['onError']>;
};

/**
 * Hono's bodyLimit, deciding from the headers whenever they say enough, as it does itself, but
 * without first asking the request for its body stream. On @hono/node-server that one question
 * turns the light request into a full WHATWG Request (an AbortController, a web stream over the
 * socket), which costs every API call, GETs included, and makes a JSON body be read through the
 * web stream instead of straight from the socket (P2, P4).
 *
 * The same answers: a GET or HEAD has no body there (node-server gives them none), so it passes;
 * a body with a Content-Length and no Transfer-Encoding is judged by that length (one over the
 * limit is refused with the body untouched, so that nothing is left half read: see
 * early-answer.ts); any other body (chunked) is counted as it streams, by Hono's bodyLimit.
 */
export function bodyLimit(options: TBodyLimitOptions): MiddlewareHandler {
  const counted = honoBodyLimit(options);
  return async (c, next) => {
    const method = c.req.method;
    if (method === 'GET' || method === 'HEAD') return next();
    const length = c.req.header('content-length');
    if (length !== undefined && c.req.header('transfer-encoding') === undefined) {
      return parseInt(length || '0', 10) > options.maxSize ? options.onError(c) : next();
    }
    return counted(c, next);
  };
}
