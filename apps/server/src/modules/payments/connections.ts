import { createHmac, hkdfSync, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import Stripe from 'stripe';
import { PAYMENTS_RETURN_PATH, type TPaymentAccount, type TPaymentSettings } from '@draftwell/shared';
import type { TDb } from '../../db/client';
import { paymentAccounts } from '../../db/schema';
import type { TEnv } from '../../env';
import type { TActor } from '../../http/require-user';
import { AppError } from '../../lib/app-error';
import { sealSecret } from '../../lib/secret-box';
import {
  KEY_PURPOSE,
  WEBHOOK_SECRET_PURPOSE,
  accountOf,
  accountStripe,
  classifyStripeError,
  logStripeFailure,
  platformStripe,
  stripeFor,
  stripeUnavailable,
  type TAccountRow,
} from './stripe-account';

/**
 * Profile → Payments (decision 0018): the owner connects their own Stripe account, with Stripe
 * Connect (OAuth, Standard accounts) when the operator set it up, or with a restricted key of
 * their account; and disconnects it.
 */

type TArgs = { db: TDb; env: TEnv; log: Logger; actor: TActor };

/** The events a proposal's payment needs, on the Connect endpoint or an owner's own endpoint. */
export const PAYMENT_WEBHOOK_EVENTS = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
  'payment_intent.payment_failed',
  'charge.refunded',
] as const;

export const CONNECT_WEBHOOK_PATH = '/api/payments/webhook';
export const keyWebhookPath = (connectionId: string) => `/api/payments/webhook/${connectionId}`;
export const CONNECT_CALLBACK_PATH = '/api/payments/connect/callback';

export function toAccount(row: TAccountRow): TPaymentAccount {
  return {
    mode: row.mode as TPaymentAccount['mode'],
    accountId: row.stripeAccountId,
    displayName: row.displayName,
    keyLast4: row.keyLast4,
    livemode: row.livemode,
    status: row.status as TPaymentAccount['status'],
    problem: row.problem,
    webhook: row.mode === 'connect' ? 'connect' : row.webhookEndpointId ? 'endpoint' : 'none',
    connectedAt: row.connectedAt.toISOString(),
  };
}

export async function getPaymentSettings(args: Pick<TArgs, 'db' | 'env' | 'actor'>): Promise<TPaymentSettings> {
  const row = await accountOf(args.db, args.actor.id);
  return { connectAvailable: args.env.payments.connect !== null, account: row ? toAccount(row) : null };
}

// -----------------------------------------------------------------------------------------------
// Connect (OAuth)

/** How long the Connect page may stay open before its answer is refused. */
const STATE_TTL_MS = 30 * 60_000;

function stateKey(env: TEnv): Buffer {
  return Buffer.from(hkdfSync('sha256', env.authSecret, 'draftwell', 'stripe-connect-state', 32));
}

/** `state` for Stripe's OAuth page: whose it is and until when, signed; CSRF protection of the callback. */
export function connectState(env: TEnv, userId: string, now = Date.now()): string {
  const payload = Buffer.from(JSON.stringify({ u: userId, e: now + STATE_TTL_MS, n: randomBytes(8).toString('hex') }));
  const mac = createHmac('sha256', stateKey(env)).update(payload).digest();
  return `${payload.toString('base64url')}.${mac.toString('base64url')}`;
}

/** The user a state was made for, when it is ours, unchanged and not too old. */
export function checkConnectState(env: TEnv, state: string, now = Date.now()): string | null {
  const [payloadPart, macPart] = state.split('.');
  if (!payloadPart || !macPart) return null;
  const payload = Buffer.from(payloadPart, 'base64url');
  const mac = Buffer.from(macPart, 'base64url');
  const expected = createHmac('sha256', stateKey(env)).update(payload).digest();
  if (mac.length !== expected.length || !timingSafeEqual(mac, expected)) return null;
  try {
    const parsed = JSON.parse(payload.toString('utf8')) as { u?: unknown; e?: unknown };
    if (typeof parsed.u !== 'string' || typeof parsed.e !== 'number' || parsed.e < now) return null;
    return parsed.u;
  } catch {
    return null;
  }
}

