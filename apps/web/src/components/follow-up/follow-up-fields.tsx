import { Trans, useLingui } from '@lingui/react';
import type { I18n } from '@draftwell/shared/i18n/i18n';
import { PLANS, type TPlanId } from '@draftwell/shared/plans';
import {
  FOLLOW_UP_HOUR,
  FOLLOW_UP_LIMITS,
  ZFollowUpSettings,
  type TFollowUpPlan,
  type TFollowUpSettings,
} from '@draftwell/shared/workspace/follow-up';
import { Sparkles } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { Checkbox } from '@/components/ui/checkbox';
import { Input, Label } from '@/components/ui/input';
import { paths } from '@/config/paths';
import { appI18n } from '@/lib/app-language';

/** The settings as typed: numbers stay text until they are checked, so a field can be emptied and retyped. */
export type TFollowUpDraft = {
  reminders: boolean;
  firstAfterDays: string;
  everyDays: string;
  maxReminders: string;
  expiryWarnings: boolean;
};

export const followUpDraftOf = (s: TFollowUpSettings): TFollowUpDraft => ({
  reminders: s.reminders,
  firstAfterDays: String(s.firstAfterDays),
  everyDays: String(s.everyDays),
  maxReminders: String(s.maxReminders),
  expiryWarnings: s.expiryWarnings,
});

const NUMBER_FIELDS = ['firstAfterDays', 'everyDays', 'maxReminders'] as const;

/** The draft checked with the server's own rules: the settings, or a message per field. */
export function checkFollowUpDraft(
  draft: TFollowUpDraft,
  i18n: I18n = appI18n(),
): { settings: TFollowUpSettings; errors: null } | { settings: null; errors: Record<string, string> } {
  const numbers = Object.fromEntries(
    NUMBER_FIELDS.map((f) => [f, draft[f].trim() === '' ? Number.NaN : Number(draft[f])]),
  ) as Record<(typeof NUMBER_FIELDS)[number], number>;
  const parsed = ZFollowUpSettings.safeParse({ ...draft, ...numbers });
  if (parsed.success) return { settings: parsed.data, errors: null };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const key = String(issue.path[0] ?? '_');
    errors[key] ??= Number.isNaN(numbers[key as (typeof NUMBER_FIELDS)[number]])
      ? i18n._('Enter a whole number.')
      : issue.message;
  }
  return { settings: null, errors };
}

export const sameFollowUp = (a: TFollowUpDraft, b: TFollowUpDraft) =>
  (Object.keys(a) as (keyof TFollowUpDraft)[]).every((k) => a[k] === b[k]);

/** Why the fields are off on this plan, and where to change it. */
export function FollowUpUpgradeHint({ access }: { access: TFollowUpPlan }) {
  const to: TPlanId | null = access.upgradeTo;
  const seePlans = <Link to={paths.plan} className="font-medium underline underline-offset-4" />;
  return (
    <p className="flex gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100">
      <Sparkles aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>
        {to ? (
          <Trans
            id="Automatic reminders and expiry warnings are not part of the {plan} plan; they come with {upgrade} and the plans above it. <0>See plans</0>"
            values={{ plan: PLANS[access.plan].name, upgrade: PLANS[to].name }}
            components={{ 0: seePlans }}
          />
        ) : (
          <Trans
            id="Automatic reminders and expiry warnings are not part of the {plan} plan. <0>See plans</0>"
            values={{ plan: PLANS[access.plan].name }}
            components={{ 0: seePlans }}
          />
        )}
      </span>
    </p>
  );
}

