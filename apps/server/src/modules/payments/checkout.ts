import {
  PAYMENTS_RETURN_PATH,
  PAYMENTS_UNAVAILABLE_MESSAGE,
  paymentLineLabel,
  toStripeAmount,
  type TPayStart,
  type TPaymentQuote,
  type TRevisionSnapshot,
  type TSharedPayment,
} from '@draftwell/shared';
import type { TPricingSelection } from '@draftwell/shared/document';
import { languageOf, type TLanguage } from '@draftwell/shared/i18n/languages';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type Stripe from 'stripe';
import { latestRevision } from '../revisions/records';
import { signaturesOn } from '../signers/signers';
import { paymentCheckouts, proposalSigners, proposals } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { keyedQueue } from '../../lib/keyed-queue';
import { serverI18n } from '../../lib/i18n';
import { enqueueMail } from '../../mail/outbox';
import { ownerRecipient } from '../../mail/owner-i18n';
import { ownerActivityMail } from '../../mail/templates';
import {
  AccountUnusableError,
  accountOf,
  accountStripe,
  classifyStripeError,
  logStripeFailure,
  markNeedsAttention,
  stripeUnavailable,
  type TAccountRow,
} from './stripe-account';
import { liveCheckouts, syncCheckout, type TCheckoutRow } from './sync';
import { paymentRowOf, toSharedPayment, type TPaymentRow } from './terms';
import type { TAppDeps } from '../../deps';
import { shareUrl } from '../../lib/links';

/**
 * The client's side of a payment (decision 0018): Pay opens Stripe Checkout on the owner's own
 * account for the amount fixed at acceptance, reusing the session still open so a client who
 * closed Checkout pays later from the same link, and the page reads where the payment stands.
 */

/** A proposal as the share routes read it: without its document and totals, which payments never need. */
type TProposalRow = Omit<typeof proposals.$inferSelect, 'document' | 'totals'>;
type TSignerRow = typeof proposalSigners.$inferSelect;

/** A session still open but ending sooner than this is not handed out again: a new one is made. */
const REUSE_MARGIN_MS = 30 * 60_000;
/** The page asks Stripe again at most this often while a payment is under way. */
const RECHECK_AFTER_MS = 5_000;

const oneCheckoutAtATime = keyedQueue();

const refuse = (message: string, reason: string) => new AppError('conflict', message, { details: { reason } });

/** Tells the owner, once a day per proposal, that a client could not pay because of their Stripe account. */
async function tellOwnerUnavailable(deps: TAppDeps, row: TProposalRow, signer: TSignerRow, problem: string) {
  const db = deps.database.db;
  const owner = await ownerRecipient(db, row.ownerId);
  if (!owner) return;
  const { i18n } = owner;
  const queued = await enqueueMail(
    db,
    `payment-unavailable:${row.id}:${new Date().toISOString().slice(0, 10)}`,
    ownerActivityMail(i18n, {
      to: owner.email,
      title: row.title,
      text: signer.name
        ? i18n._('{name} tried to pay for “{title}”, but your Stripe account cannot take payments right now.', {
            name: signer.name,
            title: row.title,
          })
        : i18n._('Your client tried to pay for “{title}”, but your Stripe account cannot take payments right now.', {
            title: row.title,
          }),
      detail: i18n._(
        '{problem} Open Profile → Payments to fix it; once paid another way, mark the proposal as paid on its page.',
        { problem },
      ),
      url: `${deps.env.baseUrl}${PAYMENTS_RETURN_PATH}`,
    }),
  );
  if (queued) deps.outbox.kick();
}

/** POST /api/share/:token/pay: the Checkout page to pay at. */
export async function startPayment(
  deps: TAppDeps,
  log: Logger,
  args: { row: TProposalRow; signer: TSignerRow; token: string },
): Promise<TPayStart> {
  const { row, signer } = args;
  const db = deps.database.db;
  if (row.status !== 'accepted') {
    throw refuse('Payment comes once every signature is in: sign the proposal first.', 'not_accepted');
  }
  const payment = await paymentRowOf(db, row.id);
  if (!payment || payment.status === 'not_due' || payment.status === 'requested') {
    throw refuse('This proposal asks for no payment.', 'no_payment');
  }
  if (payment.status === 'paid' || payment.status === 'refunded') {
    throw refuse('This proposal is already paid. Thank you!', 'paid');
  }
  if (payment.status === 'processing') {
    throw refuse(
      'Your payment is on its way: your bank is confirming it, which can take a few days. Nothing more to do.',
      'processing',
    );
  }
  const account = await accountOf(db, row.ownerId);
  if (!account || account.status !== 'active') {
    await tellOwnerUnavailable(deps, row, signer, account?.problem ?? 'No Stripe account is connected.');
    throw refuse(PAYMENTS_UNAVAILABLE_MESSAGE, 'payments_unavailable');
  }
  return oneCheckoutAtATime(row.id, () => openOrCreate(deps, log, { ...args, payment, account }));
}

