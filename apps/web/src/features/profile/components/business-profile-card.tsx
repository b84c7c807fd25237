import { zodResolver } from '@hookform/resolvers/zod';
import { useLingui } from '@lingui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { DOCUMENT_LOCALES } from '@draftwell/shared/document/locale';
import { formatCalendarDate } from '@draftwell/shared/document/variables';
import { currencyChoices, currencyLabel } from '@draftwell/shared/money';
import type { TBusinessProfile } from '@draftwell/shared/workspace/profile';
import { FormError } from '@/components/form/form-error';
import { LanguageOptions } from '@/components/form/language-options';
import { FormField } from '@/components/form/form-field';
import { PlanBrandingNote } from '@/components/plan-branding-note';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input, Label, Textarea } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { ApiError, isConflict, type TConflictError } from '@/lib/api-client';
import { profileKeys } from '@/lib/api/business-profile';
import { translated } from '@/lib/translated';
import { useSaveBusinessProfile } from '../api/save-business-profile';
import {
  businessProfileFormValues,
  ZBusinessProfileForm,
  type TBusinessProfileFormIn,
  type TBusinessProfileFormOut,
} from './business-profile-form';

const FIELDS = [
  'displayName',
  'company',
  'jobTitle',
  'phone',
  'website',
  'address',
  'brandColor',
  'defaultCurrency',
  'defaultTaxRate',
  'defaultValidityDays',
  'emailSignature',
  'locale',
  'defaultLanguage',
] as const;
const HEX = /^#[0-9a-f]{6}$/i;
/** The day each date format is shown with in the list. */
const SAMPLE_DAY = '2027-03-04';

