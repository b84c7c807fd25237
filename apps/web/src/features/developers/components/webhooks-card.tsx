import { Trans, useLingui } from '@lingui/react';
import { formatDate } from '@draftwell/shared/i18n/format';
import type { I18n } from '@draftwell/shared/i18n/i18n';
import { Plus, RotateCw, Send, Webhook } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import {
  WEBHOOK_EVENT_TYPES,
  ZWebhookEndpointCreate,
  type TWebhookDelivery,
  type TWebhookEndpoint,
  type TWebhookEventType,
} from '@draftwell/shared/developers/webhooks';
import { FormError } from '@/components/form/form-error';
import { FormField } from '@/components/form/form-field';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api-client';
import { appI18n } from '@/lib/app-language';
import { useDocumentLocale } from '@/lib/api/business-profile';
import { CodeChoices, ShownOnce } from './shared-parts';
import {
  useCreateWebhookEndpoint,
  useDeleteWebhookEndpoint,
  useResendWebhookDelivery,
  useRollWebhookSecret,
  useSendWebhookTest,
  useUpdateWebhookEndpoint,
  useWebhookDeliveries,
  useWebhookEndpoints,
} from '../api/webhooks';
import { webhookEventLabels } from '../utils/labels';
import { translated } from '@/lib/translated';

const when = (iso: string, locale: string) =>
  formatDate(new Date(iso), locale, { dateStyle: 'medium', timeStyle: 'medium' });

function Loading({ label, rows = 2 }: { label: string; rows?: number }) {
  return (
    <div role="status" aria-label={label} className="space-y-4">
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="space-y-2">
          <Skeleton className="h-4 w-1/2" />
          <Skeleton className="h-3 w-3/4" />
        </div>
      ))}
    </div>
  );
}

function LoadError({ text, error, retry }: { text: string; error: Error; retry: () => void }) {
  const { i18n } = useLingui();
  return (
    <div role="alert" className="text-sm">
      <p className="text-destructive">
        {text} {error.message}
      </p>
      <Button variant="outline" size="sm" className="mt-2" onClick={retry}>
        <RotateCw aria-hidden="true" /> {i18n._('Retry')}
      </Button>
    </div>
  );
}

const STATUS = (
  i18n: I18n,
): Record<TWebhookDelivery['status'], { label: string; variant: 'success' | 'warning' | 'destructive' }> => ({
  delivered: { label: i18n._('Delivered'), variant: 'success' },
  pending: { label: i18n._('Pending'), variant: 'warning' },
  failed: { label: i18n._('Failed'), variant: 'destructive' },
});

function DeliveryRow({ delivery, onResend }: { delivery: TWebhookDelivery; onResend: () => void }) {
  const { i18n } = useLingui();
  const status =
    delivery.status === 'pending' && delivery.attempts > 0
      ? { label: i18n._('Retrying'), variant: 'warning' as const }
      : STATUS(i18n)[delivery.status];
  const locale = useDocumentLocale();
  const facts = [
    delivery.responseStatus !== null
      ? `HTTP ${delivery.responseStatus}`
      : delivery.attempts > 0
        ? i18n._('no answer')
        : null,
    delivery.latencyMs !== null ? i18n._('{ms} ms', { ms: delivery.latencyMs }) : null,
    i18n._('attempt {count}', { count: delivery.attempts }),
    when(delivery.lastAttemptAt ?? delivery.createdAt, locale),
  ].filter(Boolean);
  return (
    <li className="space-y-1.5 py-3 first:pt-0 last:pb-0">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="flex min-w-0 flex-wrap items-center gap-2">
          <Badge variant={status.variant}>{status.label}</Badge>
          <code className="font-mono text-xs break-all">{delivery.eventType}</code>
          {delivery.resendOf ? <Badge variant="outline">{i18n._('Resent')}</Badge> : null}
        </p>
        <Button variant="outline" size="sm" onClick={onResend}>
          <Trans
            id="Resend<0> {eventType} delivery {eventId}</0>"
            values={{ eventType: delivery.eventType, eventId: delivery.eventId }}
            components={{ 0: <span className="sr-only" /> }}
          />
        </Button>
      </div>
      <p className="text-muted-foreground text-xs">{facts.join(' · ')}</p>
      <p className="text-muted-foreground font-mono text-[0.6875rem] break-all">{delivery.eventId}</p>
      {delivery.lastError ? <p className="text-destructive text-xs break-words">{delivery.lastError}</p> : null}
      {delivery.status === 'pending' && delivery.nextAttemptAt && delivery.attempts > 0 ? (
        <p className="text-muted-foreground text-xs">
          {i18n._('Next try {date}', { date: when(delivery.nextAttemptAt, locale) })}
        </p>
      ) : null}
      {delivery.responseExcerpt ? (
        <details className="text-xs">
          <summary className="text-muted-foreground cursor-pointer">{i18n._('Response')}</summary>
          <pre className="bg-muted mt-1 max-h-40 overflow-auto rounded p-2 font-mono break-all whitespace-pre-wrap">
            {delivery.responseExcerpt}
          </pre>
        </details>
      ) : null}
    </li>
  );
}

