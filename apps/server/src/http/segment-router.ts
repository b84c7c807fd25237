import type { Result, Router } from 'hono/router';
import { RegExpRouter } from 'hono/router/reg-exp-router';
import { SmartRouter } from 'hono/router/smart-router';
import { TrieRouter } from 'hono/router/trie-router';

/** Hono's own choice: the RegExpRouter, or the TrieRouter for routes the RegExpRouter cannot take. */
const honoRouter = <T>(): Router<T> => new SmartRouter<T>({ routers: [new RegExpRouter<T>(), new TrieRouter<T>()] });

/**
 * The route's first path segment when it is plain text (`/healthz`, `/api/…` → `healthz`, `api`),
 * which the segment of every path it matches equals; undefined when the route can match paths
 * that start otherwise (`*`, `/*`, `/:id`, `/files*`).
 */
export function fixedFirstSegment(routePath: string): string | undefined {
  if (!routePath.startsWith('/')) return undefined;
  const end = routePath.indexOf('/', 1);
  const segment = end === -1 ? routePath.slice(1) : routePath.slice(1, end);
  return segment === '' || /[*:{}()?+]/.test(segment) ? undefined : segment;
}

/** A request path's first segment: `/api/proposals` → `api`, `/` → ``. */
export function firstSegment(path: string): string {
  const end = path.indexOf('/', 1);
  return end === -1 ? path.slice(1) : path.slice(1, end);
}

/**
 * Hono's router, split by the path's first segment: one router per segment that routes name
 * (`api`, `healthz`, `realtime`…), each holding that segment's routes and the routes that match
 * any path (the `*` middleware, the web pages), in the order they were added; and one for every
 * other path, holding only the latter. A request is matched by its segment's router alone, which
 * holds every route that can match its path, in the same order: the handlers and parameters are
 * those of one router holding them all.
 *
 * Why (P1): with the API's three hundred routes in one router, a few that Hono's RegExpRouter
 * cannot take (a parameter beside a fixed name at the same place) make it fall back to the
 * TrieRouter for every path, and matching `/healthz` or a page walked that tree: about a
 * twentieth of a small answer's time. Split, the routers of everything outside `/api` are a few routes each,
 * matched by one regular expression, and the API's is unchanged.
 */
export class SegmentRouter<T> implements Router<T> {
  name = 'SegmentRouter';
  readonly #routers = new Map<string, Router<T>>();
  /** The router of paths whose first segment no route names. */
  readonly #rest: Router<T> = honoRouter<T>();
  /** The routes that can match any first segment, for a segment's router made after them. */
  readonly #anySegment: Array<[string, string, T]> = [];

  add(method: string, path: string, handler: T): void {
    const segment = fixedFirstSegment(path);
    if (segment === undefined) {
      this.#anySegment.push([method, path, handler]);
      this.#rest.add(method, path, handler);
      for (const router of this.#routers.values()) router.add(method, path, handler);
      return;
    }
    let router = this.#routers.get(segment);
    if (!router) {
      router = honoRouter<T>();
      for (const [m, p, h] of this.#anySegment) router.add(m, p, h);
      this.#routers.set(segment, router);
    }
    router.add(method, path, handler);
  }

  match(method: string, path: string): Result<T> {
    return (this.#routers.get(firstSegment(path)) ?? this.#rest).match(method, path);
  }
}
