import type { Context } from 'hono';
import type { TAppEnv } from '../../http/context';
import { AppError } from '../../lib/app-error';
import { CLIENT_IP_HEADER } from '../../lib/client-ip';
import { hitRateLimit } from '../../lib/rate-limit';

/** Sign-in attempts against one account, from any number of addresses (A11: rotating IPs). */
export const SIGN_IN_PER_ACCOUNT = { max: 10, windowSeconds: 15 * 60 };

/**
 * Hands /api/auth/* to better-auth, with the real client address in a header only we set, so
 * its rate limiter keys on the client rather than on our own socket.
 */
export async function authHandler(c: Context<TAppEnv>) {
  const { deps } = c.var;
  if (deps.env.rateLimit && c.req.method === 'POST' && c.req.path === '/api/auth/sign-in/email') {
    const email = await c.req.raw
      .clone()
      .json()
      .then((b: unknown) => (b as { email?: unknown } | null)?.email)
      .catch(() => undefined);
    if (typeof email === 'string' && email.length <= 254) {
      await hitRateLimit(deps.database.db, `sign-in:${email.trim().toLowerCase()}`, SIGN_IN_PER_ACCOUNT);
    }
  }
  const headers = new Headers(c.req.raw.headers);
  headers.set(CLIENT_IP_HEADER, c.var.clientIp);
  const res = await deps.auth.handler(new Request(c.req.raw, { headers }));
  if (res.status === 429) {
    const retryAfter = Number(res.headers.get('x-retry-after')) || 60;
    throw new AppError('rate_limited', `Too many attempts. Try again in ${retryAfter} seconds.`, { retryAfter });
  }
  if (res.status >= 500) {
    c.var.log.error({ status: res.status, path: c.req.path }, 'auth handler failed');
  }
  return withoutBodyToken(res);
}

/**
 * better-auth also returns the session token in the JSON body of sign-in and sign-up. The
 * token lives in an httpOnly cookie only (A9): script must never see it, so it is dropped here.
 */
async function withoutBodyToken(res: Response): Promise<Response> {
  if (!res.headers.get('content-type')?.includes('application/json')) return res;
  const text = await res.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return new Response(text, res);
  }
  if (body && typeof body === 'object' && 'token' in body) {
    const { token: _token, ...rest } = body as Record<string, unknown>;
    const headers = new Headers(res.headers);
    headers.delete('content-length');
    return new Response(JSON.stringify(rest), { status: res.status, statusText: res.statusText, headers });
  }
  return new Response(text, res);
}
