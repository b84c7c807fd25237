import { Trans, useLingui } from '@lingui/react';
import { moneyLocale } from '@draftwell/shared/document/locale';
import { formatMoney } from '@draftwell/shared/money';
import { paymentLineLabel, type TSharedPayment } from '@draftwell/shared/payments';
import { AlertTriangle, CircleCheck, CreditCard, ExternalLink, Hourglass } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { useHydrated } from '@/lib/use-hydrated';
import { useSharedPayment, useStartPayment } from '../api/payment';
import { useReaderClock } from '../hooks/use-reader-clock';
import { formatLocalDate } from '../utils/format';
import { errorMessage } from '../utils/share-error';
import { ACCENT_BUTTON } from './accent';

const outcomeOf = (search: string): 'success' | 'canceled' | null => {
  const value = new URLSearchParams(search).get('payment');
  return value === 'success' || value === 'canceled' ? value : null;
};

/**
 * `?payment=success|canceled`, as Stripe Checkout sends the client back: read when the page first
 * renders in the browser, shown from the render after hydration (so a server-rendered page
 * hydrates as it was drawn), and taken off the address.
 */
function useCheckoutReturn(): 'success' | 'canceled' | null {
  const hydrated = useHydrated();
  const [outcome] = useState(() => (typeof window === 'undefined' ? null : outcomeOf(window.location.search)));
  useEffect(() => {
    if (!outcome) return;
    const url = new URL(window.location.href);
    url.searchParams.delete('payment');
    window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
  }, [outcome]);
  return hydrated ? outcome : null;
}

/**
 * After acceptance (decision 0018): the payment the sender asks for, with Pay (Stripe Checkout on
 * the sender's own account), what went wrong last time, a payment on its way, and, once paid, the
 * amount, the day and the receipt. Coming back from Checkout, it asks until the payment shows.
 */
