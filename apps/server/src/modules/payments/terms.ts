import {
  NO_PAYMENT_TERMS,
  PAYMENTS_UNAVAILABLE_MESSAGE,
  PricingError,
  asksForPayment,
  chargeStep,
  documentTotals,
  formatMoney,
  maxDocumentTotals,
  paymentQuote,
  type TDocument,
  type TPaymentQuote,
  type TPaymentStatus,
  type TPaymentTerms,
  type TPricingSelection,
  type TPricingTotals,
  type TProposalPayment,
  type TRevisionSnapshot,
  type TSharedPayment,
} from '@draftwell/shared';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { proposalPayments, proposalRevisions, proposals } from '../../db/schema';
import type { TActor } from '../../http/require-user';
import { AppError } from '../../lib/app-error';
import { accountOf } from './stripe-account';

/**
 * What a proposal asks its client to pay (decision 0018): set when sending, fixed at acceptance
 * from the accepted revision and choices, and read by the owner's and the client's pages.
 */

export type TPaymentRow = typeof proposalPayments.$inferSelect;
/** A proposal as the share routes read it: without its document and totals, which payments never need. */
type TProposalRow = Omit<typeof proposals.$inferSelect, 'document' | 'totals'>;

export const termsOf = (row: TPaymentRow | null | undefined): TPaymentTerms =>
  row ? (row.terms as TPaymentTerms) : NO_PAYMENT_TERMS;

export const NOT_CONNECTED_MESSAGE =
  'Connect your Stripe account in Profile → Payments to ask for a payment at acceptance, or choose “No payment” under Signers and options.';

/** Whether the owner's Stripe account can take payments now. */
export async function paymentsReady(db: TDb, ownerId: string): Promise<boolean> {
  const account = await accountOf(db, ownerId);
  return account?.status === 'active';
}

/**
 * At a send, in its transaction: the terms given (or kept from the last send) for the revision
 * being sent. Asking for a payment needs a connected Stripe account and something to charge.
 */
export async function applyPaymentTerms(
  tx: TDb,
  args: { proposal: TProposalRow; revisionId: string; document: TDocument; terms: TPaymentTerms | undefined },
): Promise<void> {
  const { proposal, document } = args;
  const [current] = await tx
    .select()
    .from(proposalPayments)
    .where(eq(proposalPayments.proposalId, proposal.id))
    .for('update');
  const terms = args.terms ?? termsOf(current);
  if (!asksForPayment(terms)) {
    if (current) await tx.delete(proposalPayments).where(eq(proposalPayments.proposalId, proposal.id));
    return;
  }
  const refuse = (message: string) => new AppError('invalid', message, { fields: { payment: message } });
  if (!(await paymentsReady(tx, proposal.ownerId))) {
    throw new AppError('conflict', NOT_CONNECTED_MESSAGE, {
      fields: { payment: NOT_CONNECTED_MESSAGE },
      details: { reason: 'payments_not_connected' },
    });
  }
  const most = maxDocumentTotals(document);
  if (terms.oneOff.kind !== 'none' && most.one_off.total === 0) {
    throw refuse(
      'This proposal has no one-off price to take a deposit or the full amount from: add one, or ask only for the first recurring payment.',
    );
  }
  if (terms.firstRecurring && most.monthly.total === 0 && most.yearly.total === 0) {
    throw refuse('This proposal has no monthly or yearly price: untick “the first recurring payment”.');
  }
  if (terms.oneOff.kind === 'deposit_fixed') {
    const step = chargeStep(proposal.currency);
    if (terms.oneOff.amount % step !== 0) {
      throw refuse(
        `Stripe charges ${proposal.currency} in steps of ${formatMoney(step, proposal.currency)}: enter a deposit that is a multiple of it.`,
      );
    }
    if (current && current.currency && current.currency !== proposal.currency && !args.terms) {
      throw refuse(
        `The deposit was set in ${current.currency} and the proposal is now in ${proposal.currency}: set the deposit again under Signers and options.`,
      );
    }
  }
  const values = {
    terms,
    revisionId: args.revisionId,
    currency: proposal.currency,
    status: 'requested' as const,
    updatedAt: sql`now()`,
  };
  await tx
    .insert(proposalPayments)
    .values({ proposalId: proposal.id, ownerId: proposal.ownerId, ...values })
    .onConflictDoUpdate({ target: proposalPayments.proposalId, set: values });
}

/**
 * At acceptance, in the last signature's transaction: what is due, from the totals of the
 * accepted revision for the accepted choices, in its currency (never from the browser, A28).
 */
