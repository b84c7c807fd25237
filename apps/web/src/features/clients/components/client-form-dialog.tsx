import { zodResolver } from '@hookform/resolvers/zod';
import { useLingui } from '@lingui/react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { ZClientInput, type TClient } from '@draftwell/shared/workspace/clients';
import { FormError } from '@/components/form/form-error';
import { LanguageOptions } from '@/components/form/language-options';
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
import { Input, Textarea } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { ApiError, isConflict, type TConflictError } from '@/lib/api-client';
import { useCreateClient, useUpdateClient } from '@/lib/api/clients';
import { appI18n } from '@/lib/app-language';
import { translated } from '@/lib/translated';

type TFormIn = z.input<typeof ZClientInput>;
type TFormOut = z.output<typeof ZClientInput>;
const FIELDS = ['name', 'company', 'email', 'phone', 'address', 'notes', 'language'] as const;

function valuesOf(client: TClient | null): TFormOut {
  return {
    name: client?.name ?? '',
    company: client?.company ?? '',
    email: client?.email ?? '',
    phone: client?.phone ?? '',
    address: client?.address ?? '',
    notes: client?.notes ?? '',
    language: client?.language ?? null,
  };
}

/** Add a client (no `client`) or edit one; the edit is sent against the version it was opened at. */
export function ClientFormDialog({
  open,
  onOpenChange,
  client,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  client: TClient | null;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        {/* Mounted afresh each time the dialog opens, so it starts from the client as it is now. */}
        <ClientForm client={client} onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function ClientForm({ client, onDone }: { client: TClient | null; onDone: () => void }) {
  const { i18n } = useLingui();
  const form = useForm<TFormIn, unknown, TFormOut>({
    resolver: zodResolver(ZClientInput),
    defaultValues: valuesOf(client),
  });
  const [base, setBase] = useState<TClient | null>(client);
  const [conflict, setConflict] = useState<TConflictError<TClient> | null>(null);
  const create = useCreateClient();
  const update = useUpdateClient();

  const submit = form.handleSubmit(async (values) => {
    setConflict(null);
    try {
      if (base) {
        const saved = await update.mutateAsync({ id: base.id, patch: { ...values, version: base.version } });
        const i18n = appI18n();
        toast.success(i18n._('Client saved'), { description: i18n._('{name} is up to date.', { name: saved.name }) });
      } else {
        const saved = await create.mutateAsync(values);
        const i18n = appI18n();
        toast.success(i18n._('Client added'), {
          description: i18n._('{name} can now be picked for proposals.', { name: saved.name }),
        });
      }
      onDone();
    } catch (error) {
      if (isConflict<TClient>(error)) {
        setConflict(error);
        return;
      }
      const e = error instanceof ApiError ? error : null;
      let placed = false;
      for (const [field, message] of Object.entries(e?.fields ?? {})) {
        if ((FIELDS as readonly string[]).includes(field)) {
          form.setError(field as (typeof FIELDS)[number], { message });
          placed = true;
        }
      }
      const i18n = appI18n();
      if (!placed) form.setError('root', { message: e?.message ?? i18n._('Something went wrong. Try again.') });
      toast.error(base ? i18n._('The client was not saved') : i18n._('The client was not added'), {
        description: translated(i18n, e?.message) ?? i18n._('Something went wrong. Try again.'),
      });
    }
  });

  const { errors, isSubmitting } = form.formState;
  const title = client ? i18n._('Edit {name}', { name: client.name }) : i18n._('Add client');
  return (
    <>
      <DialogHeader>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>
          {i18n._('Only the name is required. The rest fills the client block of a proposal.')}
        </DialogDescription>
      </DialogHeader>
      <form
        onSubmit={submit}
        noValidate
        className="grid gap-4"
        aria-label={client ? i18n._('Edit client') : i18n._('Add client')}
      >
        {conflict ? (
          <div role="alert" className="rounded-md border border-amber-500/50 bg-amber-500/10 px-3 py-2 text-sm">
            <p>{conflict.message}</p>
            <Button
              type="button"
              variant="outline"
              size="sm"
              className="mt-2"
              onClick={() => {
                form.reset(valuesOf(conflict.current));
                setBase(conflict.current);
                setConflict(null);
              }}
            >
              {i18n._('Load the current details')}
            </Button>
          </div>
        ) : null}
        <FormField label={i18n._('Name')} error={errors.name?.message}>
          <Input autoComplete="off" {...form.register('name')} />
        </FormField>
        <div className="grid items-start gap-4 sm:grid-cols-2">
          <FormField label={i18n._('Company')} error={errors.company?.message}>
            <Input autoComplete="off" {...form.register('company')} />
          </FormField>
          <FormField label={i18n._('Email')} error={errors.email?.message}>
            <Input type="email" autoComplete="off" {...form.register('email')} />
          </FormField>
        </div>
        <FormField label={i18n._('Phone')} error={errors.phone?.message}>
          <Input type="tel" autoComplete="off" {...form.register('phone')} />
        </FormField>
        <FormField label={i18n._('Address')} error={errors.address?.message}>
          <Textarea className="min-h-20" {...form.register('address')} />
        </FormField>
        <FormField
          label={i18n._('Language')}
          error={errors.language?.message}
          hint={i18n._('New proposals for this client are written for it. Not set: your profile’s default.')}
        >
          <Select
            {...form.register('language', { setValueAs: (value) => (value === '' || value === null ? null : value) })}
          >
            <option value="">{i18n._('Not set')}</option>
            <LanguageOptions />
          </Select>
        </FormField>
        <FormField label={i18n._('Notes')} error={errors.notes?.message} hint={i18n._('Only you see these.')}>
          <Textarea className="min-h-20" {...form.register('notes')} />
        </FormField>
        <FormError message={errors.root?.message} />
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onDone}>
            {i18n._('Cancel')}
          </Button>
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? i18n._('Saving…') : client ? i18n._('Save client') : i18n._('Add client')}
          </Button>
        </DialogFooter>
      </form>
    </>
  );
}
