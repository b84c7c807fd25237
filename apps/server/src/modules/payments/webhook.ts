import { eq, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import Stripe from 'stripe';
import { paymentAccounts, paymentCheckouts, paymentEvents } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { openSecret } from '../../lib/secret-box';
import {
  CONNECT_OFF_MESSAGE,
  WEBHOOK_SECRET_PURPOSE,
  accountStripe,
  classifyStripeError,
  logStripeFailure,
  stripeUnavailable,
  type TAccountRow,
} from './stripe-account';
import { syncCheckout, type TCheckoutRow } from './sync';
import type { TAppDeps } from '../../deps';

/**
 * Stripe's webhooks about payments (decision 0018), on two kinds of endpoint: the platform's
 * Connect endpoint (`/api/payments/webhook`, events of connected accounts, each naming its
 * `account`), and one per restricted-key connection (`/api/payments/webhook/:connectionId`, made
 * on the owner's own account, with its own signing secret). Each is verified on the raw bytes;
 * an event is applied only to a session this server made on that very account, by reading the
 * session from Stripe (sync.ts), and recorded by id so a replay does nothing.
 */

/** Stripe's own default: a signature older than this is a replay (A16). */
export const PAYMENT_WEBHOOK_TOLERANCE_SECONDS = 300;

export type TPaymentWebhookOutcome = { kind: 'duplicate' } | { kind: 'processed' } | { kind: 'ignored'; why: string };

const idOf = (v: string | { id: string } | null | undefined) => (typeof v === 'string' ? v : (v?.id ?? null));

export async function handlePaymentWebhook(args: {
  deps: TAppDeps;
  log: Logger;
  payload: Uint8Array;
  signature: string | undefined;
  /** Set on a restricted-key connection's own endpoint. */
  connectionId?: string;
}): Promise<TPaymentWebhookOutcome> {
  const { deps, log } = args;
  const db = deps.database.db;
  let connection: TAccountRow | null = null;
  let secret: string | null;
  if (args.connectionId !== undefined) {
    const id = /^[0-9a-f-]{36}$/i.test(args.connectionId) ? args.connectionId : null;
    const [row] = id ? await db.select().from(paymentAccounts).where(eq(paymentAccounts.id, id)) : [];
    connection = row && row.mode === 'key' ? row : null;
    secret = connection?.webhookSecretSealed
      ? openSecret(deps.env.authSecret, WEBHOOK_SECRET_PURPOSE, connection.id, connection.webhookSecretSealed)
      : null;
    if (!secret) {
      log.warn({ connectionId: args.connectionId }, 'payment webhook for no connection of ours');
      throw new AppError('invalid', 'This webhook endpoint is not (or no longer) connected to a Stripe account here.');
    }
  } else {
    if (!deps.env.payments.connect)
      throw new AppError('conflict', CONNECT_OFF_MESSAGE, { details: { reason: 'connect_off' } });
    secret = deps.env.payments.connect.webhookSecret;
  }

  let event: Stripe.Event;
  try {
    if (!args.signature) throw new Error('no Stripe-Signature header');
    event = Stripe.webhooks.constructEvent(
      Buffer.from(args.payload),
      args.signature,
      secret,
      PAYMENT_WEBHOOK_TOLERANCE_SECONDS,
    );
  } catch (err) {
    log.warn({ err: err instanceof Error ? err.message : String(err) }, 'payment webhook refused');
    throw new AppError('invalid', 'The Stripe signature is missing, does not match, or is too old.');
  }

  const [seen] = await db.select({ id: paymentEvents.id }).from(paymentEvents).where(eq(paymentEvents.id, event.id));
  if (seen) return { kind: 'duplicate' };
  const outcome = await applyEvent(deps, log, event, connection);
  // Recorded once applied: an event Stripe could not be asked about (503) is not, and comes again.
  await db
    .insert(paymentEvents)
    .values({ id: event.id, type: event.type, account: event.account ?? null })
    .onConflictDoNothing();
  log.info(
    {
      stripeEvent: event.id,
      type: event.type,
      outcome: outcome.kind,
      ...(outcome.kind === 'ignored' ? { why: outcome.why } : {}),
    },
    'payment webhook',
  );
  return outcome;
}

async function applyEvent(
  deps: TAppDeps,
  log: Logger,
  event: Stripe.Event,
  connection: TAccountRow | null,
): Promise<TPaymentWebhookOutcome> {
  const db = deps.database.db;
  // On the Connect endpoint, every event names the connected account it happened on.
  const account = connection ? null : (event.account ?? null);
  if (!connection && !account) return { kind: 'ignored', why: 'a platform event on the Connect endpoint' };

  if (event.type === 'account.application.deauthorized' && account) {
    await db
      .update(paymentAccounts)
      .set({
        status: 'needs_attention',
        problem: 'This Stripe account was disconnected from Draftwell in Stripe. Connect it again to take payments.',
        updatedAt: sql`now()`,
      })
      .where(eq(paymentAccounts.stripeAccountId, account));
    return { kind: 'processed' };
  }

  // Who the event is for: a connected account (Connect) or this connection (a restricted key).
  const owner = connection ?? (await connectedAccount(deps, account!));
  if (!owner) return { kind: 'ignored', why: 'an account no owner here has connected' };

  const sessionId = await sessionOf(deps, log, event, owner);
  if (!sessionId) return { kind: 'ignored', why: 'no Checkout Session of ours' };
  const [checkout] = await db.select().from(paymentCheckouts).where(eq(paymentCheckouts.sessionId, sessionId));
  if (!checkout) return { kind: 'ignored', why: 'an unknown session' };
  if (!madeOn(checkout, owner, account)) {
    log.warn({ stripeEvent: event.id, sessionId }, 'payment event for a session of another account; ignored');
    return { kind: 'ignored', why: 'a session of another account' };
  }
  const result = await syncCheckout(deps, log, checkout, owner);
  return result === 'synced'
    ? { kind: 'processed' }
    : { kind: 'ignored', why: `the session could not be read (${result})` };
}

/** The session was made by this server on the very account the event comes from. */
function madeOn(checkout: TCheckoutRow, owner: TAccountRow, account: string | null): boolean {
  if (checkout.connectionId !== owner.id || checkout.ownerId !== owner.ownerId) return false;
  if (owner.mode === 'connect') return checkout.mode === 'connect' && checkout.stripeAccountId === account;
  return checkout.mode === 'key';
}

async function connectedAccount(deps: TAppDeps, account: string): Promise<TAccountRow | null> {
  const rows = await deps.database.db
    .select()
    .from(paymentAccounts)
    .where(eq(paymentAccounts.stripeAccountId, account));
  return rows.find((r) => r.mode === 'connect') ?? null;
}

/**
 * The Checkout Session an event is about: the session itself, or, for a payment intent or charge
 * event (which may come before the session's own), the session made for that payment intent,
 * looked up at Stripe when it is not known here yet.
 */
async function sessionOf(deps: TAppDeps, log: Logger, event: Stripe.Event, owner: TAccountRow): Promise<string | null> {
  const object = event.data.object as { object?: string; id?: string; payment_intent?: unknown };
  let paymentIntent: string | null = null;
  switch (object.object) {
    case 'checkout.session':
      return object.id ?? null;
    case 'payment_intent':
      paymentIntent = object.id ?? null;
      break;
    case 'charge':
      paymentIntent = idOf(object.payment_intent as string | { id: string } | null);
      break;
    default:
      return null;
  }
  if (!paymentIntent) return null;
  const [known] = await deps.database.db
    .select({ sessionId: paymentCheckouts.sessionId })
    .from(paymentCheckouts)
    .where(eq(paymentCheckouts.paymentIntentId, paymentIntent));
  if (known) return known.sessionId;
  try {
    const { stripe, options } = accountStripe(deps.env, owner);
    const list = await stripe.checkout.sessions.list({ payment_intent: paymentIntent, limit: 1 }, options);
    return list.data[0]?.id ?? null;
  } catch (err) {
    const failure = classifyStripeError(err);
    if (!failure) return null;
    logStripeFailure(log, 'checkout.sessions.list (by payment intent)', err, failure);
    if (failure.kind === 'transient') throw stripeUnavailable();
    return null;
  }
}
