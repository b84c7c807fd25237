import { createHmac } from 'node:crypto';
import type { TDb } from '../../db/client';
import { parseCookies } from '../../http/session-lookup';
import { clearRateLimits, countHit, rateLimited } from '../../lib/rate-limit';

/**
 * Sign-in attempts against one account, from any number of addresses (A11: rotating IPs). The
 * first `max` in `windowSeconds` go through; past them, browsers that never signed in to the
 * account share one attempt per `delaySeconds`: guessing slows to a crawl, and the owner on a
 * new browser still gets in after a short wait. A browser that signed in to the account before
 * (it holds a cookie only we can make) is never held back by this limit, so a stranger cannot
 * lock the owner out. The per-address limit (better-auth's, in auth.ts) applies to everyone.
 */
export const SIGN_IN_PER_ACCOUNT = { max: 10, windowSeconds: 15 * 60, delaySeconds: 60 };

/** The browser's proof of earlier sign-ins: one tag per account, only ever sent to sign-in. */
const KNOWN_BROWSER_COOKIE = 'draftwell.signed_in_before';
const KNOWN_BROWSER_PATH = '/api/auth/sign-in';
const KNOWN_ACCOUNTS_KEPT = 5;
const KNOWN_BROWSER_MAX_AGE = 365 * 24 * 60 * 60;

/** The account an email names, as the per-account counters key it. */
export const signInAccount = (email: string) => email.trim().toLowerCase();

const cookieName = (https: boolean) => `${https ? '__Secure-' : ''}${KNOWN_BROWSER_COOKIE}`;
const accountTag = (secret: string, account: string) =>
  createHmac('sha256', secret).update(`signed-in-before:${account}`).digest('base64url').slice(0, 22);
const counterKeys = (account: string) => [`sign-in:${account}`, `sign-in-delay:${account}`];

function knownTags(headers: Headers, https: boolean): string[] {
  const cookie = headers.get('cookie');
  const value = cookie ? parseCookies(cookie).get(cookieName(https)) : undefined;
  return value ? value.split('.').filter(Boolean).slice(0, KNOWN_ACCOUNTS_KEPT) : [];
}

type TSignInArgs = { db: TDb; secret: string; https: boolean; headers: Headers; account: string };

/** Before a sign-in attempt: 429 when this account is past its limit and the browser is not known to it. */
export async function limitSignIn({ db, secret, https, headers, account }: TSignInArgs): Promise<void> {
  if (knownTags(headers, https).includes(accountTag(secret, account))) return;
  const [attempts, delay] = await Promise.all([
    countHit(db, counterKeys(account)[0]!, SIGN_IN_PER_ACCOUNT.windowSeconds),
    countHit(db, counterKeys(account)[1]!, SIGN_IN_PER_ACCOUNT.delaySeconds),
  ]);
  if (attempts.count > SIGN_IN_PER_ACCOUNT.max && delay.count > 1) throw rateLimited(delay.retryAfter);
}

/**
 * After a successful sign-in (or sign-up): the owner proved who they are, so the account's
 * counters start afresh, and this browser is known to the account from now on. Returns the
 * Set-Cookie line.
 */
export async function rememberSignIn(args: TSignInArgs & { rateLimit: boolean }): Promise<string> {
  const { db, secret, https, headers, account } = args;
  if (args.rateLimit) await clearRateLimits(db, counterKeys(account));
  const tag = accountTag(secret, account);
  const tags = [tag, ...knownTags(headers, https).filter((t) => t !== tag)].slice(0, KNOWN_ACCOUNTS_KEPT);
  return [
    `${cookieName(https)}=${tags.join('.')}`,
    `Max-Age=${KNOWN_BROWSER_MAX_AGE}`,
    `Path=${KNOWN_BROWSER_PATH}`,
    'HttpOnly',
    'SameSite=Strict',
    ...(https ? ['Secure'] : []),
  ].join('; ');
}
