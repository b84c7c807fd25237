import type { I18n } from '@draftwell/shared/i18n/i18n';
import { formatMoney } from '@draftwell/shared/money';
import {
  describePaymentTerms,
  paymentLineLabel,
  type TPaymentStatus,
  type TProposalPayment,
} from '@draftwell/shared/payments';
import { AlertTriangle, Banknote, ExternalLink, RotateCw } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Label, Textarea } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { appI18n } from '@/lib/app-language';
import { useMarkPaid, useProposalPaymentState, useRefreshPayment } from '../api/proposal-payment';
import { TimeStamp } from './time-stamp';
import { translated } from '@/lib/translated';

const NOTE_MAX = 500;

const paymentBadges = (
  i18n: I18n,
): Record<TPaymentStatus, { text: string; tone: 'default' | 'success' | 'warning' | 'destructive' | 'outline' }> => ({
  requested: { text: i18n._('Asked at acceptance'), tone: 'outline' },
  awaiting: { text: i18n._('Awaiting payment'), tone: 'warning' },
  processing: { text: i18n._('Payment on its way'), tone: 'default' },
  paid: { text: i18n._('Paid'), tone: 'success' },
  refunded: { text: i18n._('Refunded'), tone: 'default' },
  not_due: { text: i18n._('Nothing due'), tone: 'outline' },
});

/**
 * The proposal's payment (decision 0018): what the client is asked to pay after signing, and where
 * it stands (Awaiting payment → Paid), with *Mark as paid* for a payment made another way and
 * *Check with Stripe* where Stripe's word has not arrived. Nothing when no payment is asked for.
 */
export function PaymentCard({ proposalId }: { proposalId: string }) {
  const { i18n } = useLingui();
  const payment = useProposalPaymentState(proposalId);
  if (payment.isError) {
    return (
      <Card role="alert">
        <CardHeader>
          <CardTitle>{i18n._('Payment')}</CardTitle>
          <CardDescription>
            {i18n._('The payment did not load.')} {payment.error.message}
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Button variant="outline" size="sm" onClick={() => void payment.refetch()}>
            <RotateCw aria-hidden="true" /> {i18n._('Retry')}
          </Button>
        </CardContent>
      </Card>
    );
  }
  if (!payment.data) {
    return (
      <Card role="status" aria-label={i18n._('Loading the payment')} className="space-y-3 p-6">
        <Skeleton className="h-6 w-32" />
        <Skeleton className="h-4 w-2/3" />
      </Card>
    );
  }
  if (payment.data.status === 'none') return null;
  return <PaymentDetails proposalId={proposalId} payment={payment.data} />;
}

