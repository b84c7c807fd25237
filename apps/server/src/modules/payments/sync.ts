import { createHash } from 'node:crypto';
import { documentLocale, formatMoney, fromStripeAmount, type TPaymentQuote } from '@draftwell/shared';
import type { TRevisionSnapshot } from '@draftwell/shared/share/revision';
import type { TProposalClient } from '@draftwell/shared/workspace/proposals';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type Stripe from 'stripe';
import { publishNotifications, recordEvent, toNotification } from '../events/events';
import { latestRevision } from '../revisions/records';
import { signerLink } from '../signers/signers';
import type { TDb } from '../../db/client';
import { paymentCheckouts, proposalPayments, proposalSigners, proposals, signatures, users } from '../../db/schema';
import { serverI18n } from '../../lib/i18n';
import { enqueueMail } from '../../mail/outbox';
import { ownerI18n } from '../../mail/owner-i18n';
import { mailMoneyLocale, ownerActivityMail, paymentReceiptMail } from '../../mail/templates';
import {
  AccountUnusableError,
  accountStripe,
  classifyStripeError,
  logStripeFailure,
  markNeedsAttention,
  stripeUnavailable,
  type TAccountRow,
} from './stripe-account';
import { type TPaymentRow } from './terms';
import type { TAppDeps } from '../../deps';
import { shareUrl, ownerUrl } from '../../lib/links';

/**
 * Applying Stripe's word on a Checkout Session to the proposal's payment (decision 0018). Stripe
 * is the record: whatever prompted it (a webhook, the client back from Checkout, the owner's
 * *Check with Stripe*), the session is read from Stripe as it is now and the state written from
 * that, never from an event's copy. Each change happens once, under the payment row's lock, so
 * replayed, late and reordered events all end on Stripe's state with one effect each (R8).
 */

export type TCheckoutRow = typeof paymentCheckouts.$inferSelect;
type TEventRow = Awaited<ReturnType<typeof recordEvent>>;

export type TSyncResult = 'synced' | 'unusable' | 'missing';

const SESSION_EXPAND = ['payment_intent', 'payment_intent.latest_charge'];

/** Reads `checkout` from the owner's account and applies it. A 503 when Stripe cannot be reached. */
export async function syncCheckout(
  deps: TAppDeps,
  log: Logger,
  checkout: TCheckoutRow,
  account: TAccountRow,
): Promise<TSyncResult> {
  let session: Stripe.Checkout.Session;
  try {
    const { stripe, options } = accountStripe(deps.env, account);
    session = await stripe.checkout.sessions.retrieve(checkout.sessionId, { expand: SESSION_EXPAND }, options);
  } catch (err) {
    if (err instanceof AccountUnusableError) {
      await markNeedsAttention(deps.database.db, account.id, err.message);
      return 'unusable';
    }
    const failure = classifyStripeError(err);
    if (!failure) throw err;
    logStripeFailure(log, 'checkout.sessions.retrieve', err, failure);
    if (failure.kind === 'transient') throw stripeUnavailable();
    if (failure.kind === 'refused') {
      await markNeedsAttention(deps.database.db, account.id, failure.message);
      return 'unusable';
    }
    return 'missing';
  }
  await applySession(deps, log, checkout, session);
  return 'synced';
}

type TFacts = {
  status: string;
  paymentStatus: string;
  paymentIntentId: string | null;
  succeeded: boolean;
  processing: boolean;
  failure: string | null;
  amount: number | null;
  paidAt: Date | null;
  receiptUrl: string | null;
  refunded: number;
  fullyRefunded: boolean;
  payer: { name: string | null; email: string | null };
};

function factsOf(session: Stripe.Checkout.Session, currency: string): TFacts {
  const pi = typeof session.payment_intent === 'object' ? session.payment_intent : null;
  const charge = pi && typeof pi.latest_charge === 'object' ? pi.latest_charge : null;
  const succeeded = session.payment_status === 'paid' || pi?.status === 'succeeded';
  const failed = !succeeded && !!pi?.last_payment_error && pi.status !== 'processing';
  return {
    status: session.status ?? 'open',
    paymentStatus: session.payment_status,
    paymentIntentId: pi?.id ?? (typeof session.payment_intent === 'string' ? session.payment_intent : null),
    succeeded,
    processing: !succeeded && !failed && session.status === 'complete' && session.payment_status === 'unpaid',
    failure: failed ? pi!.last_payment_error!.message || 'The payment did not go through.' : null,
    amount: session.amount_total === null ? null : fromStripeAmount(session.amount_total, currency),
    paidAt: charge ? new Date(charge.created * 1000) : pi ? new Date(pi.created * 1000) : null,
    receiptUrl: charge?.receipt_url ?? null,
    refunded: charge ? fromStripeAmount(charge.amount_refunded, currency) : 0,
    fullyRefunded: charge?.refunded === true,
    payer: { name: session.customer_details?.name ?? null, email: session.customer_details?.email ?? null },
  };
}

const fingerprint = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 16);

