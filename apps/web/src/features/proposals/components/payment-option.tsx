import { Trans, useLingui } from '@lingui/react';
import type { TPricingTotals } from '@draftwell/shared/document/pricing';
import { englishI18n } from '@draftwell/shared/i18n/english';
import type { I18n } from '@draftwell/shared/i18n/i18n';
import { formatMoney } from '@draftwell/shared/money';
import {
  NO_PAYMENT_TERMS,
  asksForPayment,
  paymentQuote,
  type TPaymentOneOffKind,
  type TPaymentSettings,
  type TPaymentTerms,
} from '@draftwell/shared/payments';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { formatMoneyInput, parseMoneyInput } from '@/lib/money-input';
import { formatPercentInput, parsePercentInput } from '@/lib/percent-input';

/** The send dialog's payment choice as typed (decision 0018): amounts stay text until sent. */
export type TPaymentDraft = {
  kind: TPaymentOneOffKind;
  percent: string;
  amount: string;
  firstRecurring: boolean;
};

export function paymentDraftOf(terms: TPaymentTerms, currency: string): TPaymentDraft {
  const { oneOff } = terms;
  return {
    kind: oneOff.kind,
    percent: oneOff.kind === 'deposit_percent' ? formatPercentInput(oneOff.basisPoints) : '30',
    amount: oneOff.kind === 'deposit_fixed' ? formatMoneyInput(oneOff.amount, currency) : '',
    firstRecurring: terms.firstRecurring,
  };
}

/**
 * The money parser's message about a deposit: it speaks of a price, so the three that name it
 * are worded for a deposit (recognised by their English); the others stand as they are.
 */
function depositMessage(i18n: I18n, text: string, currency: string): string {
  const english = parseMoneyInput(text, currency, englishI18n);
  if (english.ok) return '';
  switch (english.message) {
    case 'Enter a price.':
      return i18n._('Enter a deposit.');
    case 'A price cannot be negative.':
      return i18n._('A deposit cannot be negative.');
    case 'That price is too large.':
      return i18n._('That deposit is too large.');
    default: {
      const parsed = parseMoneyInput(text, currency, i18n);
      return parsed.ok ? '' : parsed.message;
    }
  }
}

/** The terms a draft stands for, or what to fix in it (a message for the field). */
export function paymentTermsOf(
  i18n: I18n,
  draft: TPaymentDraft,
  currency: string,
): { ok: true; terms: TPaymentTerms } | { ok: false; message: string } {
  const firstRecurring = draft.firstRecurring;
  switch (draft.kind) {
    case 'none':
      return { ok: true, terms: { oneOff: { kind: 'none' }, firstRecurring } };
    case 'full':
      return { ok: true, terms: { oneOff: { kind: 'full' }, firstRecurring } };
    case 'deposit_percent': {
      const parsed = parsePercentInput(draft.percent, i18n);
      if (!parsed.ok) return { ok: false, message: parsed.message };
      if (parsed.basisPoints === 0) return { ok: false, message: i18n._('Enter the deposit’s percentage, like 30.') };
      return {
        ok: true,
        terms: { oneOff: { kind: 'deposit_percent', basisPoints: parsed.basisPoints }, firstRecurring },
      };
    }
    case 'deposit_fixed': {
      const parsed = parseMoneyInput(draft.amount, currency);
      if (!parsed.ok) return { ok: false, message: depositMessage(i18n, draft.amount, currency) };
      if (parsed.minor === 0) return { ok: false, message: i18n._('Enter a deposit above zero.') };
      return { ok: true, terms: { oneOff: { kind: 'deposit_fixed', amount: parsed.minor }, firstRecurring } };
    }
  }
}

const choices = (i18n: I18n): Array<[TPaymentOneOffKind, string]> => [
  ['none', i18n._('No payment')],
  ['deposit_percent', i18n._('A deposit: a percentage of the one-off total')],
  ['deposit_fixed', i18n._('A deposit: a fixed amount')],
  ['full', i18n._('The full one-off amount')],
];

/**
 * Under *Signers and options*: whether the client pays after signing, and how much of the one-off
 * total (decision 0018). Needs the owner's Stripe account (Profile → Payments); without one, the
 * choice says where to connect it.
 */
