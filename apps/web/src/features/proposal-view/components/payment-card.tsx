import { englishI18n } from '@draftwell/shared/i18n/english';
import { formatMoney } from '@draftwell/shared/money';
import {
  describePaymentTerms,
  paymentLineLabel,
  type TPaymentStatus,
  type TProposalPayment,
} from '@draftwell/shared/payments';
import { AlertTriangle, Banknote, ExternalLink, RotateCw } from 'lucide-react';
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
import { useMarkPaid, useProposalPaymentState, useRefreshPayment } from '../api/proposal-payment';
import { TimeStamp } from './time-stamp';

const NOTE_MAX = 500;

const PAYMENT_BADGES: Record<
  TPaymentStatus,
  { text: string; tone: 'default' | 'success' | 'warning' | 'destructive' | 'outline' }
> = {
  requested: { text: 'Asked at acceptance', tone: 'outline' },
  awaiting: { text: 'Awaiting payment', tone: 'warning' },
  processing: { text: 'Payment on its way', tone: 'default' },
  paid: { text: 'Paid', tone: 'success' },
  refunded: { text: 'Refunded', tone: 'default' },
  not_due: { text: 'Nothing due', tone: 'outline' },
};

/**
 * The proposal's payment (decision 0018): what the client is asked to pay after signing, and where
 * it stands (Awaiting payment → Paid), with *Mark as paid* for a payment made another way and
 * *Check with Stripe* where Stripe's word has not arrived. Nothing when no payment is asked for.
 */
export function PaymentCard({ proposalId }: { proposalId: string }) {
  const payment = useProposalPaymentState(proposalId);
  if (payment.isError) {
    return (
      <Card role="alert">
        <CardHeader>
          <CardTitle>Payment</CardTitle>
          <CardDescription>The payment did not load. {payment.error.message}</CardDescription>
        </CardHeader>
        <CardContent>
          <Button variant="outline" size="sm" onClick={() => void payment.refetch()}>
            <RotateCw aria-hidden="true" /> Retry
          </Button>
        </CardContent>
      </Card>
    );
  }
  if (!payment.data) {
    return (
      <Card role="status" aria-label="Loading the payment" className="space-y-3 p-6">
        <Skeleton className="h-6 w-32" />
        <Skeleton className="h-4 w-2/3" />
      </Card>
    );
  }
  if (payment.data.status === 'none') return null;
  return <PaymentDetails proposalId={proposalId} payment={payment.data} />;
}

function PaymentDetails({ proposalId, payment }: { proposalId: string; payment: TProposalPayment }) {
  const status = payment.status as TPaymentStatus;
  const badge = PAYMENT_BADGES[status];
  const refresh = useRefreshPayment(proposalId);
  const { quote, currency } = payment;
  const money = (amount: number) => formatMoney(amount, currency);
  const live = status === 'awaiting' || status === 'processing';
  const titleId = useId();

  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <div className="flex flex-wrap items-center gap-2">
          <CardTitle id={titleId}>Payment</CardTitle>
          <Badge variant={badge.tone}>{badge.text}</Badge>
        </div>
        <CardDescription>{describePaymentTerms(payment.terms, currency)}.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {quote && quote.lines.length > 0 ? (
          <dl className="grid gap-1 text-sm">
            {quote.lines.map((line) => (
              <div key={line.kind} className="flex justify-between gap-4">
                <dt className="text-muted-foreground">{paymentLineLabel(englishI18n, line, currency)}</dt>
                <dd className="shrink-0 tabular-nums">{money(line.amount)}</dd>
              </div>
            ))}
            <div className="flex justify-between gap-4 border-t pt-1 font-medium">
              <dt>{status === 'requested' ? 'With the default choices' : live ? 'Due' : 'Total'}</dt>
              <dd className="shrink-0 tabular-nums">{money(quote.total)}</dd>
            </div>
          </dl>
        ) : null}

        <PaymentState payment={payment} money={money} />

        {payment.failure && live ? (
          <p role="alert" className="text-destructive flex items-start gap-2 text-sm">
            <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <span>
              The last attempt did not go through: {payment.failure.message} Your client can try again from their link.
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
                  onSuccess: (next) =>
                    toast.info(next.status === 'paid' ? 'Paid' : 'Stripe has nothing new', {
                      description:
                        next.status === 'paid'
                          ? 'Stripe confirmed the payment.'
                          : 'No payment has gone through yet for this proposal.',
                    }),
                  onError: (err) => toast.error('Could not check with Stripe', { description: err.message }),
                })
              }
            >
              <RotateCw aria-hidden="true" /> {refresh.isPending ? 'Checking…' : 'Check with Stripe'}
            </Button>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}

