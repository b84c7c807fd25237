import { useLingui } from '@lingui/react';
import { useState, type FormEvent } from 'react';
import { FormError } from '@/components/form/form-error';
import { FormField } from '@/components/form/form-field';
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
import { Textarea } from '@/components/ui/input';
import { ApiError } from '@/lib/http';
import { useDeclineProposal } from '../api/decline-proposal';
import { errorMessage } from '../utils/share-error';

/** As the server allows (share-schemas.ts); the messages below say the number. */
const REASON_MAX = 2000;

/**
 * Declining, with an optional reason for the sender. Loaded when first opened: the page's first
 * load stays small (QUALITY P8).
 */
export function DeclineDialog({
  token,
  senderName,
  open,
  onOpenChange,
  onDeclined,
}: {
  token: string;
  senderName: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Once declined and closed: the button that opened the dialog is gone, so the page moves focus. */
  onDeclined: () => void;
}) {
  const { i18n } = useLingui();
  const decline = useDeclineProposal(token);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<{ field?: string; form?: string }>({});

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (reason.trim().length > REASON_MAX) {
      setError({ field: i18n._('Use at most 2000 characters.') });
      return;
    }
    setError({});
    decline.mutate(reason.trim(), {
      onSuccess: () => onOpenChange(false),
      onError: (failure) => {
        const field = failure instanceof ApiError ? failure.fields.reason : undefined;
        setError(field ? { field } : { form: errorMessage(i18n, failure) });
      },
    });
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        onCloseAutoFocus={(event) => {
          if (!decline.isSuccess) return;
          event.preventDefault();
          onDeclined();
        }}
      >
        <form noValidate onSubmit={submit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{i18n._('Decline this proposal?')}</DialogTitle>
            <DialogDescription>
              {i18n._('{sender} will be told that you declined. A reason is optional, and helps them.', {
                sender: senderName,
              })}
            </DialogDescription>
          </DialogHeader>
          <FormField label={i18n._('Reason (optional)')} error={error.field} hint={i18n._('Up to 2000 characters.')}>
            <Textarea value={reason} onChange={(e) => setReason(e.target.value)} maxLength={REASON_MAX} />
          </FormField>
          <FormError message={error.form} />
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline">
                {i18n._('Cancel')}
              </Button>
            </DialogClose>
            <Button type="submit" variant="destructive" disabled={decline.isPending}>
              {decline.isPending ? i18n._('Declining…') : i18n._('Decline proposal')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
