import { runtimeTimeZone } from '@draftwell/shared/i18n/format';
import { describeFollowUp, type TFollowUpDefaults } from '@draftwell/shared/workspace/follow-up';
import { useLingui } from '@lingui/react';
import { RotateCw } from 'lucide-react';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import {
  FollowUpFields,
  FollowUpUpgradeHint,
  checkFollowUpDraft,
  followUpDraftOf,
  type TFollowUpDraft,
} from '@/components/follow-up/follow-up-fields';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError, isConflict } from '@/lib/api-client';
import { useFollowUpDefaults, useSaveFollowUpDefaults } from '@/lib/api/follow-up';

/** This device's time zone, offered until one is saved. */
const deviceTimeZone = runtimeTimeZone;

/** Every zone the browser knows, with the saved one and UTC among them whatever the browser says. */
function timeZoneChoices(extra: string[]): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set(['UTC', ...known, ...extra])].sort((a, b) =>
    a === 'UTC' ? -1 : b === 'UTC' ? 1 : a.localeCompare(b),
  );
}

function DefaultsForm({ defaults }: { defaults: TFollowUpDefaults }) {
  const { i18n } = useLingui();
  const id = useId();
  const save = useSaveFollowUpDefaults();
  const [draft, setDraft] = useState<TFollowUpDraft>(() => followUpDraftOf(defaults));
  const [timeZone, setTimeZone] = useState(() => defaults.timeZone ?? deviceTimeZone());
  const [version, setVersion] = useState(defaults.version);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const zones = useMemo(() => timeZoneChoices([timeZone]), [timeZone]);
  const disabled = !defaults.access.included;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setMessage(null);
    const checked = checkFollowUpDraft(draft);
    setErrors(checked.errors ?? {});
    if (!checked.settings) return;
    try {
      const saved = await save.mutateAsync({ ...checked.settings, timeZone, version });
      setVersion(saved.version);
      toast.success(i18n._('Follow-up defaults saved'), {
        description: i18n._('{summary}. Proposals you send from now on take them.', {
          summary: describeFollowUp(i18n, saved),
        }),
      });
    } catch (error) {
      if (isConflict<TFollowUpDefaults>(error)) {
        setDraft(followUpDraftOf(error.current));
        setTimeZone(error.current.timeZone ?? timeZone);
        setVersion(error.current.version);
        setMessage(
          i18n._('They were changed elsewhere meanwhile: here they are as they are now. Save again to replace them.'),
        );
        return;
      }
      const e = error instanceof ApiError ? error : null;
      setErrors(e?.fields ?? {});
      setMessage(e?.message ?? i18n._('Something went wrong. Try again.'));
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-4" aria-label={i18n._('Follow-up defaults')}>
      {disabled ? <FollowUpUpgradeHint access={defaults.access} /> : null}
      <div className="grid gap-2">
        <Label htmlFor={`${id}-tz`}>{i18n._('Your time zone')}</Label>
        <Select
          id={`${id}-tz`}
          value={timeZone}
          disabled={disabled}
          onChange={(e) => setTimeZone(e.target.value)}
          aria-invalid={errors.timeZone ? true : undefined}
          aria-describedby={`${id}-tz-hint`}
        >
          {zones.map((zone) => (
            <option key={zone} value={zone}>
              {zone.replaceAll('_', ' ')}
            </option>
          ))}
        </Select>
        <p
          id={`${id}-tz-hint`}
          className={errors.timeZone ? 'text-destructive text-sm' : 'text-muted-foreground text-xs'}
        >
          {errors.timeZone ??
            (defaults.timeZone
              ? i18n._('Days count from midnight here.')
              : i18n._('Not saved yet: until you save, days count in UTC. This device’s time zone is selected.'))}
        </p>
      </div>
      <FollowUpFields draft={draft} onChange={setDraft} errors={errors} disabled={disabled} timeZone={timeZone} />
      {message ? (
        <p role="alert" className="text-destructive text-sm">
          {message}
        </p>
      ) : null}
      <Button
        type="submit"
        className="justify-self-start"
        disabled={disabled || save.isPending}
        aria-busy={save.isPending || undefined}
      >
        {save.isPending ? i18n._('Saving…') : i18n._('Save follow-up defaults')}
      </Button>
    </form>
  );
}

/** Profile → Business profile: the follow-up every proposal takes when it is first sent. */
export function FollowUpDefaultsCard() {
  const { i18n } = useLingui();
  const defaults = useFollowUpDefaults();
  let body;
  if (defaults.isPending) {
    body = (
      <div role="status" aria-label={i18n._('Loading your follow-up defaults')} className="grid gap-3">
        <Skeleton className="h-4 w-24" />
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-5 w-2/3" />
        <Skeleton className="h-5 w-1/2" />
      </div>
    );
  } else if (defaults.isError) {
    body = (
      <div role="alert" className="text-sm">
        <p className="text-destructive">
          {i18n._('Your follow-up defaults did not load. {reason}', { reason: defaults.error.message })}
        </p>
        <Button variant="outline" size="sm" className="mt-2" onClick={() => void defaults.refetch()}>
          <RotateCw aria-hidden="true" /> {i18n._('Retry')}
        </Button>
      </div>
    );
  } else {
    body = <DefaultsForm defaults={defaults.data} />;
  }
  return (
    <Card>
      <CardHeader>
        <CardTitle>{i18n._('Automatic follow-up')}</CardTitle>
        <CardDescription>
          {i18n._(
            'Reminders to signers who have not signed, and warnings before a proposal expires. Each proposal takes these when you first send it; change one proposal’s on its page or in the send dialog.',
          )}
        </CardDescription>
      </CardHeader>
      <CardContent>{body}</CardContent>
    </Card>
  );
}