export async function fixPaymentAtAcceptance(
  tx: TDb,
  args: { proposalId: string; totals: TPricingTotals; currency: string },
): Promise<TPaymentQuote | null> {
  const [row] = await tx
    .select()
    .from(proposalPayments)
    .where(eq(proposalPayments.proposalId, args.proposalId))
    .for('update');
  if (!row || row.status !== 'requested') return null;
  const quote = paymentQuote(termsOf(row), args.totals, args.currency);
  await tx
    .update(proposalPayments)
    .set({
      status: quote.total > 0 ? 'awaiting' : 'not_due',
      currency: args.currency,
      quote,
      dueAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(eq(proposalPayments.proposalId, args.proposalId));
  return quote.total > 0 ? quote : null;
}

/** Before acceptance: what the terms come to for `selection` (the first signer's, else the defaults). */
function quoteBefore(
  row: TPaymentRow,
  snapshot: TRevisionSnapshot,
  selection?: TPricingSelection,
): TPaymentQuote | null {
  try {
    return paymentQuote(termsOf(row), documentTotals(snapshot.document, selection), snapshot.currency);
  } catch (err) {
    if (err instanceof PricingError) return null;
    throw err;
  }
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function commonView(row: TPaymentRow) {
  return {
    terms: termsOf(row),
    status: row.status as TPaymentStatus,
    amountPaid: row.amountPaid,
    paidAt: iso(row.paidAt),
    paidVia: (row.paidVia as 'stripe' | 'manual' | null) ?? null,
    receiptUrl: row.receiptUrl,
    refundedAmount: row.refundedAmount,
    failure:
      row.failureMessage && row.failedAt && (row.status === 'awaiting' || row.status === 'processing')
        ? { message: row.failureMessage, at: row.failedAt.toISOString() }
        : null,
  };
}

async function newestSnapshot(db: TDb, proposalId: string): Promise<TRevisionSnapshot | null> {
  const [revision] = await db
    .select({ snapshot: proposalRevisions.snapshot })
    .from(proposalRevisions)
    .where(eq(proposalRevisions.proposalId, proposalId))
    .orderBy(sql`${proposalRevisions.number} desc`)
    .limit(1);
  return (revision?.snapshot as TRevisionSnapshot | undefined) ?? null;
}

export async function paymentRowOf(db: TDb, proposalId: string): Promise<TPaymentRow | null> {
  const [row] = await db.select().from(proposalPayments).where(eq(proposalPayments.proposalId, proposalId));
  return row ?? null;
}

/** The owner's view of a proposal's payment (GET /api/proposals/:id/payment); 404 unless theirs. */
export async function getProposalPayment(args: { db: TDb; actor: TActor; id: string }): Promise<TProposalPayment> {
  const { db, actor } = args;
  const proposal = await ownedProposal(db, actor, args.id);
  const row = await paymentRowOf(db, proposal.id);
  return toProposalPayment(db, proposal, row);
}

export async function ownedProposal(db: TDb, actor: TActor, id: string): Promise<TProposalRow> {
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id) ? id : null;
  const [proposal] = uuid
    ? await db
        .select()
        .from(proposals)
        .where(and(eq(proposals.id, uuid), eq(proposals.ownerId, actor.id), isNull(proposals.deletedAt)))
    : [];
  if (!proposal) throw new AppError('not_found', 'That proposal does not exist, or it is not yours.');
  return proposal;
}

export async function toProposalPayment(
  db: TDb,
  proposal: TProposalRow,
  row: TPaymentRow | null,
): Promise<TProposalPayment> {
  if (!row) {
    return {
      terms: NO_PAYMENT_TERMS,
      status: 'none',
      currency: proposal.currency,
      quote: null,
      amountPaid: null,
      paidAt: null,
      paidVia: null,
      markedBy: null,
      paymentIntentId: null,
      receiptUrl: null,
      refundedAmount: 0,
      failure: null,
      canMarkPaid: false,
    };
  }
  let quote = row.quote as TPaymentQuote | null;
  if (!quote && row.status === 'requested') {
    const snapshot = await newestSnapshot(db, proposal.id);
    quote = snapshot ? quoteBefore(row, snapshot) : null;
  }
  return {
    ...commonView(row),
    currency: row.currency ?? proposal.currency,
    quote,
    markedBy:
      row.paidVia === 'manual' && row.paidAt
        ? { name: row.markedByName ?? 'You', at: row.paidAt.toISOString(), note: row.markedNote ?? '' }
        : null,
    paymentIntentId: row.paymentIntentId,
    canMarkPaid: row.status === 'awaiting' || row.status === 'processing',
  };
}

/** The client's view (the share page's `payment`); no Stripe call, so the page stays fast (P3). */
export async function toSharedPayment(
  db: TDb,
  row: TPaymentRow,
  args: { proposal: TProposalRow; snapshot: TRevisionSnapshot; fixedSelection: TPricingSelection | null },
): Promise<TSharedPayment> {
  const due = row.status === 'awaiting';
  const ready = due ? await paymentsReady(db, row.ownerId) : false;
  const quote =
    (row.quote as TPaymentQuote | null) ??
    (row.status === 'requested' ? quoteBefore(row, args.snapshot, args.fixedSelection ?? undefined) : null);
  return {
    ...commonView(row),
    currency: row.currency ?? args.snapshot.currency,
    quote,
    canPay: due && ready,
    unavailable: due && !ready ? PAYMENTS_UNAVAILABLE_MESSAGE : null,
  };
}

/** "$1,200" for mails and events; a quote's own currency. */
export const moneyOf = (amount: number, currency: string) => formatMoney(amount, currency);
