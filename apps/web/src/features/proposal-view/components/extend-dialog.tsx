import type { TProposal } from '@draftwell/shared/workspace/proposals';
import { formatCalendarDate } from '@draftwell/shared/document/variables';
import { useId, useState, type FormEvent } from 'react';
import { useLingui } from '@lingui/react';
import { toast } from 'sonner';
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
import { FormError } from '@/components/form/form-error';
import { Input, Label } from '@/components/ui/input';
import { useExtendProposal } from '@/features/proposal-view/api/extend-proposal';
import { ApiError } from '@/lib/api-client';
import { appI18n } from '@/lib/app-language';
import { isoDateInDays, todayUtc } from '../utils/format';

const EXTEND_BY_DAYS = 14;

/** Two weeks past the current last day, or past today when that has gone by. */
function suggestedDate(validUntil: string | null): string {
  const today = todayUtc();
  const from = validUntil && validUntil > today ? validUntil : today;
  return isoDateInDays(EXTEND_BY_DAYS, from);
}

/** A new valid-until date; an expired proposal opens again for the client. */
export function ExtendDialog({
  proposal,
  open,
  onOpenChange,
}: {
  proposal: Pick<TProposal, 'id' | 'validUntil' | 'status'>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const extend = useExtendProposal();
  const close = (next: boolean) => {
    if (!next) extend.reset();
    onOpenChange(next);
  };
  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent>
        {/* Mounted at each opening: the suggested date starts from the validity as it is then. */}
        <ExtendForm
          proposal={proposal}
          extend={extend}
          onDone={(updated) => {
            close(false);
            const i18n = appI18n();
            toast.success(i18n._('Validity extended'), {
              description: i18n._('Your client can accept it until {date}.', {
                date: formatCalendarDate(updated.validUntil ?? ''),
              }),
            });
          }}
        />
      </DialogContent>
    </Dialog>
  );
}

function ExtendForm({
  proposal,
  extend,
  onDone,
}: {
  proposal: Pick<TProposal, 'id' | 'validUntil' | 'status'>;
  extend: ReturnType<typeof useExtendProposal>;
  onDone: (updated: TProposal) => void;
}) {
  const { i18n } = useLingui();
  const [date, setDate] = useState(() => suggestedDate(proposal.validUntil));
  const dateId = useId();
  const errorId = useId();
  const fieldError = extend.error instanceof ApiError ? (extend.error.fields.validUntil ?? null) : null;
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    // Not mutate's own callbacks: the proposal changes as this succeeds, and they would be lost.
    extend.mutateAsync({ id: proposal.id, validUntil: date }).then(onDone, () => undefined);
  };
  return (
    <form onSubmit={onSubmit} className="grid gap-4" aria-label={i18n._('Extend the validity')}>
      <DialogHeader>
        <DialogTitle>{i18n._('Extend the validity')}</DialogTitle>
        <DialogDescription>
          {proposal.validUntil
            ? i18n._('It is valid until {date}.', { date: formatCalendarDate(proposal.validUntil) })
            : i18n._('It has no valid-until date.')}{' '}
          {proposal.status === 'expired'
            ? i18n._('A new date opens it again for your client, at the same link.')
            : i18n._('Your client can accept it until the new date.')}
        </DialogDescription>
      </DialogHeader>
      <div className="grid gap-2">
        <Label htmlFor={dateId}>{i18n._('Valid until')}</Label>
        <Input
          id={dateId}
          type="date"
          required
          min={todayUtc()}
          value={date}
          onChange={(e) => setDate(e.target.value)}
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={fieldError ? errorId : undefined}
        />
        {fieldError ? (
          <p id={errorId} role="alert" className="text-destructive text-sm">
            {fieldError}
          </p>
        ) : null}
      </div>
      {extend.error && !fieldError ? <FormError message={extend.error.message} /> : null}
      <DialogFooter>
        <DialogClose asChild>
          <Button type="button" variant="outline">
            {i18n._('Cancel')}
          </Button>
        </DialogClose>
        <Button type="submit" disabled={extend.isPending || !date} aria-busy={extend.isPending || undefined}>
          {extend.isPending ? i18n._('Extending…') : i18n._('Extend')}
        </Button>
      </DialogFooter>
    </form>
  );
}