function DaysField({
  id,
  label,
  unit,
  value,
  error,
  disabled,
  bounds,
  onChange,
}: {
  id: string;
  label: string;
  unit: string;
  value: string;
  error: string | undefined;
  disabled: boolean;
  bounds: { min: number; max: number };
  onChange: (value: string) => void;
}) {
  return (
    <div className="grid gap-1">
      <div className="flex items-center gap-2">
        <Label htmlFor={id} className="w-24 shrink-0 text-sm font-normal">
          {label}
        </Label>
        <Input
          id={id}
          type="number"
          inputMode="numeric"
          min={bounds.min}
          max={bounds.max}
          step={1}
          value={value}
          disabled={disabled}
          className="h-9 w-20 px-2"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => onChange(e.target.value)}
        />
        <span className="text-muted-foreground text-sm">{unit}</span>
      </div>
      {error ? (
        <p id={`${id}-error`} className="text-destructive text-xs">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * Automatic follow-up: reminders to signers who have not signed (when, how often, how many) and
 * warnings before the valid-until date. Used by the send dialog, the proposal's page and Profile.
 */
export function FollowUpFields({
  draft,
  onChange,
  errors,
  disabled = false,
  timeZone,
}: {
  draft: TFollowUpDraft;
  onChange: (next: TFollowUpDraft) => void;
  errors: Record<string, string>;
  disabled?: boolean;
  /** The owner's time zone, named in the hint; null when it is not saved yet. */
  timeZone: string | null;
}) {
  const { i18n } = useLingui();
  const id = useId();
  const set = (patch: Partial<TFollowUpDraft>) => onChange({ ...draft, ...patch });
  return (
    <div className="grid gap-3">
      <div className="grid gap-2">
        <label htmlFor={`${id}-reminders`} className="flex items-start gap-2 text-sm">
          <Checkbox
            id={`${id}-reminders`}
            checked={draft.reminders}
            disabled={disabled}
            onChange={(e) => set({ reminders: e.target.checked })}
            className="mt-0.5"
          />
          {i18n._('Remind signers who have not signed')}
        </label>
        {draft.reminders ? (
          <div className="grid gap-2 pl-6">
            <DaysField
              id={`${id}-first`}
              label={i18n._('First after')}
              unit={i18n._('days')}
              value={draft.firstAfterDays}
              error={errors.firstAfterDays}
              disabled={disabled}
              bounds={FOLLOW_UP_LIMITS.firstAfterDays}
              onChange={(v) => set({ firstAfterDays: v })}
            />
            <DaysField
              id={`${id}-every`}
              label={i18n._('Then every')}
              unit={i18n._('days')}
              value={draft.everyDays}
              error={errors.everyDays}
              disabled={disabled}
              bounds={FOLLOW_UP_LIMITS.everyDays}
              onChange={(v) => set({ everyDays: v })}
            />
            <DaysField
              id={`${id}-max`}
              label={i18n._('At most')}
              unit={i18n._('reminders')}
              value={draft.maxReminders}
              error={errors.maxReminders}
              disabled={disabled}
              bounds={FOLLOW_UP_LIMITS.maxReminders}
              onChange={(v) => set({ maxReminders: v })}
            />
          </div>
        ) : null}
      </div>
      <label htmlFor={`${id}-expiry`} className="flex items-start gap-2 text-sm">
        <Checkbox
          id={`${id}-expiry`}
          checked={draft.expiryWarnings}
          disabled={disabled}
          onChange={(e) => set({ expiryWarnings: e.target.checked })}
          className="mt-0.5"
        />
        <span>
          {i18n._('Warn before the valid-until date')}
          <span className="text-muted-foreground block text-xs">
            {i18n._('Signers 3 days and 1 day before it; you the day before.')}
          </span>
        </span>
      </label>
      <p className="text-muted-foreground text-xs">
        {i18n._(
          'Emails go out from {hour}:00 {zone}, at most one a day to each signer, and stop once the proposal is accepted, declined, withdrawn or expired. Each one has a link for the client to stop them.',
          { hour: String(FOLLOW_UP_HOUR), zone: timeZone ? `(${timeZone.replaceAll('_', ' ')})` : 'UTC' },
        )}
      </p>
    </div>
  );
}
