import { formatDate } from '@draftwell/shared/i18n/format';
import { KeyRound, Plus, RotateCw } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import {
  API_KEY_SCOPE_LABELS,
  API_KEY_SCOPES,
  ZApiKeyCreate,
  type TApiKey,
  type TApiKeyScope,
} from '@draftwell/shared/developers/api-keys';
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
import { useDocumentLocale } from '@/lib/api/business-profile';
import { CodeChoices, ShownOnce } from './shared-parts';
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from '../api/api-keys';

const date = (iso: string, locale: string) => formatDate(new Date(iso), locale, { dateStyle: 'medium' });
const dateTime = (iso: string, locale: string) =>
  formatDate(new Date(iso), locale, { dateStyle: 'medium', timeStyle: 'short' });
/** yyyy-mm-dd as a calendar day, wherever the reader is. */
const calendarDay = (iso: string, locale: string) =>
  formatDate(new Date(`${iso}T00:00:00Z`), locale, { dateStyle: 'medium', timeZone: 'UTC' });

function KeyRow({ apiKey, onRevoke }: { apiKey: TApiKey; onRevoke: (key: TApiKey) => void }) {
  const locale = useDocumentLocale();
  const revoked = apiKey.revokedAt !== null;
  const expired = !revoked && apiKey.expiresOn !== null && apiKey.expiresOn < new Date().toISOString().slice(0, 10);
  const facts = [
    `Created ${date(apiKey.createdAt, locale)}`,
    apiKey.lastUsedAt ? `last used ${dateTime(apiKey.lastUsedAt, locale)}` : 'never used',
    revoked
      ? `revoked ${date(apiKey.revokedAt!, locale)}`
      : apiKey.expiresOn
        ? `${expired ? 'expired after' : 'works until'} ${calendarDay(apiKey.expiresOn, locale)}`
        : 'no expiry',
  ];
  return (
    <li className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0 space-y-1.5">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-medium break-words">{apiKey.name}</span>
          <code className="bg-muted rounded px-1.5 py-0.5 font-mono text-xs">{apiKey.preview}</code>
          {revoked ? (
            <Badge variant="outline">Revoked</Badge>
          ) : expired ? (
            <Badge variant="outline">Expired</Badge>
          ) : null}
        </p>
        <p className="text-muted-foreground text-sm">{facts.join(' · ')}</p>
        <ul aria-label={`Scopes of ${apiKey.name}`} className="flex flex-wrap gap-1.5">
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
          Revoke<span className="sr-only"> {apiKey.name}</span>
        </Button>
      )}
    </li>
  );
}

/** Profile → Developers: the owner's API keys; make one (shown once), revoke one. */
export function ApiKeysCard() {
  const keys = useApiKeys();
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<TApiKey | null>(null);
  const revoke = useRevokeApiKey();

  let body;
  if (keys.isPending) {
    body = (
      <div role="status" aria-label="Loading your API keys" className="space-y-4">
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
        <p className="text-destructive">Your API keys did not load. {keys.error.message}</p>
        <Button variant="outline" size="sm" className="mt-2" onClick={() => void keys.refetch()}>
          <RotateCw aria-hidden="true" /> Retry
        </Button>
      </div>
    );
  } else if (keys.data.length === 0) {
    body = (
      <div className="flex flex-col items-center gap-2 py-6 text-center">
        <KeyRound aria-hidden="true" className="text-muted-foreground size-8" />
        <p className="font-medium">No API keys yet</p>
        <p className="text-muted-foreground max-w-sm text-sm">
          Make a key to let your own tools list, create and send proposals as you.
        </p>
      </div>
    );
  } else {
    body = (
      <ul aria-label="API keys" className="divide-y">
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
          <CardTitle id="api-keys-heading">API keys</CardTitle>
          <CardDescription>
            A key acts as you on Draftwell’s API (<code className="font-mono">/api/v1</code>, sent as{' '}
            <code className="font-mono">Authorization: Bearer dw_…</code>), sees only your records, and does only what
            its scopes allow. It never signs in, pays or deletes your account.
          </CardDescription>
        </div>
        <Button onClick={() => setCreating(true)}>
          <Plus aria-hidden="true" /> Create key
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
          <AlertDialogTitle>Revoke “{revoking?.name}”?</AlertDialogTitle>
          <AlertDialogDescription>
            Anything using this key stops working at once. This cannot be undone; you can make a new key.
          </AlertDialogDescription>
          <div className="flex justify-end gap-2">
            <AlertDialogCancel asChild>
              <Button variant="outline">Keep it</Button>
            </AlertDialogCancel>
            <AlertDialogAction asChild>
              <Button
                variant="destructive"
                onClick={() => {
                  const target = revoking;
                  if (!target) return;
                  revoke.mutate(target.id, {
                    onSuccess: () => toast.success('Key revoked', { description: `“${target.name}” no longer works.` }),
                    onError: (err) => toast.error('The key was not revoked', { description: err.message }),
                  });
                }}
              >
                Revoke key
              </Button>
            </AlertDialogAction>
          </div>
        </AlertDialogContent>
      </AlertDialog>
    </Card>
  );
}

function CreateKeyForm({ onDone }: { onDone: () => void }) {
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
      setFailure(err instanceof Error ? err.message : 'The key was not made.');
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-5">
      <DialogHeader>
        <DialogTitle>Create an API key</DialogTitle>
        <DialogDescription>Give it a name you will recognise and only the scopes it needs.</DialogDescription>
      </DialogHeader>
      <FormField label="Name" error={errors.name} hint='What uses it, e.g. "CRM sync".'>
        <Input value={name} onChange={(e) => setName(e.target.value)} maxLength={80} autoComplete="off" />
      </FormField>
      <CodeChoices
        legend="Scopes"
        options={API_KEY_SCOPES}
        labels={API_KEY_SCOPE_LABELS}
        chosen={scopes}
        onChange={setScopes}
        error={errors.scopes}
      />
      <FormField
        label="Expires after (optional)"
        error={errors.expiresOn}
        hint="Leave empty for a key that does not expire."
      >
        <Input type="date" value={expiresOn} onChange={(e) => setExpiresOn(e.target.value)} />
      </FormField>
      <FormError message={failure} />
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={create.isPending}>
          Create key
        </Button>
      </DialogFooter>
    </form>
  );
}

function KeyShownOnce({ keyValue, onDone }: { keyValue: string; onDone: () => void }) {
  return (
    <ShownOnce
      value={keyValue}
      title="Copy your key now"
      description="This is the only time it is shown: Draftwell keeps only a fingerprint of it. Store it where your tool reads its secrets."
      label="Your new API key"
      noun="key"
      onDone={onDone}
    />
  );
}