/**
 * Stripe Checkout's own page in the proposal's language where Stripe has it; else Stripe picks by
 * the browser ('auto'): it has no Arabic, Hebrew or Hindi.
 */
export function stripeCheckoutLocale(language: TLanguage): Stripe.Checkout.SessionCreateParams.Locale {
  switch (language) {
    case 'zh-CN':
      return 'zh';
    case 'ar':
    case 'he':
    case 'hi':
      return 'auto';
    default:
      return language;
  }
}

async function openOrCreate(
  deps: TAppDeps,
  log: Logger,
  args: { row: TProposalRow; signer: TSignerRow; token: string; payment: TPaymentRow; account: TAccountRow },
): Promise<TPayStart> {
  const { row, signer, payment, account } = args;
  const db = deps.database.db;
  const quote = payment.quote as TPaymentQuote;
  const currency = quote.currency;
  // The client reads Checkout in the proposal's language: its lines' names, and Stripe's own page.
  const language = languageOf(row.language);
  const i18n = serverI18n(language);
  const lines = quote.lines.map((line) => ({
    name: `${row.title.trim() || row.number} — ${paymentLineLabel(i18n, line, currency)}`.slice(0, 250),
    amount: toStripeAmount(line.amount, currency),
  }));
  const total = lines.reduce((sum, l) => sum + l.amount, 0);
  let stripe: Stripe;
  let options: Stripe.RequestOptions;
  try {
    ({ stripe, options } = accountStripe(deps.env, account));
  } catch (err) {
    if (!(err instanceof AccountUnusableError)) throw err;
    await markNeedsAttention(db, account.id, err.message);
    await tellOwnerUnavailable(deps, row, signer, err.message);
    throw refuse(PAYMENTS_UNAVAILABLE_MESSAGE, 'payments_unavailable');
  }
  const failed = async (err: unknown, what: string): Promise<never> => {
    const failure = classifyStripeError(err);
    if (!failure) throw err;
    logStripeFailure(log, what, err, failure);
    if (failure.kind === 'transient') throw stripeUnavailable();
    if (failure.kind === 'refused') {
      await markNeedsAttention(db, account.id, failure.message);
      await tellOwnerUnavailable(deps, row, signer, failure.message);
      throw refuse(PAYMENTS_UNAVAILABLE_MESSAGE, 'payments_unavailable');
    }
    const message =
      failure.code === 'amount_too_small'
        ? 'This amount is below the smallest payment Stripe takes in this currency. Contact the sender to pay another way.'
        : failure.code === 'amount_too_large'
          ? 'This amount is above the largest payment Stripe takes at once. Contact the sender to pay another way.'
          : 'Stripe refused to start this payment. The sender has been told; contact them to pay another way.';
    if (failure.code !== 'amount_too_small' && failure.code !== 'amount_too_large') {
      await tellOwnerUnavailable(
        deps,
        row,
        signer,
        `Stripe refused the payment (${failure.code ?? 'no reason given'}).`,
      );
    }
    throw refuse(message, failure.code ?? 'stripe_refused');
  };

  // The session still open for this amount, on this account, is the one to pay at.
  const open = await db
    .select()
    .from(paymentCheckouts)
    .where(
      and(
        eq(paymentCheckouts.proposalId, row.id),
        eq(paymentCheckouts.connectionId, account.id),
        eq(paymentCheckouts.status, 'open'),
      ),
    )
    .orderBy(desc(paymentCheckouts.createdAt));
  for (const candidate of open) {
    let session: Stripe.Checkout.Session;
    try {
      session = await stripe.checkout.sessions.retrieve(candidate.sessionId, {}, options);
    } catch (err) {
      return failed(err, 'checkout.sessions.retrieve');
    }
    const usable =
      session.status === 'open' &&
      session.url &&
      candidate.amount === total &&
      session.expires_at * 1000 > Date.now() + REUSE_MARGIN_MS;
    if (usable) return { url: session.url! };
    if (session.status === 'open') {
      try {
        await stripe.checkout.sessions.expire(candidate.sessionId, {}, options);
      } catch (err) {
        const failure = classifyStripeError(err);
        if (!failure) throw err;
        logStripeFailure(log, 'checkout.sessions.expire', err, failure);
      }
    }
    // Completed meanwhile (paid, or a bank debit under way): the payment's state says so.
    await syncCheckout(deps, log, candidate, account);
    const now = await paymentRowOf(db, row.id);
    if (now && now.status !== 'awaiting') {
      throw refuse(
        now.status === 'processing'
          ? 'Your payment is on its way: your bank is confirming it. Nothing more to do.'
          : 'This proposal is already paid. Thank you!',
        now.status === 'processing' ? 'processing' : 'paid',
      );
    }
  }

  const link = shareUrl(deps.env.baseUrl, args.token);
  const [{ count }] = (await db
    .select({ count: sql<number>`count(*)::int` })
    .from(paymentCheckouts)
    .where(eq(paymentCheckouts.proposalId, row.id))) as [{ count: number }];
  let session: Stripe.Checkout.Session;
  try {
    session = await stripe.checkout.sessions.create(
      {
        mode: 'payment',
        line_items: lines
          .filter((l) => l.amount > 0)
          .map((l) => ({
            quantity: 1,
            price_data: { currency: currency.toLowerCase(), unit_amount: l.amount, product_data: { name: l.name } },
          })),
        customer_email: signer.email,
        locale: stripeCheckoutLocale(language),
        client_reference_id: row.id,
        metadata: { draftwell_proposal: row.id, draftwell_number: row.number },
        payment_intent_data: {
          description: `${row.number}: ${row.title}`.slice(0, 1000),
          metadata: { draftwell_proposal: row.id, draftwell_number: row.number },
        },
        success_url: `${link}?payment=success`,
        cancel_url: `${link}?payment=canceled`,
      },
      // Two instances pressing Pay for the same signer at once get the same session from Stripe.
      { ...options, idempotencyKey: `draftwell-pay-${row.id}-${signer.id}-${count}` },
    );
  } catch (err) {
    return failed(err, 'checkout.sessions.create');
  }
  if (!session.url) throw new Error(`Stripe returned checkout session ${session.id} without a url`);
  await db
    .insert(paymentCheckouts)
    .values({
      sessionId: session.id,
      proposalId: row.id,
      ownerId: row.ownerId,
      connectionId: account.id,
      mode: account.mode,
      stripeAccountId: account.mode === 'connect' ? account.stripeAccountId : null,
      signerId: signer.id,
      amount: total,
      currency: currency.toLowerCase(),
      url: session.url,
      status: session.status ?? 'open',
      paymentStatus: session.payment_status,
      expiresAt: new Date(session.expires_at * 1000),
    })
    .onConflictDoNothing();
  return { url: session.url };
}