/** One endpoint's deliveries, newest first, with Resend. */
function DeliveryLog({ endpoint }: { endpoint: TWebhookEndpoint }) {
  const { i18n } = useLingui();
  const deliveries = useWebhookDeliveries(endpoint.id);
  const resend = useResendWebhookDelivery();
  if (deliveries.isPending) return <Loading label={i18n._('Loading deliveries')} rows={2} />;
  if (deliveries.isError) {
    return (
      <LoadError
        text={i18n._('The deliveries did not load.')}
        error={deliveries.error}
        retry={() => void deliveries.refetch()}
      />
    );
  }
  if (deliveries.data.items.length === 0) {
    return (
      <p className="text-muted-foreground py-2 text-sm">
        {i18n._('No deliveries yet. Send a test event, or wait for one of the events it listens to.')}
      </p>
    );
  }
  return (
    <ul aria-label={i18n._('Deliveries to {url}', { url: endpoint.url })} className="divide-y">
      {deliveries.data.items.map((d) => (
        <DeliveryRow
          key={d.id}
          delivery={d}
          onResend={() =>
            resend.mutate(
              { id: endpoint.id, deliveryId: d.id },
              {
                onSuccess: () => {
                  const i18n = appI18n();
                  toast.success(i18n._('Queued to send again'));
                },
                onError: (err) => {
                  const i18n = appI18n();
                  toast.error(i18n._('Not resent'), { description: translated(i18n, err.message) });
                },
              },
            )
          }
        />
      ))}
    </ul>
  );
}

