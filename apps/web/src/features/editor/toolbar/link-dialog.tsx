import { useLingui } from '@lingui/react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input, Label } from '@/components/ui/input';
import { isAllowedHref, normalizeHref } from '../model/links';

type TLinkDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The link under the cursor, when there is one. */
  currentHref: string | null;
  onSave: (href: string) => void;
  onRemove: () => void;
};

/** Adds, changes or removes the link on the selected text (Ctrl+K). */
export function LinkDialog({ open, onOpenChange, currentHref, onSave, onRemove }: TLinkDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        {/* Keyed so the field starts from the current link each time the dialog opens. */}
        {open ? <LinkForm key={currentHref ?? ''} {...{ currentHref, onSave, onRemove, onOpenChange }} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function LinkForm({ currentHref, onSave, onRemove, onOpenChange }: Omit<TLinkDialogProps, 'open'>) {
  const { i18n } = useLingui();
  const id = useId();
  const [value, setValue] = useState(currentHref ?? '');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (value.trim() === '') {
      setError(i18n._('Enter a web address or an email address.'));
      return;
    }
    const href = normalizeHref(value);
    if (!isAllowedHref(href)) {
      setError(i18n._('Use a web address (https://…) or an email address (mailto:…), without spaces.'));
      return;
    }
    onSave(href);
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <DialogHeader>
        <DialogTitle>{currentHref ? i18n._('Edit link') : i18n._('Add link')}</DialogTitle>
        <DialogDescription>{i18n._('Links open in a new tab for your client.')}</DialogDescription>
      </DialogHeader>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-href`}>{i18n._('Address')}</Label>
        <Input
          id={`${id}-href`}
          value={value}
          inputMode="url"
          placeholder="https://example.com"
          onChange={(e) => {
            setValue(e.target.value);
            setError(null);
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        {error ? (
          <p id={`${id}-error`} role="alert" className="text-destructive text-sm">
            {error}
          </p>
        ) : null}
      </div>
      <DialogFooter>
        {currentHref ? (
          <Button type="button" variant="outline" className="sm:mr-auto" onClick={onRemove}>
            {i18n._('Remove link')}
          </Button>
        ) : null}
        <Button type="button" variant="ghost" onClick={() => onOpenChange(false)}>
          {i18n._('Cancel')}
        </Button>
        <Button type="submit">{i18n._('Save link')}</Button>
      </DialogFooter>
    </form>
  );
}
