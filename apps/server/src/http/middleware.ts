import type { MiddlewareHandler } from 'hono';
import type { TEnv } from '../env';
import { AppError } from '../lib/app-error';

const BODYLESS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** An `except` entry is a path, or a prefix ending in `/*` (a webhook per connection). */
const excepted = (except: string[], path: string) =>
  except.some((e) => (e.endsWith('/*') ? path.startsWith(e.slice(0, -1)) : e === path));

/**
 * State-changing API requests must come from our own origin (A7). Browsers always send Origin on
 * such requests; a foreign one, `null`, or none at all is refused before any work is done.
 * Paths listed in `except` are not called by browsers and authenticate each request themselves
 * (`/api/v1/*`: every path under it).
 */
export function requireSameOrigin(env: Pick<TEnv, 'origins' | 'baseUrl'>, except: string[] = []): MiddlewareHandler {
  const allowed = new Set(env.origins);
  return async (c, next) => {
    if (BODYLESS.has(c.req.method) || excepted(except, c.req.path)) return next();
    const origin = c.req.header('origin');
    if (origin === undefined || !allowed.has(origin)) throw foreignOrigin(env, origin);
    return next();
  };
}

/**
 * The refusal of a request (or realtime socket) from another origin. When it names an origin, it
 * is most often a person who opened the app at an address BASE_URL does not give: say how to fix it.
 */
export function foreignOrigin(env: Pick<TEnv, 'baseUrl'>, origin: string | undefined): AppError {
  const first = 'This request must come from the Draftwell app itself.';
  if (origin === undefined || origin === 'null') return new AppError('forbidden', first);
  return new AppError(
    'forbidden',
    `${first} It came from ${origin}, but this server takes requests from ${new URL(env.baseUrl).origin} only. ` +
      `Open Draftwell at ${env.baseUrl}, or, if ${origin} is its address, start the server with BASE_URL=${origin}.`,
  );
}

/**
 * JSON routes take JSON only: a text/plain or form body is how a cross-site form would post (A7).
 * Paths listed in `except` (file uploads, webhooks) check their own types.
 */
export function requireJsonBody(except: string[] = []): MiddlewareHandler {
  return async (c, next) => {
    if (BODYLESS.has(c.req.method) || excepted(except, c.req.path)) return next();
    // A body is announced by a length above zero or by chunked encoding; fetch sends neither
    // on a DELETE without one.
    const hasBody = Number(c.req.header('content-length') ?? 0) > 0 || c.req.header('transfer-encoding') !== undefined;
    const type = c.req.header('content-type')?.split(';')[0]?.trim().toLowerCase();
    if (hasBody && type !== 'application/json') {
      throw new AppError('unsupported_media_type', 'Send the request body as JSON (Content-Type: application/json).');
    }
    return next();
  };
}
