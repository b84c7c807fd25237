import { formatDate } from '@draftwell/shared/i18n/format';
import type { TPaymentAccount, TPaymentSettings } from '@draftwell/shared/payments';
import { Trans, useLingui } from '@lingui/react';
import { AlertTriangle, CreditCard, KeyRound, Link2Off, RefreshCw } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { FormField } from '@/components/form/form-field';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@/components/ui/alert-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api-client';
import { appI18n } from '@/lib/app-language';
import { useDocumentLocale } from '@/lib/api/business-profile';
import { usePaymentSettings } from '@/lib/api/payments';
import { useConnectStripe, useDisconnectStripe, useSaveStripeKey } from '../api/payments';
import { translated } from '@/lib/translated';

/** What Stripe's Connect page came back with (`?stripe=`), as a toast. */
const RETURNS = {
  connected: () => {
    const i18n = appI18n();
    toast.success(i18n._('Stripe account connected'), {
      id: 'stripe-return',
      description: i18n._('You can now ask for a payment when you send a proposal.'),
    });
  },
  denied: () => {
    const i18n = appI18n();
    toast.info(i18n._('Not connected'), {
      id: 'stripe-return',
      description: i18n._('You left Stripe’s page without connecting. Nothing changed.'),
    });
  },
  failed: () => {
    const i18n = appI18n();
    toast.error(i18n._('Stripe could not be connected'), {
      id: 'stripe-return',
      description: i18n._('The link from Stripe was not valid any more. Try Connect with Stripe again.'),
    });
  },
} as const;

/** Stripe's product name, the same in every language. */
const STRIPE_CONNECT = 'Stripe Connect';

const dateOf = (iso: string, locale: string) => formatDate(new Date(iso), locale, { dateStyle: 'medium' });

/**
 * Profile → Payments (decision 0018): the owner's own Stripe account, where clients pay after
 * signing. Stripe Connect when the server offers it; a restricted key otherwise (or instead).
 */
export function PaymentsTab() {
  const { i18n } = useLingui();
  const settings = usePaymentSettings();
  const [params, setParams] = useSearchParams();

  useEffect(() => {
    const outcome = params.get('stripe');
    if (!outcome) return;
    if (outcome in RETURNS) RETURNS[outcome as keyof typeof RETURNS]();
    void settings.refetch();
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('stripe');
        return next;
      },
      { replace: true },
    );
  }, [params, setParams, settings]);

  if (settings.isPending) return <PaymentsSkeleton />;
  if (settings.isError) {
    return (
      <Card role="alert">
        <CardHeader>
          <CardTitle>{i18n._('Your payment settings could not be loaded')}</CardTitle>
          <CardDescription>{settings.error.message}</CardDescription>
        </CardHeader>
        <CardContent>
          <Button variant="outline" onClick={() => void settings.refetch()}>
            <RefreshCw aria-hidden="true" /> {i18n._('Try again')}
          </Button>
        </CardContent>
      </Card>
    );
  }
  const { account } = settings.data;
  return (
    <div className="grid grid-cols-1 gap-6">
      {account ? <AccountCard account={account} /> : <ConnectCard settings={settings.data} />}
      {!account || account.mode === 'key' ? (
        <KeyCard replacing={account !== null} secondary={!account && settings.data.connectAvailable} />
      ) : null}
      <Card>
        <CardHeader>
          <CardTitle>{i18n._('How it works')}</CardTitle>
        </CardHeader>
        <CardContent>
          <ul className="text-muted-foreground grid list-disc gap-1.5 pl-5 text-sm">
            <li>
              <Trans
                id="When you send a proposal, choose under <0>Signers and options</0> whether the client pays nothing, a deposit, or the full one-off amount (and the first recurring payment) after signing."
                components={{ 0: <strong className="text-foreground" /> }}
              />
            </li>
            <li>
              {i18n._(
                'Once the last signature is in, your client pays on Stripe’s secure page, from the same link. The amount comes from what they accepted; the money goes straight to your Stripe account.',
              )}
            </li>
            <li>
              {i18n._(
                'The proposal’s page shows Awaiting payment, then Paid. You can also mark it paid by hand when they pay another way. The signature stands either way.',
              )}
            </li>
            <li>{i18n._('This is your own Stripe account, separate from your Draftwell plan.')}</li>
          </ul>
        </CardContent>
      </Card>
    </div>
  );
}