async function applySession(deps: TAppDeps, log: Logger, checkout: TCheckoutRow, session: Stripe.Checkout.Session) {
  const db = deps.database.db;
  const outcome = await db.transaction(async (tx) => {
    const [payment] = await tx
      .select()
      .from(proposalPayments)
      .where(eq(proposalPayments.proposalId, checkout.proposalId))
      .for('update');
    const [before] = await tx
      .select()
      .from(paymentCheckouts)
      .where(eq(paymentCheckouts.sessionId, checkout.sessionId))
      .for('update');
    if (!payment || !before) return null;
    const currency = payment.currency ?? checkout.currency.toUpperCase();
    const facts = factsOf(session, currency);
    await tx
      .update(paymentCheckouts)
      .set({
        status: facts.status,
        paymentStatus: facts.paymentStatus,
        paymentIntentId: facts.paymentIntentId,
        checkedAt: sql`now()`,
      })
      .where(eq(paymentCheckouts.sessionId, checkout.sessionId));
    const events = await applyFacts(tx, deps, { payment, checkout: before, facts, currency });
    return { events, ownerId: payment.ownerId };
  });
  if (!outcome || outcome.events.length === 0) return;
  deps.outbox.kick();
  const [row] = await db.select().from(proposals).where(eq(proposals.id, checkout.proposalId));
  if (!row) return;
  const client = row.client as TProposalClient;
  await publishNotifications(
    deps.realtime,
    log,
    outcome.ownerId,
    outcome.events.map((e) => toNotification(e, { number: row.number, title: row.title, clientName: client.name })),
  );
}

/** The transitions one session's facts make, each once; returns the timeline events recorded. */
async function applyFacts(
  tx: TDb,
  deps: TAppDeps,
  args: { payment: TPaymentRow; checkout: TCheckoutRow; facts: TFacts; currency: string },
): Promise<TEventRow[]> {
  const { payment, checkout, facts, currency } = args;
  const events: TEventRow[] = [];
  const [proposal] = await tx.select().from(proposals).where(eq(proposals.id, payment.proposalId));
  if (!proposal) return events;
  const event = (type: 'paid' | 'payment_failed' | 'refunded', data: Record<string, unknown>) =>
    recordEvent(tx, { proposalId: proposal.id, ownerId: proposal.ownerId, type, actor: 'system', data });
  const owner = await ownerContact(tx, proposal.ownerId);
  const link = ownerUrl(deps.env.baseUrl, proposal.id);
  const update = (values: Partial<typeof proposalPayments.$inferInsert>) =>
    tx
      .update(proposalPayments)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(proposalPayments.proposalId, payment.proposalId));

  if (facts.succeeded) {
    const amount = facts.amount ?? (payment.quote as TPaymentQuote | null)?.total ?? 0;
    const payerName = facts.payer.name ?? (await signerNameOf(tx, checkout.signerId)) ?? 'Your client';
    if (checkout.paymentStatus !== 'paid') {
      const due = payment.status === 'awaiting' || payment.status === 'processing';
      // Stripe's payment is the record, also over an earlier *Mark as paid*.
      if (due || (payment.status === 'paid' && payment.paidVia === 'manual')) {
        await update({
          status: 'paid',
          amountPaid: amount,
          paidAt: facts.paidAt ?? new Date(),
          paidVia: 'stripe',
          paymentIntentId: facts.paymentIntentId,
          receiptUrl: facts.receiptUrl,
          failureMessage: null,
          failedAt: null,
        });
      }
      events.push(
        await event('paid', {
          amount,
          currency,
          via: 'stripe',
          paymentIntentId: facts.paymentIntentId,
          name: payerName,
          // Paid after it was already paid (a second session, or after *Mark as paid*): refund one.
          ...(due ? {} : { again: true }),
        }),
      );
      if (owner) {
        const i18n = ownerI18n(owner.appLanguage);
        const money = formatMoney(amount, currency, mailMoneyLocale(i18n));
        const payer = facts.payer.name ?? (await signerNameOf(tx, checkout.signerId));
        const { title } = proposal;
        await enqueueMail(
          tx,
          `payment-paid:${checkout.sessionId}`,
          ownerActivityMail(i18n, {
            to: owner.email,
            title,
            text: payer
              ? i18n._('{name} paid {amount} for “{title}”.', { name: payer, amount: money, title })
              : i18n._('Your client paid {amount} for “{title}”.', { amount: money, title }),
            detail: !due
              ? i18n._(
                  'This proposal was already paid (or marked as paid): your client has now paid again. Refund one of the payments in your Stripe Dashboard.',
                )
              : facts.paymentIntentId
                ? i18n._('Stripe payment {id}. It is in your Stripe account.', { id: facts.paymentIntentId })
                : i18n._('The payment is in your Stripe account.'),
            url: link,
          }),
        );
      }
      await mailReceipt(tx, deps, { proposal, checkout, facts, amount, currency });
    } else if (payment.paymentIntentId === facts.paymentIntentId && !payment.receiptUrl && facts.receiptUrl) {
      await update({ receiptUrl: facts.receiptUrl });
    }
    // Refunds of the payment that paid the proposal.
    if (facts.paymentIntentId && facts.paymentIntentId === (payment.paymentIntentId ?? facts.paymentIntentId)) {
      const refundedBefore = payment.refundedAmount;
      if (facts.refunded > refundedBefore) {
        const full = facts.fullyRefunded;
        await update({ refundedAmount: facts.refunded, ...(full ? { status: 'refunded' as const } : {}) });
        events.push(await event('refunded', { amount: facts.refunded, currency, full }));
      }
    }
    return events;
  }

  if (facts.processing && payment.status === 'awaiting') {
    await update({ status: 'processing', paymentIntentId: facts.paymentIntentId });
    return events;
  }

  const mayFail =
    payment.status === 'awaiting' ||
    (payment.status === 'processing' && payment.paymentIntentId === facts.paymentIntentId);
  const isNew = payment.failureMessage !== facts.failure || payment.paymentIntentId !== facts.paymentIntentId;
  if (facts.failure && mayFail && isNew) {
    const amount = checkout.amount === null ? 0 : fromStripeAmount(checkout.amount, currency);
    await update({
      status: 'awaiting',
      failureMessage: facts.failure,
      failedAt: new Date(),
      paymentIntentId: facts.paymentIntentId,
    });
    events.push(await event('payment_failed', { amount, currency, message: facts.failure }));
    if (owner) {
      const i18n = ownerI18n(owner.appLanguage);
      await enqueueMail(
        tx,
        `payment-failed:${facts.paymentIntentId ?? checkout.sessionId}:${fingerprint(facts.failure)}`,
        ownerActivityMail(i18n, {
          to: owner.email,
          title: proposal.title,
          text: i18n._('A payment of {amount} for “{title}” did not go through.', {
            amount: formatMoney(amount, currency, mailMoneyLocale(i18n)),
            title: proposal.title,
          }),
          detail: i18n._('Stripe says: {failure} Your client can try again from their page.', {
            failure: facts.failure,
          }),
          url: link,
        }),
      );
    }
  }
  return events;
}