function PaymentDetails({ proposalId, payment }: { proposalId: string; payment: TProposalPayment }) {
  const { i18n } = useLingui();
  const status = payment.status as TPaymentStatus;
  const badge = paymentBadges(i18n)[status];
  const refresh = useRefreshPayment(proposalId);
  const { quote, currency } = payment;
  const money = (amount: number) => formatMoney(amount, currency);
  const live = status === 'awaiting' || status === 'processing';
  const titleId = useId();

  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <div className="flex flex-wrap items-center gap-2">
          <CardTitle id={titleId}>{i18n._('Payment')}</CardTitle>
          <Badge variant={badge.tone}>{badge.text}</Badge>
        </div>
        <CardDescription>
          {i18n._('{summary}.', { summary: describePaymentTerms(i18n, payment.terms, currency) })}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {quote && quote.lines.length > 0 ? (
          <dl className="grid gap-1 text-sm">
            {quote.lines.map((line) => (
              <div key={line.kind} className="flex justify-between gap-4">
                <dt className="text-muted-foreground">{paymentLineLabel(i18n, line, currency)}</dt>
                <dd className="shrink-0 tabular-nums">{money(line.amount)}</dd>
              </div>
            ))}
            <div className="flex justify-between gap-4 border-t pt-1 font-medium">
              <dt>
                {status === 'requested' ? i18n._('With the default choices') : live ? i18n._('Due') : i18n._('Total')}
              </dt>
              <dd className="shrink-0 tabular-nums">{money(quote.total)}</dd>
            </div>
          </dl>
        ) : null}

        <PaymentState payment={payment} money={money} />

        {payment.failure && live ? (
          <p role="alert" className="text-destructive flex items-start gap-2 text-sm">
            <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <span>
              {i18n._('The last attempt did not go through: {reason} Your client can try again from their link.', {
                reason: payment.failure.message,
              })}
            </span>
          </p>
        ) : null}

        {live ? (
          <div className="flex flex-wrap gap-2">
            {payment.canMarkPaid ? (
              <MarkPaidButton proposalId={proposalId} amount={quote ? money(quote.total) : null} />
            ) : null}
            <Button
              variant="outline"
              size="sm"
              disabled={refresh.isPending}
              onClick={() =>
                refresh.mutate(undefined, {
                  onSuccess: (next) => {
                    const i18n = appI18n();
                    toast.info(next.status === 'paid' ? i18n._('Paid') : i18n._('Stripe has nothing new'), {
                      description:
                        next.status === 'paid'
                          ? i18n._('Stripe confirmed the payment.')
                          : i18n._('No payment has gone through yet for this proposal.'),
                    });
                  },
                  onError: (err) => {
                    const i18n = appI18n();
                    toast.error(i18n._('Could not check with Stripe'), { description: translated(i18n, err.message) });
                  },
                })
              }
            >
              <RotateCw aria-hidden="true" /> {refresh.isPending ? i18n._('Checking…') : i18n._('Check with Stripe')}
            </Button>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}

function PaymentState({ payment, money }: { payment: TProposalPayment; money: (amount: number) => string }) {
  const { i18n } = useLingui();
  switch (payment.status) {
    case 'requested':
      return (
        <p className="text-muted-foreground text-sm">
          {i18n._('Asked for once every signature is in; the amount follows the choices your client accepts.')}
        </p>
      );
    case 'awaiting':
      return (
        <p className="text-sm">{i18n._('Your client can pay from their link, now that the proposal is accepted.')}</p>
      );
    case 'processing':
      return (
        <p className="text-sm">
          {i18n._(
            'Your client paid with a method their bank confirms over a few days (a bank debit). It shows as paid then.',
          )}
        </p>
      );
    case 'not_due':
      return (
        <p className="text-muted-foreground text-sm">
          {i18n._('The choices your client accepted leave nothing to charge.')}
        </p>
      );
    case 'paid':
    case 'refunded': {
      const manual = payment.paidVia === 'manual' && payment.markedBy;
      // Without the amount paid, the line says "Paid" where the amount would be.
      const amount = payment.amountPaid !== null ? money(payment.amountPaid) : i18n._('Paid');
      return (
        <div className="grid gap-1.5 text-sm">
          <p className="flex flex-wrap items-center gap-x-2">
            <Banknote aria-hidden="true" className="text-success size-4 shrink-0" />
            <span className="font-medium">
              {manual
                ? i18n._('{amount} marked as paid', { amount })
                : i18n._('{amount} paid through Stripe', { amount })}
            </span>
          </p>
          {payment.paidAt ? <TimeStamp iso={payment.paidAt} /> : null}
          {manual ? (
            <p className="text-muted-foreground">
              {payment.markedBy!.note
                ? i18n._('By {name}: “{note}”', { name: payment.markedBy!.name, note: payment.markedBy!.note })
                : i18n._('By {name}', { name: payment.markedBy!.name })}
            </p>
          ) : null}
          {payment.paymentIntentId ? (
            <p className="text-muted-foreground break-all">
              <Trans
                id="Stripe payment <0>{id}</0>"
                values={{ id: payment.paymentIntentId }}
                components={{ 0: <code className="font-mono text-xs" /> }}
              />
            </p>
          ) : null}
          {payment.receiptUrl ? (
            <a
              href={payment.receiptUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="text-primary inline-flex items-center gap-1 font-medium underline underline-offset-4"
            >
              {i18n._('Stripe receipt')} <ExternalLink aria-hidden="true" className="size-3.5" />
              <span className="sr-only"> {i18n._('(opens in a new tab)')}</span>
            </a>
          ) : null}
          {payment.refundedAmount > 0 ? (
            <p className="text-muted-foreground">
              {payment.status === 'refunded'
                ? i18n._('Refunded in full ({amount}).', { amount: money(payment.refundedAmount) })
                : i18n._('{amount} refunded so far.', { amount: money(payment.refundedAmount) })}
            </p>
          ) : null}
        </div>
      );
    }
    default:
      return null;
  }
}

function MarkPaidButton({ proposalId, amount }: { proposalId: string; amount: string | null }) {
  const { i18n } = useLingui();
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState('');
  const mark = useMarkPaid(proposalId);
  const noteId = useId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    mark.mutate(note.trim(), {
      onSuccess: () => {
        setOpen(false);
        setNote('');
        const i18n = appI18n();
        toast.success(i18n._('Marked as paid'), { description: i18n._('Recorded on the proposal’s timeline.') });
      },
    });
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) mark.reset();
      }}
    >
      <Button size="sm" onClick={() => setOpen(true)}>
        <Banknote aria-hidden="true" /> {i18n._('Mark as paid…')}
      </Button>
      <DialogContent>
        <form onSubmit={submit} className="grid gap-4" aria-label={i18n._('Mark as paid')}>
          <DialogHeader>
            <DialogTitle>{i18n._('Mark as paid')}</DialogTitle>
            <DialogDescription>
              {amount
                ? i18n._(
                    'For a payment made another way (a bank transfer, cash): {amount}. Your client’s page shows it as paid, and the online payment closes.',
                    { amount },
                  )
                : i18n._(
                    'For a payment made another way (a bank transfer, cash). Your client’s page shows it as paid, and the online payment closes.',
                  )}
            </DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor={noteId}>{i18n._('Note (optional)')}</Label>
            <Textarea
              id={noteId}
              value={note}
              maxLength={NOTE_MAX}
              placeholder={i18n._('Bank transfer received on March 4, ref 4411')}
              onChange={(e) => setNote(e.target.value)}
            />
          </div>
          {mark.error ? (
            <p role="alert" className="text-destructive text-sm">
              {mark.error.message}
            </p>
          ) : null}
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline">
                {i18n._('Cancel')}
              </Button>
            </DialogClose>
            <Button type="submit" disabled={mark.isPending}>
              {mark.isPending ? i18n._('Saving…') : i18n._('Mark as paid')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
