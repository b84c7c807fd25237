import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { TAuth } from '../auth';
import type { TDb } from '../db/client';
import { sessions, users } from '../db/schema';

export type TSessionUser = { id: string; email: string; name: string; emailVerified: boolean };

/**
 * A session cookie the fast path may take: correctly signed, not a "don't remember me" one. The
 * session row it names decides the rest: it must exist, and expire after `renewAfter` (later
 * than that it is neither expired nor due for better-auth's sliding renewal).
 */
export type TSessionCredential = { token: string; renewAfter: string };

/**
 * The columns a statement reads about the credential's session, joined to its user: `fresh` is
 * the expiry rule, evaluated by the database on the same timestamp the caller compares with.
 */
export const sessionFields = {
  id: users.id,
  email: users.email,
  name: users.name,
  emailVerified: users.emailVerified,
  fresh: sql<boolean>`${sessions.expiresAt} > ${sql.placeholder('renewAfter')}::timestamptz`.as('fresh'),
};

/** What a statement joined to the session read: the user, and whether the fast path may take it. */
export type TSessionRow = TSessionUser & { fresh: boolean };

/** The session a statement read, as the signed-in user: only a fresh one; anything else is better-auth's to decide. */
export const freshUser = (row: TSessionRow | null | undefined): TSessionUser | undefined =>
  row?.fresh ? { id: row.id, email: row.email, name: row.name, emailVerified: row.emailVerified } : undefined;

/**
 * The signed-in user of a request, read the way better-auth's getSession reads it, in ONE
 * prepared query (session joined to its user) and a synchronous HMAC check, instead of two
 * queries, a WebCrypto key import and better-auth's endpoint machinery on every API call (P2, P4).
 *
 * This is only the fast path for the common case: a correctly signed session cookie naming a live
 * session that needs no sliding renewal. Anything else (no cookie, a bad signature, no such
 * session, an expired one, one due for renewal, a "don't remember me" session) returns
 * `undefined`, and the caller asks better-auth itself, which then does exactly what it always did
 * (refuses, deletes an expired session, renews the expiry). Nothing is cached: every request reads
 * the session row, so a signed-out or revoked session is refused on the very next request (A10).
 *
 * `credential` is the first half alone (no query), for a route whose own statement joins the
 * session by the token (`requireUserInStatement`): that statement selects `sessionFields` and
 * `freshUser` applies the same rule to what it read.
 */
export function createSessionLookup(auth: TAuth) {
  let config: Promise<TConfig> | null = null;
  const queries = new WeakMap<TDb, ReturnType<typeof prepare>>();

  async function credential(headers: Headers): Promise<TSessionCredential | undefined> {
    const cookieHeader = headers.get('cookie');
    if (!cookieHeader) return undefined;
    config ??= loadConfig(auth);
    const { tokenCookie, dontRememberCookie, secret, expiresInMs, updateAgeMs } = await config;
    const cookies = parseCookies(cookieHeader);
    if (cookies.has(dontRememberCookie)) return undefined;
    const token = verifiedValue(cookies.get(tokenCookie), secret);
    if (token === undefined) return undefined;
    // better-auth: expired → delete it and refuse; due for renewal (within expiresIn − updateAge of
    // now) → extend it. Both are its job; a session expiring after this instant needs neither.
    return { token, renewAfter: new Date(Date.now() + expiresInMs - updateAgeMs).toISOString() };
  }

  async function lookup(db: TDb, headers: Headers): Promise<TSessionUser | undefined> {
    const given = await credential(headers);
    if (!given) return undefined;
    let query = queries.get(db);
    if (!query) {
      query = prepare(db);
      queries.set(db, query);
    }
    const [row] = await query.execute(given);
    return freshUser(row);
  }

  return { credential, lookup };
}

type TConfig = {
  tokenCookie: string;
  dontRememberCookie: string;
  secret: string;
  expiresInMs: number;
  updateAgeMs: number;
};

async function loadConfig(auth: TAuth): Promise<TConfig> {
  const ctx = await auth.$context;
  return {
    tokenCookie: ctx.authCookies.sessionToken.name,
    dontRememberCookie: ctx.authCookies.dontRememberToken.name,
    secret: ctx.secret,
    expiresInMs: ctx.sessionConfig.expiresIn * 1000,
    updateAgeMs: ctx.sessionConfig.updateAge * 1000,
  };
}

function prepare(db: TDb) {
  return db
    .select(sessionFields)
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.token, sql.placeholder('token')))
    .prepare('draftwell_session_by_token');
}

/**
 * A signed cookie's value (`value.base64(HMAC-SHA256(secret, value))`, better-call's format) when
 * its signature is the canonical one for this secret; undefined otherwise.
 */
function verifiedValue(cookie: string | undefined, secret: string): string | undefined {
  if (!cookie) return undefined;
  const dot = cookie.lastIndexOf('.');
  if (dot < 1) return undefined;
  const value = cookie.slice(0, dot);
  const signature = cookie.slice(dot + 1);
  if (signature.length !== 44 || !signature.endsWith('=')) return undefined;
  const expected = Buffer.from(createHmac('sha256', secret).update(value).digest('base64'));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected) ? value : undefined;
}

/** better-call's cookie parsing: the first pair of a name wins; values are percent-decoded. */
export function parseCookies(header: string): Map<string, string> {
  const cookies = new Map<string, string>();
  let index = 0;
  while (index < header.length) {
    const eqIdx = header.indexOf('=', index);
    if (eqIdx === -1) break;
    let endIdx = header.indexOf(';', index);
    if (endIdx === -1) endIdx = header.length;
    else if (endIdx < eqIdx) {
      index = header.lastIndexOf(';', eqIdx - 1) + 1;
      continue;
    }
    const key = header.slice(index, eqIdx).trim();
    if (!cookies.has(key)) {
      let val = header.slice(eqIdx + 1, endIdx).trim();
      if (val.codePointAt(0) === 34) val = val.slice(1, -1);
      cookies.set(key, tryDecode(val));
    }
    index = endIdx + 1;
  }
  return cookies;
}

function tryDecode(value: string): string {
  if (!value.includes('%')) return value;
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
