import { Hono } from 'hono';
import { ZCheckoutRequest } from '@draftwell/shared';
import { createCheckout, createPortal, listInvoices } from '../../billing/stripe-checkout';
import { requireStripe, stripeClient } from '../../billing/stripe-client';
import { requireUser, type TAuthedEnv } from '../../http/require-user';
import { validJson } from '../../http/validate';
import { getBillingState } from './billing.service';

export const billingRoutes = new Hono<TAuthedEnv>()
  .use(requireUser)
  .get('/', async (c) => {
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
  })
  .post('/checkout', validJson(ZCheckoutRequest), async (c) => {
    const { database, env } = c.var.deps;
    const config = requireStripe(env.stripe);
    const body = await createCheckout({
      db: database.db,
      stripe: stripeClient(config),
      config,
      log: c.var.log,
      actor: c.var.actor,
      baseUrl: env.baseUrl,
      input: c.req.valid('json'),
    });
    return c.json(body, 200);
  })
  .post('/portal', async (c) => {
    const { database, env } = c.var.deps;
    const config = requireStripe(env.stripe);
    const body = await createPortal({
      db: database.db,
      stripe: stripeClient(config),
      config,
      log: c.var.log,
      actor: c.var.actor,
      baseUrl: env.baseUrl,
    });
    return c.json(body, 200);
  })
  .get('/invoices', async (c) => {
    const { database, env } = c.var.deps;
    const config = requireStripe(env.stripe);
    const items = await listInvoices({
      db: database.db,
      stripe: stripeClient(config),
      config,
      log: c.var.log,
      actor: c.var.actor,
    });
    return c.json({ items }, 200);
  });