function EndpointRow({
  endpoint,
  onEdit,
  onRoll,
  onDelete,
}: {
  endpoint: TWebhookEndpoint;
  onEdit: (e: TWebhookEndpoint) => void;
  onRoll: (e: TWebhookEndpoint) => void;
  onDelete: (e: TWebhookEndpoint) => void;
}) {
  const { i18n } = useLingui();
  const [open, setOpen] = useState(false);
  const logId = useId();
  const test = useSendWebhookTest();
  const update = useUpdateWebhookEndpoint();
  return (
    <li className="space-y-3 py-4 first:pt-0 last:pb-0">
      <div className="min-w-0 space-y-1.5">
        <p className="flex flex-wrap items-center gap-2">
          <code className="font-mono text-sm font-medium break-all">{endpoint.url}</code>
          {endpoint.enabled ? (
            <Badge variant="success">{i18n._('On')}</Badge>
          ) : (
            <Badge variant="destructive">{i18n._('Off')}</Badge>
          )}
        </p>
        {endpoint.description ? <p className="text-sm break-words">{endpoint.description}</p> : null}
        <p className="text-muted-foreground text-sm">
          <Trans
            id="Secret <0>{preview}</0>"
            values={{ preview: endpoint.secretPreview }}
            components={{ 0: <code className="font-mono text-xs" /> }}
          />
        </p>
        {endpoint.disabledReason ? <p className="text-destructive text-sm">{endpoint.disabledReason}</p> : null}
        <ul aria-label={i18n._('Events sent to {url}', { url: endpoint.url })} className="flex flex-wrap gap-1.5">
          {endpoint.events.map((e) => (
            <li key={e}>
              <Badge variant="outline" className="font-mono text-[0.6875rem]">
                {e}
              </Badge>
            </li>
          ))}
        </ul>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          disabled={test.isPending}
          onClick={() =>
            test.mutate(endpoint.id, {
              onSuccess: () => {
                setOpen(true);
                const i18n = appI18n();
                toast.success(i18n._('Test event queued'), {
                  description: endpoint.enabled ? undefined : i18n._('It goes once the endpoint is on.'),
                });
              },
              onError: (err) => {
                const i18n = appI18n();
                toast.error(i18n._('No test event'), { description: translated(i18n, err.message) });
              },
            })
          }
        >
          <Send aria-hidden="true" /> {i18n._('Send test event')}
        </Button>
        <Button variant="outline" size="sm" aria-expanded={open} aria-controls={logId} onClick={() => setOpen(!open)}>
          {open ? i18n._('Hide deliveries') : i18n._('Deliveries')}
        </Button>
        <Button
          variant="outline"
          size="sm"
          disabled={update.isPending}
          onClick={() =>
            update.mutate(
              { id: endpoint.id, patch: { enabled: !endpoint.enabled } },
              {
                onError: (err) => {
                  const i18n = appI18n();
                  toast.error(i18n._('Not changed'), { description: translated(i18n, err.message) });
                },
              },
            )
          }
        >
          {endpoint.enabled ? i18n._('Turn off') : i18n._('Turn on')}
        </Button>
        <Button variant="outline" size="sm" onClick={() => onEdit(endpoint)}>
          <Trans
            id="Edit<0> {url}</0>"
            values={{ url: endpoint.url }}
            components={{ 0: <span className="sr-only" /> }}
          />
        </Button>
        <Button variant="outline" size="sm" onClick={() => onRoll(endpoint)}>
          {i18n._('Roll secret')}
        </Button>
        <Button variant="outline" size="sm" onClick={() => onDelete(endpoint)}>
          <Trans
            id="Delete<0> {url}</0>"
            values={{ url: endpoint.url }}
            components={{ 0: <span className="sr-only" /> }}
          />
        </Button>
      </div>
      {open ? (
        <section
          id={logId}
          aria-label={i18n._('Delivery log of {url}', { url: endpoint.url })}
          className="rounded-md border p-3"
        >
          <h3 className="mb-2 text-sm font-medium">{i18n._('Delivery log')}</h3>
          <DeliveryLog endpoint={endpoint} />
        </section>
      ) : null}
    </li>
  );
}

