import { formatCalendarDate } from '@draftwell/shared/document/variables';
import type { I18n } from '@draftwell/shared/i18n/i18n';
import { describeFollowUp, type TFollowUpSigner, type TProposalFollowUp } from '@draftwell/shared/workspace/follow-up';
import type { TProposalStatus } from '@draftwell/shared/workspace/proposals';
import { BellOff, BellRing, CircleCheck, Clock, RotateCw } from 'lucide-react';
import { useLingui } from '@lingui/react';
import { useState, type FormEvent } from 'react';
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
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api-client';
import { appI18n } from '@/lib/app-language';
import { useFollowUpDefaults, useProposalFollowUp, useSaveProposalFollowUp } from '@/lib/api/follow-up';

const closedNotes = (i18n: I18n): Partial<Record<TProposalStatus, string>> => ({
  accepted: i18n._('It is accepted, so nothing more goes out.'),
  declined: i18n._('It was declined, so nothing more goes out.'),
  expired: i18n._('It expired, so nothing more goes out. Extending it starts them again.'),
  draft: i18n._('It is withdrawn, so nothing goes out until you send it again.'),
});

function SignerLine({ signer }: { signer: TFollowUpSigner }) {
  const { i18n } = useLingui();
  let state;
  if (signer.state === 'signed') {
    state = (
      <span className="text-success inline-flex items-center gap-1">
        <CircleCheck aria-hidden="true" className="size-3.5" /> {i18n._('Signed')}
      </span>
    );
  } else if (signer.state === 'stopped') {
    state = (
      <span className="inline-flex items-center gap-1">
        <BellOff aria-hidden="true" className="size-3.5" />{' '}
        {signer.stoppedAt
          ? i18n._('Stopped automatic emails on {date}', { date: formatCalendarDate(signer.stoppedAt.slice(0, 10)) })
          : i18n._('Stopped automatic emails')}
      </span>
    );
  } else if (signer.state === 'not_yet') {
    state = (
      <span className="inline-flex items-center gap-1">
        <Clock aria-hidden="true" className="size-3.5" /> {i18n._('Not their turn yet')}
      </span>
    );
  } else {
    const count = signer.remindersSent;
    state = (
      <span>
        {signer.nextReminderOn
          ? i18n._('{count, plural, one {# reminder sent; next on {date}} other {# reminders sent; next on {date}}}', {
              count,
              date: formatCalendarDate(signer.nextReminderOn),
            })
          : i18n._(
              '{count, plural, one {# reminder sent; no more planned} other {# reminders sent; no more planned}}',
              {
                count,
              },
            )}
      </span>
    );
  }
  return (
    <li className="grid gap-0.5 py-2 text-sm first:pt-0 last:pb-0">
      <span className="font-medium wrap-anywhere">{signer.name || signer.email}</span>
      <span className="text-muted-foreground text-xs">{state}</span>
    </li>
  );
}

function FollowUpEditor({ data, onDone }: { data: TProposalFollowUp; onDone: () => void }) {
  const { i18n } = useLingui();
  const save = useSaveProposalFollowUp();
  const defaults = useFollowUpDefaults();
  const [draft, setDraft] = useState<TFollowUpDraft>(() => followUpDraftOf(data.settings));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setMessage(null);
    const checked = checkFollowUpDraft(draft);
    setErrors(checked.errors ?? {});
    if (!checked.settings) return;
    try {
      await save.mutateAsync({ id: data.proposalId, ...checked.settings, version: data.version });
      const i18n = appI18n();
      toast.success(i18n._('Follow-up saved'), {
        description: i18n._('{summary}.', { summary: describeFollowUp(i18n, checked.settings) }),
      });
      onDone();
    } catch (error) {
      const e = error instanceof ApiError ? error : null;
      setErrors(e?.fields ?? {});
      const i18n = appI18n();
      setMessage(e?.message ?? i18n._('Something went wrong. Try again.'));
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-3" aria-label={i18n._('Automatic follow-up')}>
      <FollowUpFields draft={draft} onChange={setDraft} errors={errors} timeZone={data.timeZone} />
      {message ? (
        <p role="alert" className="text-destructive text-sm">
          {message}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={save.isPending} aria-busy={save.isPending || undefined}>
          {save.isPending ? i18n._('Saving…') : i18n._('Save')}
        </Button>
        <Button type="button" size="sm" variant="outline" onClick={onDone}>
          {i18n._('Cancel')}
        </Button>
        <Button
          type="button"
          size="sm"
          variant="ghost"
          disabled={!defaults.data}
          onClick={() => defaults.data && setDraft(followUpDraftOf(defaults.data))}
        >
          {i18n._('Use my defaults')}
        </Button>
      </div>
    </form>
  );
}

/**
 * The proposal's automatic follow-up: what is set, where each client signer stands (reminders
 * sent, the next one's day, stopped by them), and changing it for this proposal.
 */
export function FollowUpCard({ proposalId, status }: { proposalId: string; status: TProposalStatus }) {
  const { i18n } = useLingui();
  const followUp = useProposalFollowUp(proposalId);
  const [editing, setEditing] = useState(false);
  let body;
  if (followUp.isPending) {
    body = (
      <div role="status" aria-label={i18n._('Loading the follow-up')} className="space-y-3">
        <Skeleton className="h-4 w-5/6" />
        <Skeleton className="h-4 w-2/3" />
        <Skeleton className="h-4 w-3/4" />
      </div>
    );
  } else if (followUp.isError) {
    body = (
      <div role="alert" className="text-sm">
        <p className="text-destructive">
          {i18n._('The follow-up did not load.')} {followUp.error.message}
        </p>
        <Button variant="outline" size="sm" className="mt-2" onClick={() => void followUp.refetch()}>
          <RotateCw aria-hidden="true" /> {i18n._('Retry')}
        </Button>
      </div>
    );
  } else {
    const data = followUp.data;
    const off = !data.settings.reminders && !data.settings.expiryWarnings;
    const closed = data.active ? null : (closedNotes(i18n)[status] ?? i18n._('Nothing more goes out.'));
    body = (
      <div className="grid gap-3">
        {data.access.included ? null : <FollowUpUpgradeHint access={data.access} />}
        {editing && data.access.included ? (
          <FollowUpEditor data={data} onDone={() => setEditing(false)} />
        ) : (
          <>
            <p className="text-sm">
              {i18n._('{summary}.', { summary: describeFollowUp(i18n, data.settings) })}
              {closed ? ` ${closed}` : ''}
            </p>
            {data.signers.length > 0 && !off && data.access.included ? (
              <ul aria-label={i18n._('Follow-up by signer')} className="divide-y">
                {data.signers.map((s) => (
                  <SignerLine key={s.id} signer={s} />
                ))}
              </ul>
            ) : null}
            {data.access.included && status !== 'accepted' ? (
              <Button variant="outline" size="sm" className="justify-self-start" onClick={() => setEditing(true)}>
                {i18n._('Change')}
              </Button>
            ) : null}
          </>
        )}
      </div>
    );
  }
  return (
    <Card role="region" aria-labelledby="proposal-follow-up-heading">
      <CardHeader className="pb-3">
        <CardTitle id="proposal-follow-up-heading" className="flex items-center gap-2 text-base">
          <BellRing aria-hidden="true" className="size-4" /> {i18n._('Automatic follow-up')}
        </CardTitle>
        <CardDescription>
          {i18n._('Reminders to signers who have not signed, and warnings before it expires.')}
        </CardDescription>
      </CardHeader>
      <CardContent>{body}</CardContent>
    </Card>
  );
}
