import { randomUUID } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { Logger } from 'pino';
import type { THttpDeps, THttpEnv } from './context';
import { errorBody } from '../lib/app-error';
import { resolveClientIp } from '../lib/client-ip';
import { setResponseHeader } from './response-headers';

const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

/**
 * The request's log, tagged with its id, made when first used: most answers log nothing, and a
 * pino child (its bindings serialized and redacted) was a twentieth of a small answer's time (P1).
 * The proxy's handler is a class, so that a request makes no closures for it, only two objects
 * (run from source, tsx also named each such closure, an Object.defineProperty per request).
 */
class LazyChild implements ProxyHandler<Logger> {
  #child: Logger | undefined;
  constructor(
    private readonly logger: Logger,
    private readonly requestId: string,
  ) {}

  get(_target: Logger, key: string | symbol): unknown {
    const log = (this.#child ??= this.logger.child({ reqId: this.requestId }));
    const value: unknown = Reflect.get(log, key, log);
    return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(log) : value;
  }
}

/** Whether the server is shutting down: it then answers every new request 503 and closes the connection. */
export type TDrainState = { readonly draining: boolean };

/**
 * Gives each request its context: an id (the caller's `x-request-id` when well formed, echoed
 * back), the deps, the client's address and a log tagged with the id. While draining, answers 503
 * at once; otherwise logs one line for each API and realtime request once it is answered.
 */
export function requestContext<TDeps extends THttpDeps>(
  deps: TDeps,
  state: TDrainState,
): MiddlewareHandler<THttpEnv<TDeps>> {
  const { env, logger } = deps;
  return async (c, next) => {
    const incoming = c.req.header('x-request-id');
    const requestId = incoming && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    c.set('deps', deps);
    c.set('requestId', requestId);
    c.set('clientIp', resolveClientIp(c, env.trustProxy));
    c.set('log', new Proxy(logger, new LazyChild(logger, requestId)));
    setResponseHeader(c, 'x-request-id', requestId);
    if (state.draining) {
      c.header('connection', 'close');
      return c.json(errorBody('unavailable', 'The server is restarting. Try again in a moment.', requestId), 503);
    }
    const started = performance.now();
    await next();
    const p = c.req.path;
    if (p.startsWith('/api/') || p === '/realtime') {
      c.var.log.info(
        { method: c.req.method, path: p, status: c.res.status, ms: Math.round(performance.now() - started) },
        'request',
      );
    }
  };
}