/** Where Stripe's pages live: connect.stripe.com, or the test server STRIPE_API_URL names. */
const connectBase = (env: TEnv) => (env.payments.apiUrl ?? 'https://connect.stripe.com').replace(/\/+$/, '');

/** *Connect with Stripe*: the address of Stripe's page that connects a Standard account to the platform. */
export async function startConnect(args: Pick<TArgs, 'db' | 'env' | 'actor'>): Promise<{ url: string }> {
  const { env, actor } = args;
  platformStripe(env);
  const params = new URLSearchParams({
    response_type: 'code',
    client_id: env.payments.connect!.clientId,
    scope: 'read_write',
    state: connectState(env, actor.id),
    redirect_uri: `${env.baseUrl}${CONNECT_CALLBACK_PATH}`,
    'stripe_user[email]': actor.email,
  });
  return { url: `${connectBase(env)}/oauth/authorize?${params}` };
}

export type TConnectOutcome = 'connected' | 'denied' | 'failed';
export const connectReturn = (baseUrl: string, outcome: TConnectOutcome) =>
  `${baseUrl}${PAYMENTS_RETURN_PATH}&stripe=${outcome}`;

/**
 * Stripe's answer to the OAuth page, in the owner's browser: the code is exchanged for the
 * account's id (the access token Stripe also returns is not kept: the platform's key with the
 * Stripe-Account header does the same), and the account is read for its name.
 */
export async function finishConnect(
  args: TArgs & { code: string | undefined; state: string | undefined; error: string | undefined },
): Promise<TConnectOutcome> {
  const { db, env, log, actor } = args;
  if (args.error) {
    log.info({ error: args.error }, 'stripe connect not granted');
    return 'denied';
  }
  if (!args.code || !args.state || checkConnectState(env, args.state) !== actor.id) {
    log.warn('stripe connect callback with a missing, foreign or expired state');
    return 'failed';
  }
  const stripe = platformStripe(env);
  let token: Stripe.OAuthToken;
  try {
    token = await stripe.oauth.token({ grant_type: 'authorization_code', code: args.code });
  } catch (err) {
    log.warn(
      { type: (err as { type?: string }).type, code: (err as { code?: string }).code },
      'stripe connect: code refused',
    );
    return 'failed';
  }
  const accountId = token.stripe_user_id;
  if (!accountId) return 'failed';
  let displayName: string | null = null;
  try {
    const account = await stripe.accounts.retrieve(accountId);
    displayName = account.settings?.dashboard?.display_name || account.business_profile?.name || account.email || null;
  } catch (err) {
    const failure = classifyStripeError(err);
    if (failure) logStripeFailure(log, 'accounts.retrieve', err, failure);
  }
  await replaceAccount(db, env, log, actor.id, {
    id: randomUUID(),
    ownerId: actor.id,
    mode: 'connect',
    stripeAccountId: accountId,
    livemode: token.livemode ?? false,
    displayName,
  });
  return 'connected';
}

// -----------------------------------------------------------------------------------------------
// A restricted key

const KEY_PERMISSIONS_HELP =
  'Give the key Write access to Checkout Sessions and Webhook Endpoints, and Read access to PaymentIntents and Charges.';

/**
 * Saves a restricted key of the owner's own account, after checking it with Stripe: a list of
 * Checkout Sessions proves the key works; then a webhook endpoint is made on the account so Stripe
 * tells this server about payments. Where Stripe cannot reach this server's address, there is no
 * endpoint, and payments are confirmed when the client returns from Checkout (or on the owner's
 * *Check with Stripe*).
 */