/** The details that fill every new proposal, saved against the version they were loaded at. */
export function BusinessProfileCard({ profile }: { profile: TBusinessProfile }) {
  const { i18n } = useLingui();
  const queryClient = useQueryClient();
  const colourId = useId();
  const form = useForm<TBusinessProfileFormIn, unknown, TBusinessProfileFormOut>({
    resolver: zodResolver(ZBusinessProfileForm),
    defaultValues: businessProfileFormValues(profile),
  });
  const [version, setVersion] = useState(profile.version);
  const [conflict, setConflict] = useState<TConflictError<TBusinessProfile> | null>(null);
  const save = useSaveBusinessProfile();

  // A newer profile arrived (a logo upload, a refetch). When none of these fields changed, it is
  // safe to save over it; otherwise keep the version the form was loaded at, so saving answers
  // 409 (and offers the current details) instead of overwriting someone else's change.
  const [seen, setSeen] = useState(profile);
  if (seen !== profile) {
    setSeen(profile);
    const loaded = form.formState.defaultValues;
    const next = businessProfileFormValues(profile);
    if (profile.version > version && loaded && FIELDS.every((field) => loaded[field] === next[field])) {
      setVersion(profile.version);
    }
  }

  const submit = form.handleSubmit(async (values) => {
    setConflict(null);
    try {
      const saved = await save.mutateAsync({ ...values, version });
      setVersion(saved.version);
      form.reset(businessProfileFormValues(saved));
      toast.success(i18n._('Business profile saved'), { description: i18n._('New proposals will use these details.') });
    } catch (error) {
      if (isConflict<TBusinessProfile>(error)) {
        setConflict(error);
        toast.error(i18n._('Not saved: the profile changed elsewhere'));
        return;
      }
      const e = error instanceof ApiError ? error : null;
      let placed = false;
      for (const [field, message] of Object.entries(e?.fields ?? {})) {
        if ((FIELDS as readonly string[]).includes(field)) {
          form.setError(field as (typeof FIELDS)[number], { message }, { shouldFocus: !placed });
          placed = true;
        }
      }
      if (!placed) form.setError('root', { message: e?.message ?? i18n._('Something went wrong. Try again.') });
      toast.error(i18n._('The business profile was not saved'), {
        description: placed
          ? i18n._('Check the highlighted fields.')
          : (e?.message ?? i18n._('Something went wrong. Try again.')),
      });
    }
  });

  const loadCurrent = () => {
    if (!conflict) return;
    queryClient.setQueryData(profileKeys.business(), conflict.current);
    form.reset(businessProfileFormValues(conflict.current));
    setVersion(conflict.current.version);
    setConflict(null);
  };

  const { errors, isSubmitting } = form.formState;
  const brandColor = useWatch({ control: form.control, name: 'brandColor' });
  const currency = useWatch({ control: form.control, name: 'defaultCurrency' });
  return (
    <Card>
      <CardHeader>
        <CardTitle>{i18n._('Business details')}</CardTitle>
        <CardDescription>
          {i18n._(
            'These details fill every new proposal: your name and company in its header, your colour, and its currency, tax rate and how long the offer stays valid.',
          )}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} noValidate className="grid gap-4" aria-label={i18n._('Business profile')}>
          {conflict ? (
            <div role="alert" className="rounded-md border border-amber-500/50 bg-amber-500/10 px-3 py-2 text-sm">
              <p>{conflict.message}</p>
              <p className="text-muted-foreground mt-1">
                {i18n._('Loading them replaces what you typed here with what is saved now.')}
              </p>
              <Button type="button" variant="outline" size="sm" className="mt-2" onClick={loadCurrent}>
                {i18n._('Load the current details')}
              </Button>
            </div>
          ) : null}
          <div className="grid items-start gap-4 sm:grid-cols-2">
            <FormField
              label={i18n._('Display name')}
              error={errors.displayName?.message}
              hint={i18n._('The name shown on proposals.')}
            >
              <Input autoComplete="name" {...form.register('displayName')} />
            </FormField>
            <FormField label={i18n._('Company')} error={errors.company?.message}>
              <Input autoComplete="organization" {...form.register('company')} />
            </FormField>
            <FormField label={i18n._('Job title')} error={errors.jobTitle?.message}>
              <Input autoComplete="organization-title" {...form.register('jobTitle')} />
            </FormField>
            <FormField label={i18n._('Phone')} error={errors.phone?.message}>
              <Input type="tel" autoComplete="tel" {...form.register('phone')} />
            </FormField>
            <FormField
              label={i18n._('Website')}
              error={errors.website?.message}
              hint={i18n._('Starting with https://')}
            >
              <Input type="url" autoComplete="url" placeholder="https://" {...form.register('website')} />
            </FormField>
            <div className="grid gap-2">
              <Label htmlFor={colourId}>{i18n._('Brand colour')}</Label>
              <div className="flex gap-2">
                <input
                  type="color"
                  aria-label={i18n._('Pick the brand colour')}
                  className="border-input bg-card h-10 w-12 shrink-0 cursor-pointer rounded-md border p-1"
                  value={HEX.test(brandColor) ? brandColor.toLowerCase() : '#000000'}
                  onChange={(e) =>
                    form.setValue('brandColor', e.target.value, { shouldDirty: true, shouldValidate: true })
                  }
                />
                <Input
                  id={colourId}
                  className="font-mono"
                  autoComplete="off"
                  spellCheck={false}
                  aria-invalid={errors.brandColor ? true : undefined}
                  aria-describedby={`${colourId}-note ${colourId}-plan`}
                  {...form.register('brandColor')}
                />
              </div>
              {errors.brandColor ? (
                <p id={`${colourId}-note`} className="text-destructive text-sm" role="alert">
                  {translated(i18n, errors.brandColor.message)}
                </p>
              ) : (
                <p id={`${colourId}-note`} className="text-muted-foreground text-xs">
                  {i18n._('Pick it, or type a hex colour like #4338ca.')}
                </p>
              )}
              <PlanBrandingNote what="colour" id={`${colourId}-plan`} />
            </div>
          </div>
          <FormField label={i18n._('Address')} error={errors.address?.message}>
            <Textarea className="min-h-20" autoComplete="street-address" {...form.register('address')} />
          </FormField>
          <div className="grid items-start gap-4 sm:grid-cols-3">
            <FormField label={i18n._('Default currency')} error={errors.defaultCurrency?.message}>
              <Select {...form.register('defaultCurrency')}>
                {currencyChoices(currency || profile.defaultCurrency).map((code) => (
                  <option key={code} value={code}>
                    {currencyLabel(code, i18n.locale)}
                  </option>
                ))}
              </Select>
            </FormField>
            <FormField
              label={i18n._('Default tax rate (%)')}
              error={errors.defaultTaxRate?.message}
              hint={i18n._('Like 20 or 12.5.')}
            >
              <Input inputMode="decimal" autoComplete="off" {...form.register('defaultTaxRate')} />
            </FormField>
            <FormField
              label={i18n._('Valid for (days)')}
              error={errors.defaultValidityDays?.message}
              hint={i18n._('How long a new proposal’s offer stands.')}
            >
              <Input
                type="number"
                inputMode="numeric"
                min={1}
                max={365}
                step={1}
                {...form.register('defaultValidityDays', { valueAsNumber: true })}
              />
            </FormField>
          </div>
          <FormField
            label={i18n._('Dates on your proposals')}
            error={errors.locale?.message}
            hint={i18n._(
              'How your proposals, their PDF and the acceptance certificate write every date. Proposals already sent keep theirs.',
            )}
          >
            <Select {...form.register('locale')}>
              {DOCUMENT_LOCALES.map((locale) => (
                <option key={locale.id} value={locale.id}>
                  {`${locale.name} — ${formatCalendarDate(SAMPLE_DAY, locale.id)}`}
                </option>
              ))}
            </Select>
          </FormField>
          <FormField
            label={i18n._('Language of new proposals')}
            error={errors.defaultLanguage?.message}
            hint={i18n._(
              'For a client with no language of their own. Each proposal can be set to another in the editor.',
            )}
          >
            <Select {...form.register('defaultLanguage')}>
              <LanguageOptions />
            </Select>
          </FormField>
          <FormField
            label={i18n._('Email signature')}
            error={errors.emailSignature?.message}
            hint={i18n._('Added below the messages you send with a proposal.')}
          >
            <Textarea className="min-h-24" {...form.register('emailSignature')} />
          </FormField>
          <FormError message={errors.root?.message} />
          <div className="flex flex-wrap items-center gap-3">
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? i18n._('Saving…') : i18n._('Save business profile')}
            </Button>
            {form.formState.isDirty && !isSubmitting ? (
              <span className="text-muted-foreground text-sm">{i18n._('You have unsaved changes.')}</span>
            ) : null}
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
