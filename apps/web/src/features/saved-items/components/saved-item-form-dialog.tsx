import type { I18n } from '@draftwell/shared/i18n/i18n';
import { zodResolver } from '@hookform/resolvers/zod';
import { useLingui } from '@lingui/react';
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
import { appI18n } from '@/lib/app-language';
import { translated } from '@/lib/translated';
import { savedItemFormValues, ZSavedItemForm, type TSavedItemFormIn, type TSavedItemFormOut } from './saved-item-form';
import { billingKindName } from '@draftwell/shared/document/display';

const FIELDS = ['description', 'unit', 'unitPrice', 'currency', 'taxRate', 'billing'] as const;

function priceHint(i18n: I18n, currency: string): string {
  const digits = currencyDigits(currency);
  if (digits === 0) return i18n._('In {currency}, whole amounts only, like 15000.', { currency });
  return i18n._('In {currency}, up to {digits} decimals, like {example}.', {
    currency,
    digits,
    example: digits === 3 ? '12.345' : '1234.50',
  });
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
  const { i18n } = useLingui();
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
        const i18n = appI18n();
        toast.success(i18n._('Item saved'), {
          description: i18n._('“{name}” is up to date.', { name: saved.description }),
        });
      } else {
        const saved = await create.mutateAsync(values);
        const i18n = appI18n();
        toast.success(i18n._('Item added'), {
          description: i18n._('“{name}” can now be picked into pricing tables.', { name: saved.description }),
        });
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
      const i18n = appI18n();
      if (!placed) form.setError('root', { message: e?.message ?? i18n._('Something went wrong. Try again.') });
      toast.error(base ? i18n._('The item was not saved') : i18n._('The item was not added'), {
        description: translated(i18n, e?.message) ?? i18n._('Something went wrong. Try again.'),
      });
    }
  });

  const { errors, isSubmitting } = form.formState;
  const currency = useWatch({ control: form.control, name: 'currency' });
  return (
    <>
      <DialogHeader>
        <DialogTitle>{item ? i18n._('Edit saved item') : i18n._('Add saved item')}</DialogTitle>
        <DialogDescription>{i18n._('A priced line you can pick into any pricing table.')}</DialogDescription>
      </DialogHeader>
      <form
        onSubmit={submit}
        noValidate
        className="grid gap-4"
        aria-label={item ? i18n._('Edit saved item') : i18n._('Add saved item')}
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
              {i18n._('Load the current details')}
            </Button>
          </div>
        ) : null}
        <FormField label={i18n._('Description')} error={errors.description?.message}>
          <Input autoComplete="off" {...form.register('description')} />
        </FormField>
        <div className="grid items-start gap-4 sm:grid-cols-2">
          <FormField label={i18n._('Unit price')} error={errors.unitPrice?.message} hint={priceHint(i18n, currency)}>
            <Input inputMode="decimal" autoComplete="off" {...form.register('unitPrice')} />
          </FormField>
          <FormField label={i18n._('Currency')} error={errors.currency?.message}>
            <Select {...form.register('currency')}>
              {currencyChoices(item?.currency ?? defaultCurrency).map((code) => (
                <option key={code} value={code}>
                  {currencyLabel(code, i18n.locale)}
                </option>
              ))}
            </Select>
          </FormField>
          <FormField
            label={i18n._('Unit')}
            error={errors.unit?.message}
            hint={i18n._('Optional, like hour, day or page.')}
          >
            <Input autoComplete="off" {...form.register('unit')} />
          </FormField>
          <FormField label={i18n._('Billing')} error={errors.billing?.message}>
            <Select {...form.register('billing')}>
              {BILLING_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {billingKindName(i18n, kind)}
                </option>
              ))}
            </Select>
          </FormField>
          <FormField
            label={i18n._('Tax rate (%)')}
            error={errors.taxRate?.message}
            hint={i18n._('Like 20 or 12.5; empty for none.')}
          >
            <Input inputMode="decimal" autoComplete="off" {...form.register('taxRate')} />
          </FormField>
        </div>
        <FormError message={errors.root?.message} />
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onDone}>
            {i18n._('Cancel')}
          </Button>
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? i18n._('Saving…') : item ? i18n._('Save item') : i18n._('Add item')}
          </Button>
        </DialogFooter>
      </form>
    </>
  );
}
