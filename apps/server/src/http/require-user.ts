import type { MiddlewareHandler } from 'hono';
import type { TAppEnv } from './context';
import { AppError } from '../lib/app-error';
import { createSessionLookup } from './session-lookup';

export type TActor = { id: string; email: string; name: string; emailVerified: boolean };
export type TAuthedEnv = TAppEnv & { Variables: TAppEnv['Variables'] & { actor: TActor } };

/**
 * Protected routes: the session cookie must name a live session (401 otherwise). The signed-in
 * user becomes `c.var.actor`, which every service takes to filter by owner.
 */
export const requireUser: MiddlewareHandler<TAuthedEnv> = async (c, next) => {
  const { auth, database } = c.var.deps;
  let lookup = lookups.get(auth);
  if (!lookup) {
    lookup = createSessionLookup(auth);
    lookups.set(auth, lookup);
  }
  // The common case in one query; anything else is better-auth's own getSession (session-lookup.ts).
  const fast = await lookup(database.db, c.req.raw.headers);
  if (fast) {
    c.set('actor', fast);
    return next();
  }
  const session = await auth.api.getSession({ headers: c.req.raw.headers });
  if (!session) throw new AppError('unauthenticated', 'Sign in to continue.');
  const { user } = session;
  c.set('actor', { id: user.id, email: user.email, name: user.name, emailVerified: user.emailVerified });
  return next();
};

const lookups = new WeakMap<TAppEnv['Variables']['deps']['auth'], ReturnType<typeof createSessionLookup>>();
