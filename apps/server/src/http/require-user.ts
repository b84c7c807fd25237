import type { MiddlewareHandler } from 'hono';
import type { THttpEnv } from './context';
import { AppError } from '../lib/app-error';
import { createSessionLookup, freshUser, type TSessionCredential, type TSessionRow } from './session-lookup';

export type TActor = { id: string; email: string; name: string; emailVerified: boolean };
/** An env whose requests passed requireUser: `c.var.actor` is the signed-in user. */
export type TAuthed<E extends THttpEnv = THttpEnv> = E & { Variables: E['Variables'] & { actor: TActor } };

type TDeps = THttpEnv['Variables']['deps'];

const lookups = new WeakMap<TDeps['auth'], ReturnType<typeof createSessionLookup>>();

function lookupOf({ auth }: TDeps) {
  let lookup = lookups.get(auth);
  if (!lookup) {
    lookup = createSessionLookup(auth);
    lookups.set(auth, lookup);
  }
  return lookup;
}

/** better-auth's own getSession: what decides every case the fast path leaves (session-lookup.ts). */
async function actorByBetterAuth(deps: TDeps, headers: Headers): Promise<TActor> {
  const session = await deps.auth.api.getSession({ headers });
  if (!session) throw new AppError('unauthenticated', 'Sign in to continue.');
  const { user } = session;
  return { id: user.id, email: user.email, name: user.name, emailVerified: user.emailVerified };
}

/**
 * Protected routes: the session cookie must name a live session (401 otherwise). The signed-in
 * user becomes `c.var.actor`, which every service takes to filter by owner.
 */
export const requireUser: MiddlewareHandler<TAuthed> = async (c, next) => {
  // The common case in one query; anything else is better-auth's own getSession (session-lookup.ts).
  const { deps } = c.var;
  const headers = c.req.raw.headers;
  const fast = await lookupOf(deps).lookup(deps.database.db, headers);
  c.set('actor', fast ?? (await actorByBetterAuth(deps, headers)));
  return next();
};

/**
 * The signed-in user of a route whose main statement checks the session itself
 * (`requireUserInStatement`).
 */
export type TSignedIn = {
  /**
   * The cookie's session token when the fast path may take it: the route's statement joins the
   * session by it (selecting `sessionFields`). Undefined when only better-auth can tell; then
   * `actor()` has already been settled before the route ran, as requireUser does.
   */
  credential: TSessionCredential | undefined;
  /**
   * The user of the session the statement read, when it is live and needs no renewal; otherwise
   * undefined, and the route asks `actor()`, which then goes straight to better-auth.
   */
  accept(row: TSessionRow | null | undefined): TActor | undefined;
  /** The signed-in user as requireUser finds them; a 401 when nobody is signed in. */
  actor(): Promise<TActor>;
};
export type TSignedInWith<E extends THttpEnv = THttpEnv> = E & { Variables: E['Variables'] & { signedIn: TSignedIn } };

/**
 * requireUser for the two requests an open editor makes most, reading and autosaving a proposal
 * (P2, P4): instead of a session query and then the route's own, the route's one statement joins
 * the session by the cookie's token and touches only that session's user's rows. What requireUser
 * would have answered stays the answer:
 *
 * - no cookie the fast path can take (none, a bad signature, "don't remember me"): better-auth
 *   decides before the route runs, exactly as in requireUser;
 * - a session the statement found missing, expired or due for renewal: the route discards what
 *   it read (a save is conditional on a fresh session in SQL, so nothing was written) and asks
 *   `actor()`, which is better-auth's getSession (refuse, delete, renew);
 * - the route refusing the request before its statement ran (a body that fails its schema, a
 *   malformed id): a 401 still comes first when nobody is signed in, so the session is settled
 *   before such an answer goes out.
 */
export const requireUserInStatement: MiddlewareHandler<TSignedInWith> = async (c, next) => {
  const { deps } = c.var;
  const headers = c.req.raw.headers;
  const lookup = lookupOf(deps);
  const credential = await lookup.credential(headers);
  let settled: Promise<TActor> | undefined;
  let known = false;
  // The statement already read this session (and found it not fresh): the fast query would find the same.
  let fastTried = false;
  const actor = () =>
    (settled ??= (async () => {
      const fast = credential && !fastTried ? await lookup.lookup(deps.database.db, headers) : undefined;
      const user = fast ?? (await actorByBetterAuth(deps, headers));
      known = true;
      return user;
    })());
  if (!credential) await actor();
  c.set('signedIn', {
    credential,
    accept(row) {
      const user = freshUser(row);
      if (user) known = true;
      else fastTried = true;
      return user;
    },
    actor,
  });
  await next();
  if (c.error && !known) await actor();
};
