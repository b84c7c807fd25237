import { Trans, useLingui } from '@lingui/react';
import { useQuery } from '@tanstack/react-query';
import { ExternalLink, RefreshCw } from 'lucide-react';
import type { I18n } from '@draftwell/shared/i18n/i18n';
import { formatMoney } from '@draftwell/shared/money';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { formatCalendarDate } from '@draftwell/shared/document/variables';
import { invoicesQueryOptions } from '../api/billing';

const STATUS_TONE = {
  paid: 'success',
  open: 'warning',
  uncollectible: 'destructive',
  void: 'default',
  draft: 'default',
} as const;

/** Stripe's invoice status, as the badge says it (lower case, as Stripe writes it); an unknown one as it is. */
function statusLabel(i18n: I18n, status: string | null): string {
  switch (status ?? 'draft') {
    case 'paid':
      return i18n._('paid');
    case 'open':
      return i18n._('open');
    case 'uncollectible':
      return i18n._('uncollectible');
    case 'void':
      return i18n._('void');
    case 'draft':
      return i18n._('draft');
    default:
      return status ?? '';
  }
}

/** The invoices Stripe holds for this account, newest first, each with its hosted page. */
export function InvoiceList() {
  const { i18n } = useLingui();
  const invoices = useQuery(invoicesQueryOptions());
  return (
    <Card>
      <CardHeader>
        <CardTitle>{i18n._('Invoices')}</CardTitle>
        <CardDescription>
          {i18n._('From Stripe, newest first. Each opens Stripe’s page with a PDF to download.')}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {invoices.isPending ? (
          <div className="grid gap-2" aria-busy="true">
            <Skeleton className="h-5 w-full" />
            <Skeleton className="h-5 w-full" />
          </div>
        ) : invoices.isError ? (
          <div role="alert" className="grid gap-2 text-sm">
            <p>{i18n._('The invoices could not be loaded: {message}', { message: invoices.error.message })}</p>
            <div>
              <Button variant="outline" size="sm" onClick={() => void invoices.refetch()}>
                <RefreshCw aria-hidden="true" /> {i18n._('Try again')}
              </Button>
            </div>
          </div>
        ) : invoices.data.length === 0 ? (
          <p className="text-muted-foreground text-sm">
            {i18n._('No invoices yet. The first one appears after your first payment.')}
          </p>
        ) : (
          <ul aria-label={i18n._('Invoices')} className="divide-y text-sm">
            {invoices.data.map((inv) => (
              <li key={inv.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 py-2">
                <span className="w-36">{formatCalendarDate(inv.createdAt.slice(0, 10))}</span>
                <span className="text-muted-foreground w-32 truncate">{inv.number ?? i18n._('Draft')}</span>
                <span className="w-24 font-medium tabular-nums">{formatMoney(inv.total, inv.currency)}</span>
                <Badge variant={STATUS_TONE[inv.status as keyof typeof STATUS_TONE] ?? 'default'}>
                  {statusLabel(i18n, inv.status)}
                </Badge>
                {inv.hostedInvoiceUrl ? (
                  <a
                    href={inv.hostedInvoiceUrl}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="text-primary ml-auto inline-flex items-center gap-1 font-medium underline underline-offset-4"
                  >
                    <Trans
                      id="View<0> invoice {number}</0>"
                      values={{ number: inv.number ?? '' }}
                      components={{ 0: <span className="sr-only" /> }}
                    />
                    <ExternalLink className="size-3.5" aria-hidden="true" />
                  </a>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
