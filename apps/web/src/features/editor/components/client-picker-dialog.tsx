import type { TClient } from '@draftwell/shared/workspace/clients';
import { useLingui } from '@lingui/react';
import { Plus, RotateCw, Search, UserRound } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { FormError } from '@/components/form/form-error';
import { FormField } from '@/components/form/form-field';
import { Button } from '@/components/ui/button';
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
import { useClientList, useCreateClient } from '@/lib/api/clients';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { ApiError } from '@/lib/api-client';

type TNewClient = { name: string; company: string; email: string };

/** Pick one of the saved clients, or add one (saved at once, then picked). */
export function ClientPickerDialog({
  open,
  onOpenChange,
  onPick,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onPick: (client: TClient) => void;
}) {
  const { i18n } = useLingui();
  const [mode, setMode] = useState<'pick' | 'add'>('pick');
  const close = (next: boolean) => {
    onOpenChange(next);
    if (!next) setMode('pick');
  };
  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{mode === 'pick' ? i18n._('Choose a client') : i18n._('Add a client')}</DialogTitle>
          <DialogDescription>
            {mode === 'pick'
              ? i18n._('Their details fill this proposal. Changing them here later does not change the saved client.')
              : i18n._('The client is saved for your next proposals too, and filled in here.')}
          </DialogDescription>
        </DialogHeader>
        {mode === 'pick' ? (
          <ClientSearch onPick={onPick} onAdd={() => setMode('add')} />
        ) : (
          <AddClientForm onCancel={() => setMode('pick')} onCreated={onPick} />
        )}
      </DialogContent>
    </Dialog>
  );
}

function ClientSearch({ onPick, onAdd }: { onPick: (client: TClient) => void; onAdd: () => void }) {
  const { i18n } = useLingui();
  const [q, setQ] = useState('');
  const query = useDebouncedValue(q.trim(), 250);
  const list = useClientList(query);
  const clients = list.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <div className="grid gap-3">
      <div className="relative">
        <Search className="text-muted-foreground absolute top-1/2 left-3 size-4 -translate-y-1/2" aria-hidden="true" />
        <Input
          type="search"
          aria-label={i18n._('Search your clients')}
          placeholder={i18n._('Search by name, company or email')}
          className="pl-9"
          value={q}
          onChange={(e) => setQ(e.target.value)}
        />
      </div>
      <div className="max-h-72 overflow-y-auto">
        {list.isPending ? (
          <div role="status" aria-label={i18n._('Loading your clients')} className="grid gap-2">
            {Array.from({ length: 4 }, (_, i) => (
              <Skeleton key={i} className="h-12" />
            ))}
          </div>
        ) : list.isError ? (
          <div role="alert" className="grid justify-items-center gap-2 py-6 text-center text-sm">
            <p>{i18n._('Your clients did not load: {message}', { message: list.error.message })}</p>
            <Button variant="outline" size="sm" onClick={() => void list.refetch()}>
              <RotateCw aria-hidden="true" /> {i18n._('Retry')}
            </Button>
          </div>
        ) : clients.length === 0 ? (
          <p className="text-muted-foreground py-6 text-center text-sm">
            {query ? i18n._('No saved client matches “{query}”.', { query }) : i18n._('You have no saved clients yet.')}
          </p>
        ) : (
          <ul className="grid gap-1" aria-label={i18n._('Your clients')}>
            {clients.map((client) => (
              <li key={client.id}>
                <button
                  type="button"
                  className="hover:bg-accent focus-visible:bg-accent flex w-full items-center gap-3 rounded-md px-3 py-2 text-left"
                  onClick={() => onPick(client)}
                >
                  <UserRound className="text-muted-foreground size-4 shrink-0" aria-hidden="true" />
                  <span className="min-w-0">
                    <span className="block truncate text-sm font-medium">{client.name}</span>
                    <span className="text-muted-foreground block truncate text-xs">
                      {[client.company, client.email].filter(Boolean).join(' · ') || i18n._('No company or email yet')}
                    </span>
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
        {list.hasNextPage ? (
          <Button
            variant="ghost"
            size="sm"
            className="mt-2 w-full"
            disabled={list.isFetchingNextPage}
            onClick={() => void list.fetchNextPage()}
          >
            {list.isFetchingNextPage ? i18n._('Loading…') : i18n._('Load more')}
          </Button>
        ) : null}
      </div>
      <DialogFooter>
        <Button variant="outline" onClick={onAdd}>
          <Plus aria-hidden="true" /> {i18n._('Add a new client')}
        </Button>
      </DialogFooter>
    </div>
  );
}

function AddClientForm({ onCancel, onCreated }: { onCancel: () => void; onCreated: (client: TClient) => void }) {
  const { i18n } = useLingui();
  const create = useCreateClient();
  const [values, setValues] = useState<TNewClient>({ name: '', company: '', email: '' });
  const error = create.error instanceof ApiError ? create.error : null;
  const fieldError = (name: keyof TNewClient) => error?.fields[name];
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(values, { onSuccess: onCreated });
  };
  const set = (name: keyof TNewClient) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [name]: e.target.value }));
  return (
    <form className="grid gap-4" onSubmit={onSubmit} noValidate>
      <FormField label={i18n._('Name')} error={fieldError('name')}>
        <Input value={values.name} onChange={set('name')} autoComplete="off" required />
      </FormField>
      <FormField label={i18n._('Company')} error={fieldError('company')}>
        <Input value={values.company} onChange={set('company')} autoComplete="off" />
      </FormField>
      <FormField label={i18n._('Email')} error={fieldError('email')} hint={i18n._('Where the proposal will be sent.')}>
        <Input type="email" value={values.email} onChange={set('email')} autoComplete="off" />
      </FormField>
      {create.error && !error?.fields.name && !error?.fields.email && !error?.fields.company ? (
        <FormError message={create.error.message} />
      ) : null}
      <DialogFooter>
        <Button type="button" variant="ghost" onClick={onCancel}>
          {i18n._('Back to the list')}
        </Button>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? i18n._('Saving…') : i18n._('Save and use')}
        </Button>
      </DialogFooter>
    </form>
  );
}
