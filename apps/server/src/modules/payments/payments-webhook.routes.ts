import { Hono } from 'hono';
import { handlePaymentWebhook } from './webhook';
import type { TAppEnv } from '../../deps';

/**
 * Stripe's webhooks about payments (decision 0018): the platform's Connect endpoint, and one per
 * restricted-key connection. No session and no Origin (Stripe is not a browser); the signature
 * over the raw body is the authentication, so the body is read as bytes, never re-serialized.
 */
export const paymentsWebhookRoutes = new Hono<TAppEnv>()
  .post('/', async (c) => {
    const outcome = await handlePaymentWebhook({
      deps: c.var.deps,
      log: c.var.log,
      payload: new Uint8Array(await c.req.arrayBuffer()),
      signature: c.req.header('stripe-signature'),
    });
    return c.json({ received: true, duplicate: outcome.kind === 'duplicate' }, 200);
  })
  .post('/:connectionId', async (c) => {
    const outcome = await handlePaymentWebhook({
      deps: c.var.deps,
      log: c.var.log,
      payload: new Uint8Array(await c.req.arrayBuffer()),
      signature: c.req.header('stripe-signature'),
      connectionId: c.req.param('connectionId'),
    });
    return c.json({ received: true, duplicate: outcome.kind === 'duplicate' }, 200);
  });
