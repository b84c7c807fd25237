import type { TPaymentQuote, TProposalPayment } from '@draftwell/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { recordEvent } from '../events/events';
import { paymentCheckouts, proposalPayments } from '../../db/schema';
import type { TActor } from '../../http/require-user';
import { AppError } from '../../lib/app-error';
import { recheck } from './checkout';
import { accountOf, accountStripe, classifyStripeError, logStripeFailure } from './stripe-account';
import { ownedProposal, paymentRowOf, toProposalPayment } from './terms';
import type { TAppDeps } from '../../deps';

/** The owner's actions on a proposal's payment (decision 0018): mark it paid by hand, ask Stripe again. */

/**
 * *Mark as paid*: the client paid another way (a bank transfer, cash). Recorded with who and when
 * and the owner's note; the Checkout Sessions still open are closed so the client cannot pay twice.
 */
export async function markPaidByHand(args: {
  deps: TAppDeps;
  log: Logger;
  actor: TActor;
  id: string;
  note: string;
}): Promise<TProposalPayment> {
  const { deps, log, actor } = args;
  const db = deps.database.db;
  const proposal = await ownedProposal(db, actor, args.id);
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(proposalPayments)
      .where(eq(proposalPayments.proposalId, proposal.id))
      .for('update');
    if (!row || (row.status !== 'awaiting' && row.status !== 'processing')) {
      const message =
        row?.status === 'paid' || row?.status === 'refunded'
          ? 'This proposal is already paid.'
          : row?.status === 'requested'
            ? 'Nothing is due yet: the payment is asked for once the proposal is accepted.'
            : 'This proposal asks for no payment.';
      throw new AppError('conflict', message, { details: { reason: row?.status ?? 'none' } });
    }
    const quote = row.quote as TPaymentQuote | null;
    await tx
      .update(proposalPayments)
      .set({
        status: 'paid',
        paidVia: 'manual',
        paidAt: sql`now()`,
        amountPaid: quote?.total ?? 0,
        markedBy: actor.id,
        markedByName: actor.name || actor.email,
        markedNote: args.note,
        failureMessage: null,
        failedAt: null,
        updatedAt: sql`now()`,
      })
      .where(eq(proposalPayments.proposalId, proposal.id));
    await recordEvent(tx, {
      proposalId: proposal.id,
      ownerId: proposal.ownerId,
      type: 'marked_paid',
      actor: 'owner',
      data: {
        amount: quote?.total ?? 0,
        currency: quote?.currency ?? row.currency ?? proposal.currency,
        via: 'manual',
        by: actor.name || actor.email,
        note: args.note,
      },
    });
  });
  await closeOpenSessions(deps, log, proposal.id, proposal.ownerId);
  return toProposalPayment(db, proposal, await paymentRowOf(db, proposal.id));
}

/** Expires the proposal's open Checkout Sessions at Stripe; a failure is logged, never in the way. */
async function closeOpenSessions(deps: TAppDeps, log: Logger, proposalId: string, ownerId: string) {
  const db = deps.database.db;
  const account = await accountOf(db, ownerId);
  if (!account) return;
  const open = await db
    .select()
    .from(paymentCheckouts)
    .where(
      and(
        eq(paymentCheckouts.proposalId, proposalId),
        eq(paymentCheckouts.connectionId, account.id),
        inArray(paymentCheckouts.status, ['open']),
      ),
    );
  for (const checkout of open) {
    try {
      const { stripe, options } = accountStripe(deps.env, account);
      await stripe.checkout.sessions.expire(checkout.sessionId, {}, options);
      await db
        .update(paymentCheckouts)
        .set({ status: 'expired' })
        .where(eq(paymentCheckouts.sessionId, checkout.sessionId));
    } catch (err) {
      const failure = classifyStripeError(err);
      if (failure) logStripeFailure(log, 'checkout.sessions.expire', err, failure);
      else log.warn({ err: err instanceof Error ? err.message : String(err) }, 'open session not closed');
    }
  }
}

/** *Check with Stripe*: the proposal's sessions read again now (no webhook reaches this server, or one was missed). */
export async function refreshPayment(args: {
  deps: TAppDeps;
  log: Logger;
  actor: TActor;
  id: string;
}): Promise<TProposalPayment> {
  const { deps, log, actor } = args;
  const db = deps.database.db;
  const proposal = await ownedProposal(db, actor, args.id);
  await recheck(deps, log, proposal.id, proposal.ownerId, { force: true });
  return toProposalPayment(db, proposal, await paymentRowOf(db, proposal.id));
}
