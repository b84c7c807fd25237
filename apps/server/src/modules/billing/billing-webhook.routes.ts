import { Hono } from 'hono';
import { requireStripe, stripeClient } from './stripe-client';
import { handleStripeWebhook } from './stripe-webhook';
import type { TAppEnv } from '../../deps';

/** Stripe's events are small; a body far past this is not from Stripe. */
export const WEBHOOK_MAX_BODY_BYTES = 256 * 1024;
export const WEBHOOK_PATH = '/api/billing/webhook';

/**
 * Stripe's webhook endpoint: no session and no Origin (Stripe is not a browser); the signature
 * over the raw body is the authentication, so the body is read as bytes, never re-serialized.
 */
export const billingWebhookRoutes = new Hono<TAppEnv>().post('/', async (c) => {
  const { database, env, realtime } = c.var.deps;
  const config = requireStripe(env.stripe);
  const outcome = await handleStripeWebhook({
    database,
    stripe: stripeClient(config),
    config,
    log: c.var.log,
    realtime,
    defaultPlan: env.defaultPlan,
    payload: new Uint8Array(await c.req.arrayBuffer()),
    signature: c.req.header('stripe-signature'),
  });
  return c.json({ received: true, duplicate: outcome.kind === 'duplicate' }, 200);
});
