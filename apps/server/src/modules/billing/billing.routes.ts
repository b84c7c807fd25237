import { Hono, type Context } from 'hono';
import { ZCheckoutRequest } from '@draftwell/shared';
import { createCheckout, createPortal, listInvoices, type TBillingArgs } from './stripe-checkout';
import { requireStripe, stripeClient } from './stripe-client';
import { requireUser } from '../../http/require-user';
import { validJson } from '../../http/validate';
import { getBillingState } from './billing.service';
import type { TAuthedEnv } from '../../deps';

/** What every Stripe call of a signed-in user needs; refused with a clear message when billing is off. */
function stripeArgs(c: Context<TAuthedEnv>): TBillingArgs {
  const { database, env } = c.var.deps;
  const config = requireStripe(env.stripe);
  return {
    db: database.db,
    stripe: stripeClient(config),
    config,
    log: c.var.log,
    actor: c.var.actor,
    baseUrl: env.baseUrl,
  };
}

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
  .post('/checkout', validJson(ZCheckoutRequest), async (c) =>
    c.json(await createCheckout({ ...stripeArgs(c), input: c.req.valid('json') }), 200),
  )
  .post('/portal', async (c) => c.json(await createPortal(stripeArgs(c)), 200))
  .get('/invoices', async (c) => c.json({ items: await listInvoices(stripeArgs(c)) }, 200));
