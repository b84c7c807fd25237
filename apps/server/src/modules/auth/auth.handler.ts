import { PROTECTED_ROUTES } from '@draftwell/shared/paths';
import type { Context } from 'hono';
import { ZDeleteAccount, ZName } from '@draftwell/shared/auth';
import { unstorableTextFields } from '../../http/validate';
import { AppError } from '../../lib/app-error';
import { CLIENT_IP_HEADER } from '../../lib/client-ip';
import { checkEmailChange, emailChangeTaken } from './email-change';
import { limitSignIn, rememberSignIn, signInAccount } from './sign-in-limit';
import type { TAppEnv } from '../../deps';

/** Where a correct password signs a browser in (sign-up signs the new account in at once). */
const SIGN_IN_PATHS = new Set(['/sign-in/email', '/sign-up/email']);

/** Paths whose body may carry the account's profile fields (name, image). */
const PROFILE_PATHS = new Set(['/sign-up/email', '/update-user']);

/**
 * Hands /api/auth/* to better-auth, with the real client address in a header only we set, so
 * its rate limiter keys on the client rather than on our own socket.
 */

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
  if (path === '/delete-user') {
    const confirmed = ZDeleteAccount.safeParse(fields);
    if (!confirmed.success) {
      const message = confirmed.error.issues[0]!.message;
      throw new AppError('invalid', message, { fields: { password: message } });
    }
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
  const email = fields.email;
  const signIn =
    c.req.method === 'POST' && SIGN_IN_PATHS.has(path) && typeof email === 'string' && email.length <= 254
      ? {
          db: deps.database.db,
          secret: deps.env.authSecret,
          https: deps.env.baseUrl.startsWith('https://'),
          headers: c.req.raw.headers,
          account: signInAccount(email),
        }
      : null;
  if (signIn && deps.env.rateLimit && path === '/sign-in/email') await limitSignIn(signIn);
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
  const outHeaders = new Headers(safe.headers);
  // Only a response that signed the browser in (a session cookie) proves the password.
  if (signIn && safe.status === 200 && safe.headers.getSetCookie().some((l) => /session_token=[^;]/.test(l))) {
    outHeaders.append('set-cookie', await rememberSignIn({ ...signIn, rateLimit: deps.env.rateLimit }));
  }
  // Rebuilt through Hono so that the headers every response carries (security headers, request
  // id) are on better-auth's responses too; cookies are appended, never merged.
  return c.newResponse(safe.body, { status: safe.status as 200, headers: outHeaders });
}

/**
 * better-auth also returns the session token in its JSON: at the top of sign-in and sign-up, in
 * `session` of get-session, in every item of list-sessions. The token lives in an httpOnly cookie
 * only (A9): script must never see it, so it is dropped here from every answer.
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
  if (!carriesToken(body)) return new Response(text, res);
  const headers = new Headers(res.headers);
  headers.delete('content-length');
  return new Response(JSON.stringify(withoutToken(body)), { status: res.status, statusText: res.statusText, headers });
}

/** The places better-auth puts a token: the body itself, its `session`, or the items of a list. */
const tokenHolders = (body: unknown): unknown[] =>
  Array.isArray(body) ? body : [body, (body as { session?: unknown } | null)?.session];

const carriesToken = (body: unknown) =>
  tokenHolders(body).some((holder) => holder !== null && typeof holder === 'object' && 'token' in holder);

function withoutToken(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutToken);
  if (value === null || typeof value !== 'object') return value;
  const { token: _token, ...rest } = value as Record<string, unknown>;
  if (rest.session !== null && typeof rest.session === 'object') rest.session = withoutToken(rest.session);
  return rest;
}

async function jsonOrUndefined(req: Request): Promise<unknown> {
  try {
    return await req.json();
  } catch {
    return undefined;
  }
}
