import { Trans, useLingui } from '@lingui/react';
import type { TPricingTotals } from '@draftwell/shared/document/pricing';
import { moneyLocale } from '@draftwell/shared/document/locale';
import { formatMoney } from '@draftwell/shared/money';
import { paymentLineLabel, paymentQuote, type TSharedPayment } from '@draftwell/shared/payments';
import { CreditCard } from 'lucide-react';

/**
 * Before signing (decision 0018): what the client will be asked to pay once every signature is in,
 * for the choices ticked now (`totals`, as the page computes them), so nothing comes as a surprise.
 * The server charges what the accepted choices come to, by the same rule.
 */
export function PaymentDueNote({
  payment,
  totals,
  senderName,
}: {
  payment: TSharedPayment;
  /** The totals of the client's current choices; null while they do not add up (a quantity out of range). */
  totals: TPricingTotals | null;
  senderName: string;
}) {
  const { i18n } = useLingui();
  if (payment.status !== 'requested') return null;
  const quote = totals ? paymentQuote(payment.terms, totals, payment.currency) : payment.quote;
  if (!quote) return null;
  const money = (amount: number) => formatMoney(amount, payment.currency, moneyLocale(i18n.locale));
  return (
    <section aria-labelledby="payment-due-title" className="bg-card flex gap-3 rounded-lg border p-4 sm:gap-4 sm:p-5">
      <CreditCard aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-(--dv-accent)" />
      <div className="min-w-0 flex-1 space-y-2">
        <h2 id="payment-due-title" className="font-semibold">
          {i18n._('Payment after signing')}
        </h2>
        {quote.total > 0 ? (
          <>
            <p className="text-sm" aria-live="polite">
              <Trans
                id="Once every signature is in, {sender} asks you to pay <0>{amount}</0> online, by card or another method Stripe offers. You can also pay later from this link."
                values={{ sender: <>{senderName}</>, amount: money(quote.total) }}
                components={{ 0: <strong className="tabular-nums" /> }}
              />
            </p>
            {quote.lines.length > 1 || quote.lines[0]?.kind === 'deposit' ? (
              <ul className="text-muted-foreground grid gap-0.5 text-sm">
                {quote.lines.map((line) => (
                  <li key={line.kind} className="flex justify-between gap-4">
                    <span>{paymentLineLabel(i18n, line, payment.currency)}</span>
                    <span className="shrink-0 tabular-nums">{money(line.amount)}</span>
                  </li>
                ))}
              </ul>
            ) : null}
          </>
        ) : (
          <p className="text-sm" aria-live="polite">
            {i18n._('With the options chosen now, there is nothing to pay when you sign.')}
          </p>
        )}
      </div>
    </section>
  );
}
