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
  const decline = useDeclineProposal(token);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<{ field?: string; form?: string }>({});

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (reason.trim().length > REASON_MAX) {
      setError({ field: `Use at most ${REASON_MAX} characters.` });
      return;
    }
    setError({});
    decline.mutate(reason.trim(), {
      onSuccess: () => onOpenChange(false),
      onError: (failure) => {
        const field = failure instanceof ApiError ? failure.fields.reason : undefined;
        setError(field ? { field } : { form: failure.message });
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
            <DialogTitle>Decline this proposal?</DialogTitle>
            <DialogDescription>
              {senderName} will be told that you declined. A reason is optional, and helps them.
            </DialogDescription>
          </DialogHeader>
          <FormField label="Reason (optional)" error={error.field} hint={`Up to ${REASON_MAX} characters.`}>
            <Textarea value={reason} onChange={(e) => setReason(e.target.value)} maxLength={REASON_MAX} />
          </FormField>
          <FormError message={error.form} />
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline">
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" variant="destructive" disabled={decline.isPending}>
              {decline.isPending ? 'Declining…' : 'Decline proposal'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