async function ownerContact(tx: TDb, ownerId: string) {
  const [owner] = await tx
    .select({ email: users.email, name: users.name, appLanguage: users.appLanguage })
    .from(users)
    .where(eq(users.id, ownerId));
  return owner ?? null;
}

async function signerNameOf(tx: TDb, signerId: string | null): Promise<string | null> {
  if (!signerId) return null;
  const [signer] = await tx
    .select({ name: proposalSigners.name })
    .from(proposalSigners)
    .where(eq(proposalSigners.id, signerId));
  return signer?.name || null;
}

/** The payer's receipt: to the signer who pressed Pay (else the address given at Checkout). */
async function mailReceipt(
  tx: TDb,
  deps: TAppDeps,
  args: {
    proposal: typeof proposals.$inferSelect;
    checkout: TCheckoutRow;
    facts: TFacts;
    amount: number;
    currency: string;
  },
) {
  const { proposal, checkout, facts } = args;
  const [signer] = checkout.signerId
    ? await tx
        .select()
        .from(proposalSigners)
        .where(and(eq(proposalSigners.id, checkout.signerId), isNull(proposalSigners.removedAt)))
    : [];
  const to = signer?.email ?? facts.payer.email;
  if (!to) return;
  const sender = await ownerContact(tx, proposal.ownerId);
  const url = signer ? shareUrl(deps.env.baseUrl, await signerLink(tx, deps, signer)) : deps.env.baseUrl;
  // In the language the signer signed in, else the accepted revision's.
  const revision = await latestRevision(tx, proposal.id);
  const snapshot = revision?.snapshot as TRevisionSnapshot | undefined;
  const [signed] =
    signer && revision
      ? await tx
          .select({ language: signatures.language })
          .from(signatures)
          .where(and(eq(signatures.signerId, signer.id), eq(signatures.revisionId, revision.id)))
      : [];
  const i18n = serverI18n(signed?.language ?? snapshot?.language);
  const locale = mailMoneyLocale(i18n, documentLocale(snapshot?.sender.locale));
  await enqueueMail(
    tx,
    `payment-receipt:${checkout.sessionId}`,
    paymentReceiptMail(i18n, {
      to,
      name: signer?.name ?? facts.payer.name ?? '',
      title: proposal.title,
      senderName: sender?.name || null,
      amount: formatMoney(args.amount, args.currency, locale),
      receiptUrl: facts.receiptUrl,
      url,
    }),
  );
}

/** The proposal's newest sessions that may still change (not expired, not settled), newest first. */
export async function liveCheckouts(db: TDb, proposalId: string, limit = 3): Promise<TCheckoutRow[]> {
  return db
    .select()
    .from(paymentCheckouts)
    .where(and(eq(paymentCheckouts.proposalId, proposalId), inArray(paymentCheckouts.status, ['open', 'complete'])))
    .orderBy(desc(paymentCheckouts.createdAt))
    .limit(limit);
}
