import type { TProposal } from '@draftwell/shared/workspace/proposals';
import { useLingui } from '@lingui/react';
import { toast } from 'sonner';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/form/form-error';
import { appI18n } from '@/lib/app-language';
import { useWithdrawProposal } from '@/features/proposal-view/api/withdraw-proposal';

/** Asks first: withdrawing closes the client's link until the proposal is sent again. */
export function WithdrawDialog({
  proposal,
  open,
  onOpenChange,
}: {
  proposal: Pick<TProposal, 'id' | 'title'>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { i18n } = useLingui();
  const withdraw = useWithdrawProposal();
  const close = (next: boolean) => {
    if (!next) withdraw.reset();
    onOpenChange(next);
  };
  const onConfirm = () =>
    withdraw.mutate(proposal.id, {
      onSuccess: () => {
        close(false);
        const i18n = appI18n();
        toast.success(i18n._('Proposal withdrawn'), {
          description: i18n._('It is a draft again; the client’s link says it was withdrawn until you send it again.'),
        });
      },
    });
  return (
    <AlertDialog open={open} onOpenChange={close}>
      <AlertDialogContent>
        <AlertDialogTitle>
          {i18n._('Withdraw “{title}”?', { title: proposal.title.trim() || i18n._('Untitled proposal') })}
        </AlertDialogTitle>
        <AlertDialogDescription>
          {i18n._(
            'Your client can no longer open or accept it: the link says you withdrew it. The proposal goes back to draft, so you can change it and send it again at the same link.',
          )}
        </AlertDialogDescription>
        <FormError message={withdraw.error?.message} />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <AlertDialogCancel asChild>
            <Button variant="outline">{i18n._('Keep it sent')}</Button>
          </AlertDialogCancel>
          {/* Not AlertDialogAction: that would close the dialog before the answer comes. */}
          <Button
            variant="destructive"
            onClick={onConfirm}
            disabled={withdraw.isPending}
            aria-busy={withdraw.isPending || undefined}
          >
            {withdraw.isPending ? i18n._('Withdrawing…') : i18n._('Withdraw')}
          </Button>
        </div>
      </AlertDialogContent>
    </AlertDialog>
  );
}