/** Profile → Developers: webhook endpoints (secret shown once), their delivery log, Resend and a test event. */
export function WebhooksCard() {
  const { i18n } = useLingui();
  const endpoints = useWebhookEndpoints();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<TWebhookEndpoint | null>(null);
  const [rolling, setRolling] = useState<TWebhookEndpoint | null>(null);
  const [deleting, setDeleting] = useState<TWebhookEndpoint | null>(null);
  const [shown, setShown] = useState<string | null>(null);
  const roll = useRollWebhookSecret();
  const remove = useDeleteWebhookEndpoint();

  let body;
  if (endpoints.isPending) {
    body = <Loading label={i18n._('Loading your webhook endpoints')} />;
  } else if (endpoints.isError) {
    body = (
      <LoadError
        text={i18n._('Your webhook endpoints did not load.')}
        error={endpoints.error}
        retry={() => void endpoints.refetch()}
      />
    );
  } else if (endpoints.data.length === 0) {
    body = (
      <div className="flex flex-col items-center gap-2 py-6 text-center">
        <Webhook aria-hidden="true" className="text-muted-foreground size-8" />
        <p className="font-medium">{i18n._('No webhook endpoints yet')}</p>
        <p className="text-muted-foreground max-w-sm text-sm">
          {i18n._(
            'Add an endpoint to have your own server told when a proposal is sent, opened, signed, accepted or paid.',
          )}
        </p>
      </div>
    );
  } else {
    body = (
      <ul aria-label={i18n._('Webhook endpoints')} className="divide-y">
        {endpoints.data.map((e) => (
          <EndpointRow key={e.id} endpoint={e} onEdit={setEditing} onRoll={setRolling} onDelete={setDeleting} />
        ))}
      </ul>
    );
  }

  return (
    <Card role="region" aria-labelledby="webhooks-heading">
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3 space-y-0">
        <div className="space-y-1.5">
          <CardTitle id="webhooks-heading">{i18n._('Webhooks')}</CardTitle>
          <CardDescription>
            <Trans
              id="Draftwell posts your proposals’ events to your HTTPS endpoint, signed with its secret by the Standard Webhooks scheme (the <0>{header}</0> header). Failed deliveries are retried for three days."
              values={{ header: 'webhook-signature' }}
              components={{ 0: <code className="font-mono" /> }}
            />
          </CardDescription>
        </div>
        <Button onClick={() => setCreating(true)}>
          <Plus aria-hidden="true" /> {i18n._('Add endpoint')}
        </Button>
      </CardHeader>
      <CardContent>{body}</CardContent>

      <Dialog open={creating} onOpenChange={setCreating}>
        <DialogContent>{creating ? <EndpointForm onDone={() => setCreating(false)} /> : null}</DialogContent>
      </Dialog>

      <Dialog open={editing !== null} onOpenChange={(open) => (open ? null : setEditing(null))}>
        <DialogContent>
          {editing ? <EndpointForm key={editing.id} endpoint={editing} onDone={() => setEditing(null)} /> : null}
        </DialogContent>
      </Dialog>

      <Dialog open={shown !== null} onOpenChange={(open) => (open ? null : setShown(null))}>
        <DialogContent>
          {shown ? (
            <SecretShownOnce secret={shown} title={i18n._('Copy the new secret now')} onDone={() => setShown(null)} />
          ) : null}
        </DialogContent>
      </Dialog>

      <AlertDialog open={rolling !== null} onOpenChange={(open) => (open ? null : setRolling(null))}>
        <AlertDialogContent>
          <AlertDialogTitle>{i18n._('Roll the secret of this endpoint?')}</AlertDialogTitle>
          <AlertDialogDescription>
            {i18n._(
              'Deliveries are signed with a new secret from now on; the old one stops verifying at once. Update your receiver with the new secret.',
            )}
          </AlertDialogDescription>
          <div className="flex justify-end gap-2">
            <AlertDialogCancel asChild>
              <Button variant="outline">{i18n._('Keep it')}</Button>
            </AlertDialogCancel>
            <AlertDialogAction asChild>
              <Button
                onClick={() => {
                  const target = rolling;
                  if (!target) return;
                  roll.mutate(target.id, {
                    onSuccess: (result) => setShown(result.secret),
                    onError: (err) => {
                      const i18n = appI18n();
                      toast.error(i18n._('The secret was not rolled'), { description: translated(i18n, err.message) });
                    },
                  });
                }}
              >
                {i18n._('Roll secret')}
              </Button>
            </AlertDialogAction>
          </div>
        </AlertDialogContent>
      </AlertDialog>

      <AlertDialog open={deleting !== null} onOpenChange={(open) => (open ? null : setDeleting(null))}>
        <AlertDialogContent>
          <AlertDialogTitle>{i18n._('Delete this endpoint?')}</AlertDialogTitle>
          <AlertDialogDescription>
            {i18n._('{url} gets no more events, and its delivery log goes with it. This cannot be undone.', {
              url: deleting?.url ?? '',
            })}
          </AlertDialogDescription>
          <div className="flex justify-end gap-2">
            <AlertDialogCancel asChild>
              <Button variant="outline">{i18n._('Keep it')}</Button>
            </AlertDialogCancel>
            <AlertDialogAction asChild>
              <Button
                variant="destructive"
                onClick={() => {
                  const target = deleting;
                  if (!target) return;
                  remove.mutate(target.id, {
                    onSuccess: () => {
                      const i18n = appI18n();
                      toast.success(i18n._('Endpoint deleted'));
                    },
                    onError: (err) => {
                      const i18n = appI18n();
                      toast.error(i18n._('The endpoint was not deleted'), {
                        description: translated(i18n, err.message),
                      });
                    },
                  });
                }}
              >
                {i18n._('Delete endpoint')}
              </Button>
            </AlertDialogAction>
          </div>
        </AlertDialogContent>
      </AlertDialog>
    </Card>
  );
}

