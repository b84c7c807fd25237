import type { MiddlewareHandler } from 'hono';
import type { TAppEnv } from './context';
import { AppError } from '../lib/app-error';

export type TActor = { id: string; email: string; name: string; emailVerified: boolean };
export type TAuthedEnv = TAppEnv & { Variables: TAppEnv['Variables'] & { actor: TActor } };

/**
 * Protected routes: the session cookie must name a live session (401 otherwise). The signed-in
 * user becomes `c.var.actor`, which every service takes to filter by owner.
 */
export const requireUser: MiddlewareHandler<TAuthedEnv> = async (c, next) => {
  const session = await c.var.deps.auth.api.getSession({ headers: c.req.raw.headers });
  if (!session) throw new AppError('unauthenticated', 'Sign in to continue.');
  const { user } = session;
  c.set('actor', { id: user.id, email: user.email, name: user.name, emailVerified: user.emailVerified });
  return next();
};