export async function saveKey(args: TArgs & { key: string }): Promise<TPaymentSettings> {
  const { db, env, log, actor, key } = args;
  const stripe = stripeFor(key, env.payments.apiUrl);
  try {
    await stripe.checkout.sessions.list({ limit: 1 });
  } catch (err) {
    const failure = classifyStripeError(err);
    if (!failure) throw err;
    logStripeFailure(log, 'checkout.sessions.list (key check)', err, failure);
    if (failure.kind === 'transient') throw stripeUnavailable();
    const message =
      (err as { statusCode?: number }).statusCode === 403
        ? `Stripe accepts this key but it cannot read Checkout Sessions. ${KEY_PERMISSIONS_HELP}`
        : 'Stripe does not accept this key: check that you copied all of it, and that it was not deleted or rolled.';
    throw new AppError('invalid', message, { fields: { key: message } });
  }

  const id = randomUUID();
  let endpoint: { id: string; secret: string } | null = null;
  try {
    const made = await stripe.webhookEndpoints.create({
      url: `${env.baseUrl}${keyWebhookPath(id)}`,
      enabled_events: [...PAYMENT_WEBHOOK_EVENTS],
      description: 'Draftwell: payments at acceptance',
      api_version: Stripe.API_VERSION as Stripe.WebhookEndpointCreateParams.ApiVersion,
    });
    if (made.secret) endpoint = { id: made.id, secret: made.secret };
  } catch (err) {
    const failure = classifyStripeError(err);
    if (!failure) throw err;
    logStripeFailure(log, 'webhookEndpoints.create', err, failure);
    if (failure.kind === 'transient') throw stripeUnavailable();
    if (failure.kind === 'refused') {
      const message = `Stripe accepts this key but it cannot create a webhook endpoint. ${KEY_PERMISSIONS_HELP}`;
      throw new AppError('invalid', message, { fields: { key: message } });
    }
    // Stripe would not take this server's address (not reachable from the internet): go on without.
  }
  await replaceAccount(db, env, log, actor.id, {
    id,
    ownerId: actor.id,
    mode: 'key',
    keySealed: sealSecret(env.authSecret, KEY_PURPOSE, id, key),
    keyLast4: key.slice(-4),
    livemode: key.startsWith('rk_live_'),
    webhookEndpointId: endpoint?.id ?? null,
    webhookSecretSealed: endpoint ? sealSecret(env.authSecret, WEBHOOK_SECRET_PURPOSE, id, endpoint.secret) : null,
  });
  return getPaymentSettings(args);
}

// -----------------------------------------------------------------------------------------------
// Replacing and disconnecting

/** Removes what the old connection set up at Stripe; failures are logged, never in the way. */
async function tearDown(env: TEnv, log: Logger, row: TAccountRow): Promise<void> {
  try {
    if (row.mode === 'connect' && env.payments.connect && row.stripeAccountId) {
      await platformStripe(env).oauth.deauthorize({
        client_id: env.payments.connect.clientId,
        stripe_user_id: row.stripeAccountId,
      });
    } else if (row.mode === 'key' && row.webhookEndpointId) {
      const { stripe } = accountStripe(env, row);
      await stripe.webhookEndpoints.del(row.webhookEndpointId);
    }
  } catch (err) {
    const failure = classifyStripeError(err);
    if (failure) logStripeFailure(log, 'disconnect', err, failure);
    else log.warn({ err: err instanceof Error ? err.message : String(err) }, 'stripe disconnect: not cleaned up');
  }
}

async function replaceAccount(
  db: TDb,
  env: TEnv,
  log: Logger,
  ownerId: string,
  values: typeof paymentAccounts.$inferInsert,
): Promise<void> {
  const old = await db.transaction(async (tx) => {
    const [previous] = await tx.delete(paymentAccounts).where(eq(paymentAccounts.ownerId, ownerId)).returning();
    await tx.insert(paymentAccounts).values(values);
    return previous ?? null;
  });
  if (old) await tearDown(env, log, old);
}

/** Disconnect: the account is forgotten here, and this server's access to it is removed at Stripe. */
export async function disconnectAccount(args: TArgs): Promise<void> {
  const { db, env, log, actor } = args;
  const [row] = await db.delete(paymentAccounts).where(eq(paymentAccounts.ownerId, actor.id)).returning();
  if (!row) throw new AppError('not_found', 'No Stripe account is connected.');
  await tearDown(env, log, row);
}