/** The first signer's choices, which fix what is charged (GET payment before acceptance). */
async function fixedSelection(deps: TAppDeps, revisionId: string): Promise<TPricingSelection | null> {
  const signed = await signaturesOn(deps.database.db, revisionId);
  const first = signed.find((s) => s.party === 'client' && s.selection);
  return (first?.selection as TPricingSelection | undefined) ?? null;
}

/**
 * GET /api/share/:token/payment: where the payment stands. While one is under way (the client
 * back from Checkout, a bank debit), Stripe is asked first, at most every few seconds, so the page
 * shows Paid without waiting for a webhook (which a server Stripe cannot reach never gets).
 */
export async function sharedPaymentState(
  deps: TAppDeps,
  log: Logger,
  row: TProposalRow,
): Promise<TSharedPayment | null> {
  const db = deps.database.db;
  let payment = await paymentRowOf(db, row.id);
  if (!payment) return null;
  if (payment.status === 'awaiting' || payment.status === 'processing') {
    await recheck(deps, log, row.id, row.ownerId);
    payment = (await paymentRowOf(db, row.id)) ?? payment;
  }
  const revision = await latestRevision(db, row.id);
  if (!revision) return null;
  return toSharedPayment(db, payment, {
    proposal: row,
    snapshot: revision.snapshot as TRevisionSnapshot,
    fixedSelection: await fixedSelection(deps, revision.id),
  });
}

/** Asks Stripe about the proposal's sessions that may have moved, unless asked very recently. */
export async function recheck(
  deps: TAppDeps,
  log: Logger,
  proposalId: string,
  ownerId: string,
  opts: { force?: boolean } = {},
): Promise<void> {
  const db = deps.database.db;
  const account = await accountOf(db, ownerId);
  if (!account || account.status !== 'active') return;
  const checkouts: TCheckoutRow[] = await liveCheckouts(db, proposalId);
  for (const checkout of checkouts) {
    if (checkout.connectionId !== account.id) continue;
    if (!opts.force && checkout.checkedAt && Date.now() - checkout.checkedAt.getTime() < RECHECK_AFTER_MS) continue;
    // Claim this check, so concurrent page loads ask Stripe once.
    const claimed = await db
      .update(paymentCheckouts)
      .set({ checkedAt: sql`now()` })
      .where(
        and(
          eq(paymentCheckouts.sessionId, checkout.sessionId),
          opts.force
            ? sql`true`
            : sql`(${paymentCheckouts.checkedAt} is null or ${paymentCheckouts.checkedAt} < now() - ${RECHECK_AFTER_MS / 1000} * interval '1 second')`,
        ),
      )
      .returning({ id: paymentCheckouts.sessionId });
    if (claimed.length === 0) continue;
    await syncCheckout(deps, log, checkout, account);
  }
}
