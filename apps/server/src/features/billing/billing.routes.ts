import { Hono } from 'hono';
import { requireUser, type TAuthedEnv } from '../../http/require-user';
import { getBillingState } from './billing.service';

export const billingRoutes = new Hono<TAuthedEnv>().use(requireUser).get('/', async (c) => {
  const { database, env } = c.var.deps;
  return c.json(
    await getBillingState({
      db: database.db,
      actor: c.var.actor,
      defaultPlan: env.defaultPlan,
      billingEnabled: env.stripe !== null,
    }),
    200,
  );
});
