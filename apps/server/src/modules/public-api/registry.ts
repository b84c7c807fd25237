import type { TApiKeyScope } from '@draftwell/shared/developers/api-keys';
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { COMPOSED_HANDLER } from 'hono/utils/constants';
import type { z } from 'zod';
import { requireScope, type TApiEnv } from './require-api-key';
import { validJson, validQuery } from '../../http/validate';
import { idempotency } from './idempotency';

/**
 * The public API's routes, each declared once as data (decision 0022): the one declaration mounts
 * the Hono route (scope, idempotency, validation with the app's validators, the handler) and is
 * what the OpenAPI document is made of. `buildOpenApiDocument` walks the mounted router and finds
 * each handler's declaration, so a route cannot be served without being documented.
 */

/** Errors a route may answer besides the ones every route has (401, 403, 429), or that follow from it. */
export type TApiErrorStatus = 400 | 402 | 404 | 409 | 410 | 422 | 423 | 503;

type TSchema = z.ZodType;

/** A business rule a route states: the field its 400 names, and the rule in words. */
export type TApiRule = { field: string; rule: string };
type TOut<S> = S extends z.ZodType ? z.output<S> : undefined;
type TIn<S> = S extends z.ZodType ? z.input<S> : never;

/** A JSON answer, a PDF, or no body (204). */
export type TApiSuccess<R> =
  | { status: 200 | 201 | 202; description: string; schema: R; example?: TOut<R> }
  | { status: 200; description: string; pdf: true }
  | { status: 204; description: string };

export type TApiRouteSpec<Q, B, R> = {
  method: 'get' | 'post' | 'patch' | 'delete';
  /** Hono's syntax, relative to the router it is mounted on: `/proposals/:id`. */
  path: string;
  /** Unique in the document, camelCase: `createProposal`. */
  operationId: string;
  tag: string;
  scope: TApiKeyScope;
  summary: string;
  description: string;
  /** What each path parameter is. */
  params?: Record<string, string>;
  query?: Q;
  body?: B;
  /** The name of the body's schema under components.schemas (default: the operation's id + "Body"). */
  bodyName?: string;
  bodyExample?: TIn<B>;
  success: TApiSuccess<R>;
  /**
   * What the server refuses with a 400 that the schemas cannot say (QUALITY A31): the field the
   * 400 names (a dotted path; `*` one step, `**` any number) and the rule, in the description and
   * in `x-draftwell-rules`.
   */
  rules?: TApiRule[];
  /** Errors beyond the automatic ones (401, 403, 429; 400 with a query or body; 404 with a path parameter; 409 and 422 on a POST). */
  errors?: TApiErrorStatus[];
  /**
   * The work: the app's own service, as `c.var.actor`. Answers the body of a JSON route (typed
   * by its schema), a Response of a PDF route, nothing for a 204.
   */
  handler: (
    c: Context<TApiEnv>,
    input: { param: (name: string) => string; query: TOut<Q>; body: TOut<B> },
  ) => Promise<R extends z.ZodType ? z.output<R> : Response | void>;
};

/** A declared route, its types erased so that routes of all shapes can be listed together. */
export type TApiRoute = TApiRouteSpec<TSchema | undefined, TSchema | undefined, TSchema | undefined>;

/** Declares a route (typed: the handler's answer must match the success schema). */
export function defineApiRoute<
  Q extends TSchema | undefined = undefined,
  B extends TSchema | undefined = undefined,
  R extends TSchema | undefined = undefined,
>(spec: TApiRouteSpec<Q, B, R>): TApiRoute {
  return spec as unknown as TApiRoute;
}

const DECLARATION = Symbol('draftwell.apiRoute');
type TMarked = { [DECLARATION]?: TApiRoute; [COMPOSED_HANDLER]?: TMarked };

/** The declaration behind a handler of the mounted router (also through Hono's wrapping in `route()`). */
export function declarationOf(handler: unknown): TApiRoute | undefined {
  const h = handler as TMarked;
  return h[DECLARATION] ?? h[COMPOSED_HANDLER]?.[DECLARATION];
}

/**
 * Mounts declared routes on a router (a new one by default), to be `.route(prefix, …)`d under
 * `/api/v1`, where `requireApiKey` runs before them.
 */
export function apiRoutes(routes: TApiRoute[], app: Hono<TApiEnv> = new Hono<TApiEnv>()): Hono<TApiEnv> {
  for (const route of routes) {
    const handlers: MiddlewareHandler<TApiEnv>[] = [requireScope(route.scope)];
    // A function of its own per route: each handler carries its route's declaration.
    if (route.method === 'post') handlers.push((c, next) => idempotency(c, next));
    if (route.query) handlers.push(validQuery(route.query) as unknown as MiddlewareHandler<TApiEnv>);
    if (route.body) handlers.push(validJson(route.body) as unknown as MiddlewareHandler<TApiEnv>);
    const last = async (c: Context<TApiEnv>) => {
      const result = await route.handler(c, {
        param: (name) => c.req.param(name) ?? '',
        query: (route.query ? c.req.valid('query' as never) : undefined) as never,
        body: (route.body ? c.req.valid('json' as never) : undefined) as never,
      });
      const { success } = route;
      if (success.status === 204) return c.body(null, 204);
      if ('pdf' in success) return result as Response;
      return c.json(result as object, success.status);
    };
    for (const h of [...handlers, last]) (h as TMarked)[DECLARATION] = route;
    app.on(route.method.toUpperCase(), route.path, ...(handlers as [MiddlewareHandler<TApiEnv>]), last);
  }
  return app;
}
