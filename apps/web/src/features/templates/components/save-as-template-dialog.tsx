import { zodResolver } from '@hookform/resolvers/zod';
import {
  TEMPLATE_CATEGORY_MAX,
  TEMPLATE_DESCRIPTION_MAX,
  TEMPLATE_NAME_MAX,
  ZTemplateDetails,
  type TTemplate,
  type TTemplateDetails,
} from '@draftwell/shared/workspace/templates';
import { useLingui } from '@lingui/react';
import { Loader2 } from 'lucide-react';
import { useId, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { FormError } from '@/components/form/form-error';
import { FormField } from '@/components/form/form-field';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input, Textarea } from '@/components/ui/input';
import { ApiError, isPlanLimitError } from '@/lib/api-client';
import { useSaveAsTemplate } from '../api/template-actions';
import { useTemplateList } from '@/lib/api/template-list';

/** The categories already in use (the starters' and the user's), offered as suggestions. */
function useCategories(): string[] {
  const list = useTemplateList('');
  return useMemo(() => {
    const all = (list.data?.pages ?? []).flatMap((page) => [...page.starters, ...page.items]);
    return [...new Set(all.map((t) => t.category).filter((c) => c !== ''))].sort((a, b) => a.localeCompare(b));
  }, [list.data]);
}

function SaveAsTemplateForm({
  proposalId,
  title,
  beforeSave,
  onSaved,
}: {
  proposalId: string;
  title: string;
  beforeSave: () => Promise<void>;
  onSaved: (template: TTemplate) => void;
}) {
  const { i18n } = useLingui();
  const form = useForm<TTemplateDetails>({
    resolver: zodResolver(ZTemplateDetails),
    defaultValues: { name: title.trim().slice(0, TEMPLATE_NAME_MAX), description: '', category: '' },
  });
  const save = useSaveAsTemplate();
  const categories = useCategories();
  const listId = useId();
  const submit = form.handleSubmit(async (values) => {
    try {
      await beforeSave();
    } catch (err) {
      form.setError('root', {
        message: err instanceof Error ? err.message : i18n._('Your changes are not saved yet.'),
      });
      return;
    }
    await save.mutateAsync({ proposalId, ...values }).then(onSaved, (err: unknown) => {
      // A plan limit is offered as an upgrade by the app-wide listener instead.
      if (isPlanLimitError(err)) return;
      const e = err instanceof ApiError ? err : null;
      const fields = (['name', 'description', 'category'] as const).filter((f) => e?.fields[f]);
      for (const f of fields) form.setError(f, { message: e!.fields[f] });
      if (fields.length === 0)
        form.setError('root', { message: e?.message ?? i18n._('Something went wrong. Try again.') });
    });
  });
  const { errors, isSubmitting } = form.formState;
  return (
    <form onSubmit={submit} noValidate className="grid gap-4" aria-label={i18n._('Save as template')}>
      <FormField label={i18n._('Name')} error={errors.name?.message}>
        {/* eslint-disable-next-line jsx-a11y/no-autofocus -- the dialog opens to name the template */}
        <Input autoComplete="off" maxLength={TEMPLATE_NAME_MAX + 20} autoFocus {...form.register('name')} />
      </FormField>
      <FormField
        label={i18n._('Description')}
        error={errors.description?.message}
        hint={i18n._('Optional. What it is for, so you pick the right one later.')}
      >
        <Textarea
          rows={3}
          className="min-h-20"
          maxLength={TEMPLATE_DESCRIPTION_MAX + 20}
          {...form.register('description')}
        />
      </FormField>
      <FormField
        label={i18n._('Category')}
        error={errors.category?.message}
        hint={i18n._('Optional. Pick one you use or type a new one.')}
      >
        <Input autoComplete="off" list={listId} maxLength={TEMPLATE_CATEGORY_MAX + 20} {...form.register('category')} />
      </FormField>
      <datalist id={listId}>
        {categories.map((c) => (
          <option key={c} value={c} />
        ))}
      </datalist>
      <FormError message={errors.root?.message} />
      <DialogFooter>
        <DialogClose asChild>
          <Button type="button" variant="outline">
            {i18n._('Cancel')}
          </Button>
        </DialogClose>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
          {i18n._('Save template')}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** The editor's "Save as template": the proposal's document under a name, description and category. */
export function SaveAsTemplateDialog({
  open,
  onOpenChange,
  proposalId,
  title,
  beforeSave,
  onSaved,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  proposalId: string;
  /** The proposal's title: the name until the user gives another. */
  title: string;
  beforeSave: () => Promise<void>;
  onSaved: (template: TTemplate) => void;
}) {
  const { i18n } = useLingui();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{i18n._('Save as template')}</DialogTitle>
          <DialogDescription>
            {i18n._(
              'Its document becomes one of your templates, to start new proposals from. This proposal stays as it is.',
            )}
          </DialogDescription>
        </DialogHeader>
        <SaveAsTemplateForm proposalId={proposalId} title={title} beforeSave={beforeSave} onSaved={onSaved} />
      </DialogContent>
    </Dialog>
  );
}
