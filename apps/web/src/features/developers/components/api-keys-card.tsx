import { Trans, useLingui } from '@lingui/react';
import { formatDate } from '@draftwell/shared/i18n/format';
import { KeyRound, Plus, RotateCw } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { API_KEY_SCOPES, ZApiKeyCreate, type TApiKey, type TApiKeyScope } from '@draftwell/shared/developers/api-keys';
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
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from '../api/api-keys';
import { apiKeyScopeLabels } from '../utils/labels';
import { translated } from '@/lib/translated';

const date = (iso: string, locale: string) => formatDate(new Date(iso), locale, { dateStyle: 'medium' });
const dateTime = (iso: string, locale: string) =>
  formatDate(new Date(iso), locale, { dateStyle: 'medium', timeStyle: 'short' });
/** yyyy-mm-dd as a calendar day, wherever the reader is. */
const calendarDay = (iso: string, locale: string) =>
  // A date-only ISO string is read as midnight UTC.
  formatDate(new Date(iso), locale, { dateStyle: 'medium', timeZone: 'UTC' });

function KeyRow({ apiKey, onRevoke }: { apiKey: TApiKey; onRevoke: (key: TApiKey) => void }) {
  const { i18n } = useLingui();
  const locale = useDocumentLocale();
  const revoked = apiKey.revokedAt !== null;
  const expired = !revoked && apiKey.expiresOn !== null && apiKey.expiresOn < new Date().toISOString().slice(0, 10);
  const facts = [
    i18n._('Created {date}', { date: date(apiKey.createdAt, locale) }),
    apiKey.lastUsedAt
      ? i18n._('last used {date}', { date: dateTime(apiKey.lastUsedAt, locale) })
      : i18n._('never used'),
    revoked
      ? i18n._('revoked {date}', { date: date(apiKey.revokedAt!, locale) })
      : apiKey.expiresOn
        ? expired
          ? i18n._('expired after {date}', { date: calendarDay(apiKey.expiresOn, locale) })
          : i18n._('works until {date}', { date: calendarDay(apiKey.expiresOn, locale) })
        : i18n._('no expiry'),
  ];
  return (
    <li className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0 space-y-1.5">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-medium break-words">{apiKey.name}</span>
          <code className="bg-muted rounded px-1.5 py-0.5 font-mono text-xs">{apiKey.preview}</code>
          {revoked ? (
            <Badge variant="outline">{i18n._('Revoked')}</Badge>
          ) : expired ? (
            <Badge variant="outline">{i18n._('Expired')}</Badge>
          ) : null}
        </p>
        <p className="text-muted-foreground text-sm">{facts.join(' · ')}</p>
        <ul aria-label={i18n._('Scopes of {name}', { name: apiKey.name })} className="flex flex-wrap gap-1.5">
          {apiKey.scopes.map((scope) => (
            <li key={scope}>
              <Badge variant="outline" className="font-mono text-[0.6875rem]">
                {scope}
              </Badge>
            </li>
          ))}
        </ul>
      </div>
      {revoked ? null : (
        <Button variant="outline" size="sm" className="shrink-0" onClick={() => onRevoke(apiKey)}>
          <Trans
            id="Revoke<0> {name}</0>"
            values={{ name: apiKey.name }}
            components={{ 0: <span className="sr-only" /> }}
          />
        </Button>
      )}
    </li>
  );
}

