import { englishI18n } from '@draftwell/shared/i18n/english';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { BILLING_KINDS } from '@draftwell/shared/document/pricing';
import { currencyChoices, currencyDigits, currencyLabel } from '@draftwell/shared/money';
import type { TSavedItem } from '@draftwell/shared/workspace/saved-items';
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
import { Select } from '@/components/ui/select';
import { ApiError, isConflict, type TConflictError } from '@/lib/api-client';
import { useCreateSavedItem, useUpdateSavedItem } from '@/lib/api/saved-items';
import { savedItemFormValues, ZSavedItemForm, type TSavedItemFormIn, type TSavedItemFormOut } from './saved-item-form';
import { billingKindName } from '@draftwell/shared/document/display';

const FIELDS = ['description', 'unit', 'unitPrice', 'currency', 'taxRate', 'billing'] as const;

function priceHint(currency: string): string {
  const digits = currencyDigits(currency);
  if (digits === 0) return `In ${currency}, whole amounts only, like 15000.`;
  return `In ${currency}, up to ${digits} decimals, like ${digits === 3 ? '12.345' : '1234.50'}.`;
}

/** Add a saved item (no `item`) or edit one; the edit is sent against the version it was opened at. */
export function SavedItemFormDialog({
  open,
  onOpenChange,
  item,
  defaultCurrency,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  item: TSavedItem | null;
  defaultCurrency: string;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        {/* Mounted afresh each time the dialog opens, so it starts from the item as it is now. */}
        <SavedItemForm item={item} defaultCurrency={defaultCurrency} onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function SavedItemForm({
  item,
  defaultCurrency,
  onDone,
}: {
  item: TSavedItem | null;
  defaultCurrency: string;
  onDone: () => void;
}) {
  const form = useForm<TSavedItemFormIn, unknown, TSavedItemFormOut>({
    resolver: zodResolver(ZSavedItemForm),
    defaultValues: savedItemFormValues(item, defaultCurrency),
  });
  const [base, setBase] = useState<TSavedItem | null>(item);
  const [conflict, setConflict] = useState<TConflictError<TSavedItem> | null>(null);
  const create = useCreateSavedItem();
  const update = useUpdateSavedItem();

  const submit = form.handleSubmit(async (values) => {
    setConflict(null);
    try {
      if (base) {
        const saved = await update.mutateAsync({ id: base.id, patch: { ...values, version: base.version } });
        toast.success('Item saved', { description: `“${saved.description}” is up to date.` });
      } else {
        const saved = await create.mutateAsync(values);
        toast.success('Item added', { description: `“${saved.description}” can now be picked into pricing tables.` });
      }
      onDone();
    } catch (error) {
      if (isConflict<TSavedItem>(error)) {
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
      if (!placed) form.setError('root', { message: e?.message ?? 'Something went wrong. Try again.' });
      toast.error(base ? 'The item was not saved' : 'The item was not added', {
        description: e?.message ?? 'Something went wrong. Try again.',
      });
    }
  });

  const { errors, isSubmitting } = form.formState;
  const currency = useWatch({ control: form.control, name: 'currency' });
  return (
    <>
      <DialogHeader>
        <DialogTitle>{item ? 'Edit saved item' : 'Add saved item'}</DialogTitle>
        <DialogDescription>A priced line you can pick into any pricing table.</DialogDescription>
      </DialogHeader>
      <form
        onSubmit={submit}
        noValidate
        className="grid gap-4"
        aria-label={item ? 'Edit saved item' : 'Add saved item'}
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
                form.reset(savedItemFormValues(conflict.current, defaultCurrency));
                setBase(conflict.current);
                setConflict(null);
              }}
            >
              Load the current details
            </Button>
          </div>
        ) : null}
        <FormField label="Description" error={errors.description?.message}>
          <Input autoComplete="off" {...form.register('description')} />
        </FormField>
        <div className="grid items-start gap-4 sm:grid-cols-2">
          <FormField label="Unit price" error={errors.unitPrice?.message} hint={priceHint(currency)}>
            <Input inputMode="decimal" autoComplete="off" {...form.register('unitPrice')} />
          </FormField>
          <FormField label="Currency" error={errors.currency?.message}>
            <Select {...form.register('currency')}>
              {currencyChoices(item?.currency ?? defaultCurrency).map((code) => (
                <option key={code} value={code}>
                  {currencyLabel(code)}
                </option>
              ))}
            </Select>
          </FormField>
          <FormField label="Unit" error={errors.unit?.message} hint="Optional, like hour, day or page.">
            <Input autoComplete="off" {...form.register('unit')} />
          </FormField>
          <FormField label="Billing" error={errors.billing?.message}>
            <Select {...form.register('billing')}>
              {BILLING_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {billingKindName(englishI18n, kind)}
                </option>
              ))}
            </Select>
          </FormField>
          <FormField label="Tax rate (%)" error={errors.taxRate?.message} hint="Like 20 or 12.5; empty for none.">
            <Input inputMode="decimal" autoComplete="off" {...form.register('taxRate')} />
          </FormField>
        </div>
        <FormError message={errors.root?.message} />
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? 'Saving…' : item ? 'Save item' : 'Add item'}
          </Button>
        </DialogFooter>
      </form>
    </>
  );
}
