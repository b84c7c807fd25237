import { PROTECTED_ROUTES } from '@draftwell/shared/paths';
import type { Context } from 'hono';
import { ZName } from '@draftwell/shared/auth';
import type { TAppEnv } from '../../http/context';
import { unstorableTextFields } from '../../http/validate';
import { AppError } from '../../lib/app-error';
import { CLIENT_IP_HEADER } from '../../lib/client-ip';
import { hitRateLimit } from '../../lib/rate-limit';
import { checkEmailChange, emailChangeTaken } from './email-change';

/** Sign-in attempts against one account, from any number of addresses (A11: rotating IPs). */
export const SIGN_IN_PER_ACCOUNT = { max: 10, windowSeconds: 15 * 60 };

/**
 * Hands /api/auth/* to better-auth, with the real client address in a header only we set, so
 * its rate limiter keys on the client rather than on our own socket.
 */
const PROFILE_PATHS = new Set(['/sign-up/email', '/update-user']);

export async function authHandler(c: Context<TAppEnv>) {
  const { deps } = c.var;
  const body = c.req.method === 'POST' ? await jsonOrUndefined(c.req.raw.clone()) : undefined;
  // better-auth would pass such text to PostgreSQL, which fails on it with a 500.
  const text = unstorableTextFields(body);
  if (Object.keys(text).length > 0) throw new AppError('invalid', 'Some fields need attention.', { fields: text });
  const fields: Record<string, unknown> =
    body !== null && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const path = c.req.path.slice('/api/auth'.length);
  // We keep no profile image: better-auth would store any text given, `javascript:` URLs included.
  if (PROFILE_PATHS.has(path) && 'image' in fields) {
    throw new AppError('invalid', 'Some fields need attention.', { fields: { image: 'Unknown field: image.' } });
  }
  // A body rewritten for better-auth, which stores what it is given as it is.
  let forward: Record<string, unknown> | undefined;
  // better-auth hands any name it is given to the database: null fails there with a 500, and a
  // number, a page of text or surrounding spaces would be stored. The app's own rule (trimmed,
  // 1 to 100 characters) applies to every way in.
  if (PROFILE_PATHS.has(path) && 'name' in fields) {
    const name = ZName.safeParse(fields.name);
    if (!name.success) {
      const message = typeof fields.name === 'string' ? name.error.issues[0]!.message : 'Enter your name.';
      throw new AppError('invalid', message, { fields: { name: message } });
    }
    if (name.data !== fields.name) forward = { ...fields, name: name.data };
  }
  // better-auth lets a session younger than a day delete its account without a password; we
  // always ask for it.
  if (path === '/delete-user' && (typeof fields.password !== 'string' || fields.password === '')) {
    throw new AppError('invalid', 'Enter your password to confirm.', {
      fields: { password: 'Enter your password to confirm.' },
    });
  }
  if (c.req.method === 'POST' && path === '/change-email') {
    forward = await checkEmailChange({
      db: deps.database.db,
      auth: deps.auth,
      headers: c.req.raw.headers,
      body: fields,
      rateLimit: deps.env.rateLimit,
    });
  }
  if (
    c.req.method === 'GET' &&
    path === '/verify-email' &&
    (await emailChangeTaken(deps.database.db, deps.env.authSecret, c.req.query('token')))
  ) {
    return c.redirect(`${PROTECTED_ROUTES.profile}?error=EMAIL_IN_USE`, 302);
  }
  if (deps.env.rateLimit && c.req.method === 'POST' && c.req.path === '/api/auth/sign-in/email') {
    const email = (body as { email?: unknown } | null | undefined)?.email;
    if (typeof email === 'string' && email.length <= 254) {
      await hitRateLimit(deps.database.db, `sign-in:${email.trim().toLowerCase()}`, SIGN_IN_PER_ACCOUNT);
    }
  }
  const headers = new Headers(c.req.raw.headers);
  headers.set(CLIENT_IP_HEADER, c.var.clientIp);
  if (forward) headers.delete('content-length');
  const request = forward
    ? new Request(c.req.url, { method: 'POST', headers, body: JSON.stringify(forward) })
    : new Request(c.req.raw, { headers });
  const res = await deps.auth.handler(request);
  if (res.status === 429) {
    const retryAfter = Number(res.headers.get('x-retry-after')) || 60;
    throw new AppError('rate_limited', `Too many attempts. Try again in ${retryAfter} seconds.`, { retryAfter });
  }
  if (res.status >= 500) {
    c.var.log.error({ status: res.status, path: c.req.path }, 'auth handler failed');
  }
  const safe = await withoutBodyToken(res);
  // Rebuilt through Hono so that the headers every response carries (security headers, request
  // id) are on better-auth's responses too; cookies are appended, never merged.
  return c.newResponse(safe.body, { status: safe.status as 200, headers: safe.headers });
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

async function jsonOrUndefined(req: Request): Promise<unknown> {
  try {
    return await req.json();
  } catch {
    return undefined;
  }
}