/** Profile → Developers: the owner's API keys; make one (shown once), revoke one. */
export function ApiKeysCard() {
  const { i18n } = useLingui();
  const keys = useApiKeys();
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<TApiKey | null>(null);
  const revoke = useRevokeApiKey();

  let body;
  if (keys.isPending) {
    body = (
      <div role="status" aria-label={i18n._('Loading your API keys')} className="space-y-4">
        {Array.from({ length: 2 }, (_, i) => (
          <div key={i} className="space-y-2">
            <Skeleton className="h-4 w-1/2" />
            <Skeleton className="h-3 w-3/4" />
          </div>
        ))}
      </div>
    );
  } else if (keys.isError) {
    body = (
      <div role="alert" className="text-sm">
        <p className="text-destructive">
          {i18n._('Your API keys did not load. {message}', { message: keys.error.message })}
        </p>
        <Button variant="outline" size="sm" className="mt-2" onClick={() => void keys.refetch()}>
          <RotateCw aria-hidden="true" /> {i18n._('Retry')}
        </Button>
      </div>
    );
  } else if (keys.data.length === 0) {
    body = (
      <div className="flex flex-col items-center gap-2 py-6 text-center">
        <KeyRound aria-hidden="true" className="text-muted-foreground size-8" />
        <p className="font-medium">{i18n._('No API keys yet')}</p>
        <p className="text-muted-foreground max-w-sm text-sm">
          {i18n._('Make a key to let your own tools list, create and send proposals as you.')}
        </p>
      </div>
    );
  } else {
    body = (
      <ul aria-label={i18n._('API keys')} className="divide-y">
        {keys.data.map((k) => (
          <KeyRow key={k.id} apiKey={k} onRevoke={setRevoking} />
        ))}
      </ul>
    );
  }

  return (
    <Card role="region" aria-labelledby="api-keys-heading">
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3 space-y-0">
        <div className="space-y-1.5">
          <CardTitle id="api-keys-heading">{i18n._('API keys')}</CardTitle>
          <CardDescription>
            <Trans
              id="A key acts as you on Draftwell’s API (<0>{path}</0>, sent as <1>{header}</1>), sees only your records, and does only what its scopes allow. It never signs in, pays or deletes your account."
              values={{ path: '/api/v1', header: 'Authorization: Bearer dw_…' }}
              components={{ 0: <code className="font-mono" />, 1: <code className="font-mono" /> }}
            />
          </CardDescription>
        </div>
        <Button onClick={() => setCreating(true)}>
          <Plus aria-hidden="true" /> {i18n._('Create key')}
        </Button>
      </CardHeader>
      <CardContent>{body}</CardContent>

      <Dialog open={creating} onOpenChange={setCreating}>
        <DialogContent>
          {/* Mounted afresh each time, so a shown key never shows again. */}
          {creating ? <CreateKeyForm onDone={() => setCreating(false)} /> : null}
        </DialogContent>
      </Dialog>

      <AlertDialog open={revoking !== null} onOpenChange={(open) => (open ? null : setRevoking(null))}>
        <AlertDialogContent>
          <AlertDialogTitle>{i18n._('Revoke “{name}”?', { name: revoking?.name ?? '' })}</AlertDialogTitle>
          <AlertDialogDescription>
            {i18n._('Anything using this key stops working at once. This cannot be undone; you can make a new key.')}
          </AlertDialogDescription>
          <div className="flex justify-end gap-2">
            <AlertDialogCancel asChild>
              <Button variant="outline">{i18n._('Keep it')}</Button>
            </AlertDialogCancel>
            <AlertDialogAction asChild>
              <Button
                variant="destructive"
                onClick={() => {
                  const target = revoking;
                  if (!target) return;
                  revoke.mutate(target.id, {
                    onSuccess: () => {
                      const i18n = appI18n();
                      toast.success(i18n._('Key revoked'), {
                        description: i18n._('“{name}” no longer works.', { name: target.name }),
                      });
                    },
                    onError: (err) => {
                      const i18n = appI18n();
                      toast.error(i18n._('The key was not revoked'), { description: translated(i18n, err.message) });
                    },
                  });
                }}
              >
                {i18n._('Revoke key')}
              </Button>
            </AlertDialogAction>
          </div>
        </AlertDialogContent>
      </AlertDialog>
    </Card>
  );
}

function CreateKeyForm({ onDone }: { onDone: () => void }) {
  const { i18n } = useLingui();
  const create = useCreateApiKey();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<TApiKeyScope[]>(['proposals:read']);
  const [expiresOn, setExpiresOn] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | undefined>();
  const [made, setMade] = useState<string | null>(null);

  if (made) return <KeyShownOnce keyValue={made} onDone={onDone} />;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(undefined);
    const parsed = ZApiKeyCreate.safeParse({ name, scopes, expiresOn: expiresOn || null });
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) next[String(issue.path[0] ?? 'form')] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    try {
      const result = await create.mutateAsync(parsed.data);
      setMade(result.key);
    } catch (err) {
      if (err instanceof ApiError && err.fields) setErrors(err.fields);
      setFailure(err instanceof Error ? err.message : i18n._('The key was not made.'));
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-5">
      <DialogHeader>
        <DialogTitle>{i18n._('Create an API key')}</DialogTitle>
        <DialogDescription>
          {i18n._('Give it a name you will recognise and only the scopes it needs.')}
        </DialogDescription>
      </DialogHeader>
      <FormField label={i18n._('Name')} error={errors.name} hint={i18n._('What uses it, e.g. "CRM sync".')}>
        <Input value={name} onChange={(e) => setName(e.target.value)} maxLength={80} autoComplete="off" />
      </FormField>
      <CodeChoices
        legend={i18n._('Scopes')}
        options={API_KEY_SCOPES}
        labels={apiKeyScopeLabels(i18n)}
        chosen={scopes}
        onChange={setScopes}
        error={errors.scopes}
      />
      <FormField
        label={i18n._('Expires after (optional)')}
        error={errors.expiresOn}
        hint={i18n._('Leave empty for a key that does not expire.')}
      >
        <Input type="date" value={expiresOn} onChange={(e) => setExpiresOn(e.target.value)} />
      </FormField>
      <FormError message={failure} />
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          {i18n._('Cancel')}
        </Button>
        <Button type="submit" disabled={create.isPending}>
          {i18n._('Create key')}
        </Button>
      </DialogFooter>
    </form>
  );
}

function KeyShownOnce({ keyValue, onDone }: { keyValue: string; onDone: () => void }) {
  const { i18n } = useLingui();
  return (
    <ShownOnce
      value={keyValue}
      title={i18n._('Copy your key now')}
      description={i18n._(
        'This is the only time it is shown: Draftwell keeps only a fingerprint of it. Store it where your tool reads its secrets.',
      )}
      label={i18n._('Your new API key')}
      noun="key"
      onDone={onDone}
    />
  );
}