function ConnectCard({ settings }: { settings: TPaymentSettings }) {
  const { i18n } = useLingui();
  const connect = useConnectStripe();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{i18n._('Get paid when your client signs')}</CardTitle>
        <CardDescription>
          {i18n._(
            'Connect your own Stripe account, and ask for a deposit or the full amount right after the last signature.',
          )}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {settings.connectAvailable ? (
          <div>
            <Button
              disabled={connect.isPending}
              onClick={() =>
                connect.mutate(undefined, {
                  onError: (err) => {
                    const i18n = appI18n();
                    toast.error(i18n._('Could not open Stripe'), { description: translated(i18n, err.message) });
                  },
                })
              }
            >
              <CreditCard aria-hidden="true" />
              {connect.isPending ? i18n._('Opening Stripe…') : i18n._('Connect with Stripe')}
            </Button>
            <p className="text-muted-foreground mt-2 text-xs">
              {i18n._('You sign in to Stripe (or open an account there) and come back here.')}
            </p>
          </div>
        ) : (
          <p className="text-muted-foreground text-sm">
            {i18n._(
              'Stripe Connect is not set up on this server. Use a restricted key of your own Stripe account below.',
            )}
          </p>
        )}
      </CardContent>
    </Card>
  );
}

function AccountCard({ account }: { account: TPaymentAccount }) {
  const { i18n } = useLingui();
  const [open, setOpen] = useState(false);
  const disconnect = useDisconnectStripe();
  const locale = useDocumentLocale();
  const name = account.displayName ?? i18n._('Your Stripe account');
  const attention = account.status === 'needs_attention';
  return (
    <Card className={attention ? 'border-destructive/40' : undefined}>
      <CardHeader>
        <div className="flex flex-wrap items-center gap-2">
          <CardTitle>{i18n._('Stripe account')}</CardTitle>
          <Badge variant={attention ? 'destructive' : 'success'}>
            {attention ? i18n._('Needs attention') : i18n._('Ready')}
          </Badge>
          <Badge variant="outline">{account.mode === 'connect' ? STRIPE_CONNECT : i18n._('Restricted key')}</Badge>
          {account.livemode ? null : <Badge variant="warning">{i18n._('Test mode')}</Badge>}
        </div>
        <CardDescription>{i18n._('Clients pay into this account after signing.')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
          <dt className="text-muted-foreground">{i18n._('Account')}</dt>
          <dd className="min-w-0 break-words">
            {name}
            {account.accountId ? <span className="text-muted-foreground"> ({account.accountId})</span> : null}
          </dd>
          {account.keyLast4 ? (
            <>
              <dt className="text-muted-foreground">{i18n._('Key')}</dt>
              <dd>
                <span className="sr-only">
                  {i18n._('Restricted key ending in {last4}', { last4: account.keyLast4 })}
                </span>
                <span aria-hidden="true">rk_…{account.keyLast4}</span>
              </dd>
            </>
          ) : null}
          <dt className="text-muted-foreground">{i18n._('Connected')}</dt>
          <dd>{dateOf(account.connectedAt, locale)}</dd>
        </dl>
        {attention ? (
          <p role="alert" className="text-destructive flex items-start gap-2 text-sm">
            <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <span>
              {account.problem ?? i18n._('Stripe refused a request.')}{' '}
              {account.mode === 'connect'
                ? i18n._('Disconnect, then connect with Stripe again.')
                : i18n._('Enter a working key below.')}
            </span>
          </p>
        ) : account.webhook === 'none' ? (
          <p className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100">
            <Trans
              id="Stripe cannot reach this server’s address, so it cannot tell Draftwell about payments. A payment shows as paid when your client comes back from Stripe, or when you press <0>Check with Stripe</0> on the proposal."
              components={{ 0: <em /> }}
            />
          </p>
        ) : (
          <p className="text-muted-foreground text-sm">{i18n._('Stripe tells Draftwell as soon as a client pays.')}</p>
        )}
        <AlertDialog open={open} onOpenChange={setOpen}>
          <AlertDialogTrigger asChild>
            <Button variant="outline" className="justify-self-start">
              <Link2Off aria-hidden="true" /> {i18n._('Disconnect')}
            </Button>
          </AlertDialogTrigger>
          <AlertDialogContent>
            <AlertDialogTitle>{i18n._('Disconnect your Stripe account?')}</AlertDialogTitle>
            <AlertDialogDescription>
              {i18n._(
                'Clients can no longer pay your proposals online until you connect again. Payments already made stay in your Stripe account; a payment still on its way is no longer confirmed here, so mark it paid by hand.',
              )}
            </AlertDialogDescription>
            <div className="flex justify-end gap-2">
              <AlertDialogCancel asChild>
                <Button type="button" variant="outline">
                  {i18n._('Cancel')}
                </Button>
              </AlertDialogCancel>
              <Button
                variant="destructive"
                disabled={disconnect.isPending}
                onClick={() =>
                  disconnect.mutate(undefined, {
                    onSuccess: () => {
                      setOpen(false);
                      const i18n = appI18n();
                      toast.success(i18n._('Stripe account disconnected'));
                    },
                    onError: (err) => {
                      const i18n = appI18n();
                      toast.error(i18n._('Could not disconnect'), { description: translated(i18n, err.message) });
                    },
                  })
                }
              >
                {disconnect.isPending ? i18n._('Disconnecting…') : i18n._('Disconnect')}
              </Button>
            </div>
          </AlertDialogContent>
        </AlertDialog>
      </CardContent>
    </Card>
  );
}

/** `secondary`: Connect with Stripe is offered above, and is the way most owners should take. */
function KeyCard({ replacing, secondary }: { replacing: boolean; secondary: boolean }) {
  const { i18n } = useLingui();
  const save = useSaveStripeKey();
  const [key, setKey] = useState('');
  const [error, setError] = useState<string>();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const value = key.trim();
    if (!/^rk_(live|test)_/.test(value)) {
      setError(i18n._('Use a restricted key: it starts with rk_live_ or rk_test_.'));
      return;
    }
    setError(undefined);
    save.mutate(value, {
      onSuccess: () => {
        setKey('');
        const i18n = appI18n();
        toast.success(i18n._('Stripe key saved'), {
          description: i18n._('Stripe accepted it. You can now ask for payments.'),
        });
      },
      onError: (err) => setError(err instanceof ApiError ? (err.fields.key ?? err.message) : err.message),
    });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          {replacing
            ? i18n._('Use another restricted key')
            : secondary
              ? i18n._('Or use a restricted key')
              : i18n._('Use a restricted key')}
        </CardTitle>
        <CardDescription>
          {i18n._(
            'For a self-hosted Draftwell. In your Stripe Dashboard, open Developers → API keys → Create restricted key, and give it Write access to Checkout Sessions and Webhook Endpoints, and Read access to PaymentIntents and Charges. Draftwell checks it with Stripe, keeps it encrypted, and never shows it again.',
          )}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} noValidate className="grid gap-4" aria-label={i18n._('Save a restricted key')}>
          <FormField
            label={i18n._('Restricted key')}
            error={error}
            hint={i18n._('Starts with rk_live_ (or rk_test_ to try it out).')}
          >
            <Input
              type="password"
              autoComplete="off"
              spellCheck={false}
              value={key}
              placeholder="rk_live_…"
              onChange={(e) => setKey(e.target.value)}
            />
          </FormField>
          <Button
            type="submit"
            variant={secondary ? 'outline' : 'default'}
            className="justify-self-start"
            disabled={save.isPending}
          >
            <KeyRound aria-hidden="true" />
            {save.isPending ? i18n._('Checking with Stripe…') : i18n._('Check and save')}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

function PaymentsSkeleton() {
  const { i18n } = useLingui();
  return (
    <div className="grid grid-cols-1 gap-6" aria-busy="true">
      <p className="sr-only" role="status">
        {i18n._('Loading your payment settings…')}
      </p>
      {[0, 1].map((i) => (
        <Card key={i}>
          <CardHeader>
            <Skeleton className="h-6 w-48" />
            <Skeleton className="h-4 w-72" />
          </CardHeader>
          <CardContent className="grid gap-3">
            <Skeleton className="h-10 w-44" />
          </CardContent>
        </Card>
      ))}
    </div>
  );
}
