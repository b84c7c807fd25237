import type { hc, InferRequestType } from 'hono/client';
import type { AppType } from '@draftwell/server/app-type';
import { API_BASE, unwrap, type TOkBody } from '@/lib/http';

/*
 * The client's page calls its routes with a plain fetch, not the typed client (lib/api-client.ts):
 * hono's client is 2 kB (gzip) of the page's 120 (QUALITY P8), and the page's own first script and
 * hydration need them (decision 0020); the public pages do the same (decision 0013). The types
 * are still the server's: each call names its route, whose body and answer types are read from it
 * (type imports only: nothing of hono's client at run time).
 */

/** One share link's routes, as the server declares them (`/api/share/:token/…`). */
export type TShareRoutes = ReturnType<typeof hc<AppType>>['share'][':token'];

/** What a route answers when it succeeds. */
export type TShareAnswer<F extends (...args: never[]) => unknown> = TOkBody<Awaited<ReturnType<F>>>;

/** The JSON body a route takes. */
export type TShareBody<F> = InferRequestType<F> extends { json: infer J } ? J : never;

/** `/api/share/<token>`, then `rest`. */
export const shareUrl = (token: string, rest = '') => `${API_BASE}/share/${encodeURIComponent(token)}${rest}`;

export function shareGet<T>(url: string, signal?: AbortSignal): Promise<T> {
  return unwrap<T>(fetch(url, { credentials: 'same-origin', signal }));
}

/** A POST with a JSON body (an empty one when `body` is undefined), as every JSON route takes it. */
export function sharePost<T>(url: string, body?: unknown, init: RequestInit = {}): Promise<T> {
  return unwrap<T>(
    fetch(url, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      ...init,
    }),
  );
}
