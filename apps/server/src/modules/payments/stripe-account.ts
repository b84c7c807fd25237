import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import Stripe from 'stripe';
import type { TDb } from '../../db/client';
import { paymentAccounts } from '../../db/schema';
import type { TEnv } from '../../env';
import { AppError } from '../../lib/app-error';
import { openSecret } from '../../lib/secret-box';

/**
 * Talking to an owner's own Stripe account (decision 0018): with Connect, the platform's key and
 * the account in the `Stripe-Account` header; with a restricted key, that key. Neither key is
 * ever logged or answered.
 */

export type TAccountRow = typeof paymentAccounts.$inferSelect;

/** What `openSecret` is asked to open, per kind of secret. */
export const KEY_PURPOSE = 'stripe-restricted-key';
export const WEBHOOK_SECRET_PURPOSE = 'stripe-webhook-secret';

const baseOptions = (apiUrl: string | undefined): Stripe.StripeConfig => ({
  // Stripe answers 409/5xx/timeouts with "retry"; the SDK reuses the idempotency key it sent.
  maxNetworkRetries: 2,
  timeout: 20_000,
  telemetry: false,
  appInfo: { name: 'Draftwell' },
  ...(apiUrl ? apiAddress(apiUrl) : {}),
});

function apiAddress(apiUrl: string): { host: string; port: number; protocol: 'http' | 'https' } {
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port ? Number(url.port) : protocol === 'http' ? 80 : 443, protocol };
}

/** One client per key (the SDK keeps its agent); keyed by the key's hash, never the key itself. */
const clients = new Map<string, Stripe>();
const MAX_CLIENTS = 200;

export function stripeFor(key: string, apiUrl: string | undefined): Stripe {
  const id = `${apiUrl ?? ''} ${createHash('sha256').update(key).digest('hex')}`;
  let client = clients.get(id);
  if (!client) {
    client = new Stripe(key, baseOptions(apiUrl));
    if (clients.size >= MAX_CLIENTS) clients.delete(clients.keys().next().value!);
    clients.set(id, client);
  }
  return client;
}

export const CONNECT_OFF_MESSAGE =
  'Stripe Connect is not set up on this server. Connect your account with a restricted key instead (below), or ask the operator to set STRIPE_CONNECT_CLIENT_ID.';

/** The platform's client for Connect calls; a 409 when the operator has not set Connect up. */
export function platformStripe(env: TEnv): Stripe {
  const connect = env.payments.connect;
  if (!connect) throw new AppError('conflict', CONNECT_OFF_MESSAGE, { details: { reason: 'connect_off' } });
  return stripeFor(connect.secretKey, env.payments.apiUrl);
}

export type TAccountStripe = { stripe: Stripe; options: Stripe.RequestOptions };

/** The key of a restricted-key connection, or null when it cannot be opened (AUTH_SECRET changed). */
export function openKey(env: TEnv, account: TAccountRow): string | null {
  return account.keySealed ? openSecret(env.authSecret, KEY_PURPOSE, account.id, account.keySealed) : null;
}

export class AccountUnusableError extends Error {}

/** How to call the owner's account; throws AccountUnusableError when it cannot be called at all. */
export function accountStripe(env: TEnv, account: TAccountRow): TAccountStripe {
  if (account.mode === 'connect') {
    if (!env.payments.connect) throw new AccountUnusableError('Stripe Connect is no longer set up on this server.');
    if (!account.stripeAccountId) throw new AccountUnusableError('The connected account has no id.');
    return { stripe: platformStripe(env), options: { stripeAccount: account.stripeAccountId } };
  }
  const key = openKey(env, account);
  if (!key) {
    throw new AccountUnusableError(
      'The saved key can no longer be read (the server’s AUTH_SECRET changed): enter it again.',
    );
  }
  return { stripe: stripeFor(key, env.payments.apiUrl), options: {} };
}

/** What a failed Stripe call means for us. */
export type TStripeFailure =
  /** Network, Stripe down, rate limited: try again later (503). */
  | { kind: 'transient' }
  /** The key or the connection was refused (401/403): the owner must fix it. */
  | { kind: 'refused'; message: string }
  /** Stripe refused this request (400/404): `code` says why. */
  | { kind: 'invalid'; code: string | null; param: string | null; status: number };

export function classifyStripeError(err: unknown): TStripeFailure | null {
  if (!(err instanceof Stripe.errors.StripeError)) return null;
  if (
    err instanceof Stripe.errors.StripeConnectionError ||
    err instanceof Stripe.errors.StripeRateLimitError ||
    err instanceof Stripe.errors.StripeAPIError ||
    (err.statusCode ?? 0) >= 500
  ) {
    return { kind: 'transient' };
  }
  if (
    err instanceof Stripe.errors.StripeAuthenticationError ||
    err instanceof Stripe.errors.StripePermissionError ||
    err.statusCode === 401 ||
    err.statusCode === 403
  ) {
    return {
      kind: 'refused',
      message:
        err.statusCode === 403
          ? 'Stripe refused a request for lack of permission: the key or the connection does not allow it.'
          : 'Stripe no longer accepts the key or the connection (it was deleted, rolled or disconnected).',
    };
  }
  return { kind: 'invalid', code: err.code ?? null, param: err.param ?? null, status: err.statusCode ?? 400 };
}

export const stripeUnavailable = () =>
  new AppError('unavailable', 'Stripe is not answering right now. Try again in a minute.', { retryAfter: 30 });

/** Logs what Stripe said (never a key: the SDK's messages mask them) and what we make of it. */
export function logStripeFailure(log: Logger, what: string, err: unknown, failure: TStripeFailure) {
  const e = err as { type?: string; code?: string; statusCode?: number };
  const info = { what, type: e.type, code: e.code, status: e.statusCode, kind: failure.kind };
  if (failure.kind === 'transient') log.warn(info, 'stripe unavailable');
  else log.warn(info, 'stripe refused a payments request');
}

/** The owner's connection stops working: say so on Profile → Payments until they fix it. */
export async function markNeedsAttention(db: TDb, accountId: string, problem: string): Promise<void> {
  await db
    .update(paymentAccounts)
    .set({ status: 'needs_attention', problem, updatedAt: sql`now()` })
    .where(eq(paymentAccounts.id, accountId));
}

export async function accountOf(db: TDb, ownerId: string): Promise<TAccountRow | null> {
  const [row] = await db.select().from(paymentAccounts).where(eq(paymentAccounts.ownerId, ownerId));
  return row ?? null;
}