export function PaymentPanel({
  token,
  payment: initial,
  senderName,
  locale,
}: {
  token: string;
  /** What the page already has (the share answer's `payment`). */
  payment: TSharedPayment;
  senderName: string;
  /** The document's locale, for dates. */
  locale?: string;
}) {
  const { i18n } = useLingui();
  const returned = useCheckoutReturn();
  // UTC until a page the server rendered is hydrated, then the reader's own zone (decision 0020).
  const { timeZone } = useReaderClock();
  const state = useSharedPayment(token, initial, { returned: returned === 'success' });
  const pay = useStartPayment(token);
  const payment = state.data;
  const { refetch } = state;
  // Back from Checkout: what the page was given is older than the payment; ask now.
  useEffect(() => {
    if (returned === 'success') void refetch();
  }, [returned, refetch]);
  const money = (amount: number) => formatMoney(amount, payment.currency, moneyLocale(i18n.locale));

  if (payment.status === 'requested' || payment.status === 'not_due') return null;

  let body;
  let tone: 'due' | 'done' | 'wait' = 'due';
  if (payment.status === 'paid' || payment.status === 'refunded') {
    tone = 'done';
    const when = payment.paidAt ? formatLocalDate(payment.paidAt, locale, timeZone) : null;
    const paid = payment.amountPaid !== null ? money(payment.amountPaid) : null;
    // One whole sentence for each case: what is known (the amount, the day) changes its words.
    const paidText = () => {
      if (payment.status === 'refunded') {
        return payment.refundedAmount > 0
          ? i18n._('This payment was refunded in full ({amount}).', { amount: money(payment.refundedAmount) })
          : i18n._('This payment was refunded in full.');
      }
      const sender = senderName;
      if (payment.paidVia === 'manual') {
        if (paid && when)
          return i18n._('{sender} recorded your payment of {amount} on {date}. Thank you!', {
            sender,
            amount: paid,
            date: when,
          });
        if (paid) return i18n._('{sender} recorded your payment of {amount}. Thank you!', { sender, amount: paid });
        if (when) return i18n._('{sender} recorded your payment on {date}. Thank you!', { sender, date: when });
        return i18n._('{sender} recorded your payment. Thank you!', { sender });
      }
      if (paid && when) return i18n._('You paid {amount} on {date}. Thank you!', { amount: paid, date: when });
      if (paid) return i18n._('You paid {amount}. Thank you!', { amount: paid });
      if (when) return i18n._('You paid in full on {date}. Thank you!', { date: when });
      return i18n._('You paid in full. Thank you!');
    };
    body = (
      <>
        <p className="text-sm">{paidText()}</p>
        {payment.receiptUrl ? (
          <a
            href={payment.receiptUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-1 text-sm font-medium underline underline-offset-4"
          >
            {i18n._('Your receipt')} <ExternalLink aria-hidden="true" className="size-3.5" />
            <span className="sr-only"> {i18n._('(opens in a new tab)')}</span>
          </a>
        ) : null}
      </>
    );
  } else if (payment.status === 'processing') {
    tone = 'wait';
    body = (
      <p className="text-sm">
        {i18n._(
          'Your payment is on its way: your bank is confirming it, which can take a few days. There is nothing more to do; this page will say when it is done.',
        )}
      </p>
    );
  } else {
    const quote = payment.quote;
    body = (
      <>
        {returned === 'success' && !payment.failure ? (
          <p role="status" className="text-muted-foreground text-sm">
            {i18n._('Checking your payment with Stripe…')}
          </p>
        ) : returned === 'canceled' ? (
          <p role="status" className="text-muted-foreground text-sm">
            {i18n._('The payment was not completed. You can pay whenever you are ready, from this page.')}
          </p>
        ) : null}
        <p className="text-sm">
          {quote ? (
            <Trans
              id="{sender} asks for <0>{amount}</0> now that the proposal is accepted."
              values={{ sender: <>{senderName}</>, amount: money(quote.total) }}
              components={{ 0: <strong className="tabular-nums" /> }}
            />
          ) : (
            i18n._('{sender} asks for a payment now that the proposal is accepted.', { sender: senderName })
          )}
        </p>
        {quote && quote.lines.length > 0 ? (
          <ul className="text-muted-foreground grid gap-0.5 text-sm">
            {quote.lines.map((line) => (
              <li key={line.kind} className="flex justify-between gap-4">
                <span>{paymentLineLabel(i18n, line, payment.currency)}</span>
                <span className="shrink-0 tabular-nums">{money(line.amount)}</span>
              </li>
            ))}
          </ul>
        ) : null}
        {payment.failure ? (
          <p role="alert" className="text-destructive flex items-start gap-2 text-sm">
            <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <span>
              {i18n._('Your last payment did not go through: {reason} You can try again.', {
                reason: payment.failure.message,
              })}
            </span>
          </p>
        ) : null}
        {payment.canPay ? (
          <div className="space-y-2">
            <Button
              size="lg"
              className={cn('w-full sm:w-auto', ACCENT_BUTTON)}
              disabled={pay.isPending}
              onClick={() => pay.mutate()}
            >
              <CreditCard aria-hidden="true" />
              {pay.isPending
                ? i18n._('Opening the payment page…')
                : quote
                  ? i18n._('Pay {amount}', { amount: money(quote.total) })
                  : i18n._('Pay')}
            </Button>
            <p className="text-muted-foreground text-xs">
              {i18n._('A secure payment page by Stripe opens. You can also pay later from this link.')}
            </p>
          </div>
        ) : (
          <p className="text-sm">{payment.unavailable ?? i18n._('Online payment is not available right now.')}</p>
        )}
        {pay.error ? (
          <p role="alert" className="text-destructive text-sm">
            {errorMessage(i18n, pay.error)}
          </p>
        ) : null}
      </>
    );
  }

  return (
    <section
      aria-labelledby="payment-title"
      className={cn(
        'bg-card flex gap-3 rounded-lg border border-s-4 p-4 sm:gap-4 sm:p-5',
        tone === 'done' ? 'border-s-success' : tone === 'wait' ? 'border-s-amber-500' : 'border-s-(--dv-accent)',
      )}
    >
      <span
        aria-hidden="true"
        className={cn(
          'mt-0.5 shrink-0 [&_svg]:size-5',
          tone === 'done' ? 'text-success' : tone === 'wait' ? 'text-amber-600' : 'text-(--dv-accent)',
        )}
      >
        {tone === 'done' ? <CircleCheck /> : tone === 'wait' ? <Hourglass /> : <CreditCard />}
      </span>
      <div className="min-w-0 flex-1 space-y-3">
        <h2 id="payment-title" className="font-semibold">
          {tone === 'done'
            ? payment.status === 'refunded'
              ? i18n._('Payment refunded')
              : i18n._('Paid')
            : i18n._('Payment')}
        </h2>
        {body}
      </div>
    </section>
  );
}