export function PaymentOption({
  draft,
  onChange,
  currency,
  totals,
  settings,
  error,
}: {
  draft: TPaymentDraft;
  onChange: (next: TPaymentDraft) => void;
  currency: string;
  /** The proposal's totals with its default choices, for the preview. */
  totals: TPricingTotals;
  /** Null while loading. */
  settings: TPaymentSettings | null;
  error: string | undefined;
}) {
  const { i18n } = useLingui();
  const id = useId();
  const set = (patch: Partial<TPaymentDraft>) => onChange({ ...draft, ...patch });
  const ready = settings?.account?.status === 'active';
  const recurring = totals.monthly.total > 0 || totals.yearly.total > 0;
  const parsed = paymentTermsOf(i18n, draft, currency);
  const terms = parsed.ok ? parsed.terms : NO_PAYMENT_TERMS;
  const quote = parsed.ok && asksForPayment(terms) ? paymentQuote(terms, totals, currency) : null;
  const previewId = `${id}-preview`;
  const errorId = `${id}-error`;

  return (
    <fieldset className="grid gap-1.5" aria-describedby={error ? errorId : quote ? previewId : undefined}>
      <legend className="mb-1 text-sm font-medium">{i18n._('Payment after signing')}</legend>
      {settings === null ? (
        <Skeleton className="h-20 w-full" />
      ) : (
        <>
          {!ready ? (
            <p className="text-muted-foreground text-sm">
              {settings.account ? (
                <Trans
                  id="Your Stripe account needs attention before clients can pay online. <0>Profile → Payments</0>"
                  components={{ 0: <PaymentsLink /> }}
                />
              ) : (
                <Trans
                  id="To ask your client to pay when they sign, connect your Stripe account first: <0>Profile → Payments</0>"
                  components={{ 0: <PaymentsLink /> }}
                />
              )}
            </p>
          ) : null}
          {choices(i18n).map(([value, text]) => (
            <div key={value} className="grid gap-1.5">
              <label className="flex items-start gap-2 text-sm">
                <input
                  type="radio"
                  name={`${id}-kind`}
                  value={value}
                  checked={draft.kind === value}
                  disabled={value !== 'none' && !ready}
                  onChange={() => set({ kind: value })}
                  className="accent-primary mt-1"
                />
                {text}
              </label>
              {value === 'deposit_percent' && draft.kind === value ? (
                <div className="flex items-center gap-2 pl-6">
                  <label htmlFor={`${id}-percent`} className="sr-only">
                    {i18n._('Deposit percentage')}
                  </label>
                  <Input
                    id={`${id}-percent`}
                    inputMode="decimal"
                    className="w-24"
                    value={draft.percent}
                    onChange={(e) => set({ percent: e.target.value })}
                    aria-invalid={!!error || !parsed.ok || undefined}
                  />
                  <span aria-hidden="true" className="text-sm">
                    %
                  </span>
                </div>
              ) : null}
              {value === 'deposit_fixed' && draft.kind === value ? (
                <div className="flex items-center gap-2 pl-6">
                  <label htmlFor={`${id}-amount`} className="sr-only">
                    {i18n._('Deposit amount in {currency}', { currency })}
                  </label>
                  <Input
                    id={`${id}-amount`}
                    inputMode="decimal"
                    className="w-36"
                    value={draft.amount}
                    placeholder={formatMoneyInput(50_000, currency)}
                    onChange={(e) => set({ amount: e.target.value })}
                    aria-invalid={!!error || !parsed.ok || undefined}
                  />
                  <span className="text-sm">{currency}</span>
                </div>
              ) : null}
            </div>
          ))}
          {recurring || draft.firstRecurring ? (
            <label htmlFor={`${id}-recurring`} className="mt-1 flex items-start gap-2 text-sm">
              <Checkbox
                id={`${id}-recurring`}
                checked={draft.firstRecurring}
                disabled={!ready && !draft.firstRecurring}
                onChange={(e) => set({ firstRecurring: e.target.checked })}
                className="mt-0.5"
              />
              {i18n._('Also the first recurring payment (the first month or year)')}
            </label>
          ) : null}
          {!parsed.ok && draft.kind !== 'none' ? (
            <p className="text-destructive text-xs">{parsed.message}</p>
          ) : quote ? (
            <p id={previewId} className="text-muted-foreground text-xs" aria-live="polite">
              {quote.total > 0
                ? i18n._(
                    'With the proposal’s default choices, your client pays {amount} after signing; the amount follows what they accept.',
                    { amount: formatMoney(quote.total, currency) },
                  )
                : i18n._(
                    'With the proposal’s default choices there is nothing to charge; the amount follows what they accept.',
                  )}
            </p>
          ) : null}
          {error ? (
            <p id={errorId} role="alert" className="text-destructive text-xs">
              {error}
            </p>
          ) : null}
        </>
      )}
    </fieldset>
  );
}

/** The link to Profile → Payments; its words come from the sentence around it. */
function PaymentsLink({ children }: { children?: ReactNode }) {
  return (
    <Link to={paths.payments} className="text-primary font-medium underline underline-offset-4">
      {children}
    </Link>
  );
}