/** Adds an endpoint (then shows its secret once), or changes one's URL, description and events. */
function EndpointForm({ endpoint, onDone }: { endpoint?: TWebhookEndpoint; onDone: () => void }) {
  const { i18n } = useLingui();
  const create = useCreateWebhookEndpoint();
  const update = useUpdateWebhookEndpoint();
  const [url, setUrl] = useState(endpoint?.url ?? '');
  const [description, setDescription] = useState(endpoint?.description ?? '');
  const [events, setEvents] = useState<TWebhookEventType[]>(endpoint ? [...endpoint.events] : [...WEBHOOK_EVENT_TYPES]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | undefined>();
  const [made, setMade] = useState<string | null>(null);

  if (made) return <SecretShownOnce secret={made} title={i18n._('Copy your signing secret now')} onDone={onDone} />;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(undefined);
    const parsed = ZWebhookEndpointCreate.safeParse({ url, description, events });
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) next[String(issue.path[0] ?? 'form')] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    try {
      if (endpoint) {
        await update.mutateAsync({ id: endpoint.id, patch: parsed.data });
        toast.success(i18n._('Endpoint saved'));
        onDone();
      } else {
        setMade((await create.mutateAsync(parsed.data)).secret);
      }
    } catch (err) {
      if (err instanceof ApiError && err.fields) setErrors(err.fields);
      setFailure(
        err instanceof Error
          ? err.message
          : endpoint
            ? i18n._('The endpoint was not saved.')
            : i18n._('The endpoint was not added.'),
      );
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-5">
      <DialogHeader>
        <DialogTitle>{endpoint ? i18n._('Edit the webhook endpoint') : i18n._('Add a webhook endpoint')}</DialogTitle>
        <DialogDescription>
          {endpoint
            ? i18n._('Events from now on go to this URL; its secret stays the same.')
            : i18n._('Draftwell posts the events you choose to this URL, signed.')}
        </DialogDescription>
      </DialogHeader>
      <FormField
        label={i18n._('Endpoint URL')}
        error={errors.url}
        hint={i18n._('An https:// address on the internet.')}
      >
        <Input
          type="url"
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          placeholder="https://example.com/hooks/draftwell"
          autoComplete="off"
        />
      </FormField>
      <FormField label={i18n._('Description (optional)')} error={errors.description}>
        <Input value={description} onChange={(e) => setDescription(e.target.value)} maxLength={200} />
      </FormField>
      <CodeChoices
        legend={i18n._('Events')}
        options={WEBHOOK_EVENT_TYPES}
        labels={webhookEventLabels(i18n)}
        chosen={events}
        onChange={setEvents}
        error={errors.events}
        columns={2}
      />
      <FormError message={failure} />
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          {i18n._('Cancel')}
        </Button>
        <Button type="submit" disabled={create.isPending || update.isPending}>
          {endpoint ? i18n._('Save endpoint') : i18n._('Add endpoint')}
        </Button>
      </DialogFooter>
    </form>
  );
}

function SecretShownOnce({ secret, title, onDone }: { secret: string; title: string; onDone: () => void }) {
  const { i18n } = useLingui();
  return (
    <ShownOnce
      value={secret}
      title={title}
      description={i18n._(
        'This is the only time it is shown. Your receiver uses it to check each request’s signature, with a Standard Webhooks library or the README’s recipe.',
      )}
      label={i18n._('Signing secret')}
      noun="secret"
      onDone={onDone}
    />
  );
}
