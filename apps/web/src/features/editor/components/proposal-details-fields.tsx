import type { TLanguage } from '@draftwell/shared/i18n/languages';
import { currencyChoices, currencyLabel } from '@draftwell/shared/money';
import type { TProposalClient } from '@draftwell/shared/workspace/proposals';
import { useLingui } from '@lingui/react';
import { UserRoundPlus } from 'lucide-react';
import { useState } from 'react';
import { LanguageOptions } from '@/components/form/language-options';
import { FormField } from '@/components/form/form-field';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { ClientPickerDialog } from './client-picker-dialog';

export type TProposalFields = {
  title: string;
  client: TProposalClient;
  clientId: string | null;
  currency: string;
  language: TLanguage;
  validUntil: string | null;
};

/** Today's calendar day in UTC: the day the server's Send check and the expiry count in. */
const todayUtc = () => new Date().toISOString().slice(0, 10);

/**
 * Client, currency and validity of a draft; every change goes straight to autosave. A valid-until
 * date that has passed is saved like any other but flagged at once, not first at Send.
 */
export function ProposalDetailsFields({
  fields,
  onChange,
  editable,
  errors,
}: {
  fields: TProposalFields;
  onChange: (patch: Partial<TProposalFields>) => void;
  editable: boolean;
  errors: Record<string, string>;
}) {
  const { i18n } = useLingui();
  const [picking, setPicking] = useState(false);
  const today = todayUtc();
  // An accepted proposal's date no longer matters: it is kept as it was.
  const passed = editable && fields.validUntil !== null && fields.validUntil < today;
  const setClient = (patch: Partial<TProposalClient>) => onChange({ client: { ...fields.client, ...patch } });

  return (
    <section aria-labelledby="proposal-details-heading" className="bg-card rounded-lg border p-4 sm:p-5">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <h2 id="proposal-details-heading" className="text-base font-semibold">
          {i18n._('Client and terms')}
        </h2>
        {editable ? (
          <Button variant="outline" size="sm" onClick={() => setPicking(true)}>
            <UserRoundPlus aria-hidden="true" />
            {fields.clientId ? i18n._('Change client') : i18n._('Choose a saved client')}
          </Button>
        ) : null}
      </div>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <FormField label={i18n._('Client name')} error={errors['client.name']}>
          <Input
            name="client.name"
            value={fields.client.name}
            disabled={!editable}
            autoComplete="off"
            onChange={(e) => setClient({ name: e.target.value })}
          />
        </FormField>
        <FormField label={i18n._('Client company')} error={errors['client.company']}>
          <Input
            name="client.company"
            value={fields.client.company}
            disabled={!editable}
            autoComplete="off"
            onChange={(e) => setClient({ company: e.target.value })}
          />
        </FormField>
        <FormField
          label={i18n._('Client email')}
          error={errors['client.email']}
          hint={i18n._('The proposal is sent here.')}
        >
          <Input
            type="email"
            name="client.email"
            value={fields.client.email}
            disabled={!editable}
            autoComplete="off"
            onChange={(e) => setClient({ email: e.target.value })}
          />
        </FormField>
        <FormField label={i18n._('Currency')} error={errors.currency}>
          <Select value={fields.currency} disabled={!editable} onChange={(e) => onChange({ currency: e.target.value })}>
            {currencyChoices(fields.currency).map((code) => (
              <option key={code} value={code}>
                {currencyLabel(code, i18n.locale)}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField
          label={i18n._('Language')}
          error={errors.language}
          hint={i18n._("The language your client reads: the proposal's page and PDF are marked as written in it.")}
        >
          <Select
            name="language"
            value={fields.language}
            disabled={!editable}
            onChange={(e) => onChange({ language: e.target.value as TLanguage })}
          >
            <LanguageOptions />
          </Select>
        </FormField>
        <FormField
          label={i18n._('Valid until')}
          error={
            errors.validUntil ??
            (passed
              ? i18n._('This date has passed: your client could not accept the proposal. Choose today or later.')
              : undefined)
          }
          hint={i18n._('After this date it can no longer be accepted.')}
        >
          <Input
            type="date"
            name="validUntil"
            min={editable ? today : undefined}
            value={fields.validUntil ?? ''}
            disabled={!editable}
            onChange={(e) => onChange({ validUntil: e.target.value === '' ? null : e.target.value })}
          />
        </FormField>
      </div>
      <ClientPickerDialog
        open={picking}
        onOpenChange={setPicking}
        onPick={(client) => {
          setPicking(false);
          onChange({
            clientId: client.id,
            client: {
              name: client.name,
              company: client.company,
              email: client.email,
              phone: client.phone,
              address: client.address,
            },
            // A client who reads another language gets their proposals in it.
            ...(client.language ? { language: client.language } : {}),
          });
        }}
      />
    </section>
  );
}
