import type { Logger } from 'pino';
import Stripe from 'stripe';
import { BILLING_OFF_MESSAGE } from '@draftwell/shared';
import type { TStripeEnv } from '../../env';
import { AppError } from '../../lib/app-error';

/**
 * One Stripe client per configuration (the SDK keeps a keep-alive agent, so it is reused rather
 * than built per request). STRIPE_API_URL points it at a Stripe-compatible server in tests.
 */
const clients = new WeakMap<TStripeEnv, Stripe>();

export function stripeClient(config: TStripeEnv): Stripe {
  let client = clients.get(config);
  if (!client) {
    client = new Stripe(config.secretKey, {
      // Stripe answers 409/5xx/timeouts with "retry"; the SDK reuses the idempotency key it sent.
      maxNetworkRetries: 2,
      timeout: 20_000,
      telemetry: false,
      appInfo: { name: 'Draftwell' },
      ...(config.apiUrl ? apiAddress(config.apiUrl) : {}),
    });
    clients.set(config, client);
  }
  return client;
}

function apiAddress(apiUrl: string): { host: string; port: number; protocol: 'http' | 'https' } {
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port ? Number(url.port) : protocol === 'http' ? 80 : 443, protocol };
}

/** The Stripe configuration, or the 409 every billing action answers when the server has none. */
export function requireStripe(config: TStripeEnv | null): TStripeEnv {
  if (!config) throw new AppError('conflict', BILLING_OFF_MESSAGE, { details: { reason: 'billing_off' } });
  return config;
}

/**
 * A call to Stripe whose failure the person can do nothing about but wait (network, Stripe down,
 * rate limited: 503), or that the operator must fix (a refused key or price id: logged as an
 * error, 500 without Stripe's words, which may name our configuration).
 */
export async function callStripe<T>(log: Logger, what: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (!(err instanceof Stripe.errors.StripeError)) throw err;
    const info = { what, type: err.type, code: err.code, status: err.statusCode, message: err.message };
    const transient =
      err instanceof Stripe.errors.StripeConnectionError ||
      err instanceof Stripe.errors.StripeRateLimitError ||
      err instanceof Stripe.errors.StripeAPIError ||
      (err.statusCode ?? 0) >= 500;
    if (transient) {
      log.warn(info, 'stripe unavailable');
      throw new AppError('unavailable', 'Stripe is not answering right now. Try again in a minute.', {
        retryAfter: 30,
      });
    }
    log.error(info, 'stripe refused a request');
    throw new AppError(
      'internal',
      'Billing is not set up correctly on this server. Try again later, or contact its operator.',
    );
  }
}