function PaymentState({ payment, money }: { payment: TProposalPayment; money: (amount: number) => string }) {
  switch (payment.status) {
    case 'requested':
      return (
        <p className="text-muted-foreground text-sm">
          Asked for once every signature is in; the amount follows the choices your client accepts.
        </p>
      );
    case 'awaiting':
      return <p className="text-sm">Your client can pay from their link, now that the proposal is accepted.</p>;
    case 'processing':
      return (
        <p className="text-sm">
          Your client paid with a method their bank confirms over a few days (a bank debit). It shows as paid then.
        </p>
      );
    case 'not_due':
      return <p className="text-muted-foreground text-sm">The choices your client accepted leave nothing to charge.</p>;
    case 'paid':
    case 'refunded': {
      const manual = payment.paidVia === 'manual' && payment.markedBy;
      return (
        <div className="grid gap-1.5 text-sm">
          <p className="flex flex-wrap items-center gap-x-2">
            <Banknote aria-hidden="true" className="text-success size-4 shrink-0" />
            <span className="font-medium">
              {payment.amountPaid !== null ? money(payment.amountPaid) : 'Paid'}
              {manual ? ' marked as paid' : ' paid through Stripe'}
            </span>
          </p>
          {payment.paidAt ? <TimeStamp iso={payment.paidAt} /> : null}
          {manual ? (
            <p className="text-muted-foreground">
              By {payment.markedBy!.name}
              {payment.markedBy!.note ? `: “${payment.markedBy!.note}”` : ''}
            </p>
          ) : null}
          {payment.paymentIntentId ? (
            <p className="text-muted-foreground break-all">
              Stripe payment <code className="font-mono text-xs">{payment.paymentIntentId}</code>
            </p>
          ) : null}
          {payment.receiptUrl ? (
            <a
              href={payment.receiptUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="text-primary inline-flex items-center gap-1 font-medium underline underline-offset-4"
            >
              Stripe receipt <ExternalLink aria-hidden="true" className="size-3.5" />
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          ) : null}
          {payment.refundedAmount > 0 ? (
            <p className="text-muted-foreground">
              {payment.status === 'refunded'
                ? `Refunded in full (${money(payment.refundedAmount)}).`
                : `${money(payment.refundedAmount)} refunded so far.`}
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
        toast.success('Marked as paid', { description: 'Recorded on the proposal’s timeline.' });
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
        <Banknote aria-hidden="true" /> Mark as paid…
      </Button>
      <DialogContent>
        <form onSubmit={submit} className="grid gap-4" aria-label="Mark as paid">
          <DialogHeader>
            <DialogTitle>Mark as paid</DialogTitle>
            <DialogDescription>
              For a payment made another way (a bank transfer, cash){amount ? `: ${amount}` : ''}. Your client’s page
              shows it as paid, and the online payment closes.
            </DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor={noteId}>Note (optional)</Label>
            <Textarea
              id={noteId}
              value={note}
              maxLength={NOTE_MAX}
              placeholder="Bank transfer received on March 4, ref 4411"
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
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" disabled={mark.isPending}>
              {mark.isPending ? 'Saving…' : 'Mark as paid'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
