import { BellRing, Mail } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useLingui } from '@lingui/react';
import { toast } from 'sonner';
import { PLANS, planWithFeature, type TPlanId } from '@draftwell/shared/plans';
import type { TProposal } from '@draftwell/shared/workspace/proposals';
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
import { Label, Textarea } from '@/components/ui/input';
import { paths } from '@/config/paths';
import { isPlanLimitError } from '@/lib/api-client';
import { appI18n } from '@/lib/app-language';
import { useRemindProposal } from '../api/remind-proposal';

/**
 * A reminder to a client who has not answered yet: the same link, a friendly note. Paid plans
 * only; on the others the dialog says so up front and the server refuses with an upgrade offer.
 */
export function RemindDialog({
  proposal,
  plan,
  open,
  onOpenChange,
}: {
  proposal: Pick<TProposal, 'id' | 'client' | 'title'>;
  /** The user's plan, when known: decides whether reminders are offered or explained. */
  plan: TPlanId | undefined;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { i18n } = useLingui();
  const remind = useRemindProposal();
  const [message, setMessage] = useState('');
  const messageId = useId();
  const included = plan === undefined || PLANS[plan].features.viewAnalyticsAndReminders;
  const upgradeTo = planWithFeature('viewAnalyticsAndReminders');

  const close = (next: boolean) => {
    if (!next) remind.reset();
    onOpenChange(next);
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    remind.mutate(
      { id: proposal.id, message: message.trim() },
      {
        onSuccess: () => {
          setMessage('');
          close(false);
          const i18n = appI18n();
          toast.success(i18n._('Reminder sent'), {
            description: i18n._('{email} gets it in a moment.', { email: proposal.client.email }),
          });
        },
      },
    );
  };
  const error = remind.error;
  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent>
        <form onSubmit={onSubmit} className="grid gap-4" aria-label={i18n._('Send a reminder')}>
          <DialogHeader>
            <DialogTitle>{i18n._('Send a reminder')}</DialogTitle>
            <DialogDescription>
              {i18n._(
                'Your client gets a short email about “{title}” with the same link. One reminder a day at most.',
                { title: proposal.title.trim() || i18n._('Untitled proposal') },
              )}
            </DialogDescription>
          </DialogHeader>
          <p className="bg-muted/60 flex items-center gap-2 rounded-md px-3 py-2 text-sm">
            <Mail aria-hidden="true" className="text-muted-foreground size-4 shrink-0" />
            <span className="text-muted-foreground">{i18n._('To')}</span>
            <span className="min-w-0 font-medium break-all">{proposal.client.email}</span>
          </p>
          {included ? (
            <div className="grid gap-2">
              <Label htmlFor={messageId}>{i18n._('Message (optional)')}</Label>
              <Textarea
                id={messageId}
                value={message}
                maxLength={2000}
                rows={3}
                placeholder={i18n._('Happy to answer any questions, or to walk you through it on a call.')}
                onChange={(e) => setMessage(e.target.value)}
              />
            </div>
          ) : (
            <p className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100">
              {upgradeTo
                ? i18n._('Reminders come with {plan} and Business.', { plan: PLANS[upgradeTo].name })
                : i18n._('Reminders come with a paid plan and Business.')}{' '}
              <Link to={paths.plan} className="font-medium underline underline-offset-4">
                {i18n._('See plans')}
              </Link>
            </p>
          )}
          {error && !isPlanLimitError(error) ? (
            <p role="alert" className="text-destructive text-sm">
              {error.message}
            </p>
          ) : null}
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline">
                {i18n._('Cancel')}
              </Button>
            </DialogClose>
            <Button type="submit" disabled={!included || remind.isPending} aria-busy={remind.isPending || undefined}>
              <BellRing aria-hidden="true" />
              {remind.isPending ? i18n._('Sending…') : i18n._('Send reminder')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
