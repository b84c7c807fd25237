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
import { cutText } from '@draftwell/shared/text';

type TImageAltDialogProps = {
  /** The file waiting for its description, or null when the dialog is closed. */
  file: File | null;
  onCancel: () => void;
  onConfirm: (alt: string) => void;
};

export function defaultAltText(fileName: string): string {
  return cutText(
    fileName
      .replace(/\.[^.]+$/, '')
      .replace(/[-_]+/g, ' ')
      .trim(),
    500,
  );
}

/** Asks for the alt text every image needs (screen readers and the PDF read it) before uploading. */
export function ImageAltDialog({ file, onCancel, onConfirm }: TImageAltDialogProps) {
  return (
    <Dialog open={file !== null} onOpenChange={(open) => !open && onCancel()}>
      <DialogContent>
        {file ? <AltForm key={file.name} file={file} onConfirm={onConfirm} onCancel={onCancel} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function AltForm({
  file,
  onConfirm,
  onCancel,
}: {
  file: File;
  onConfirm: (alt: string) => void;
  onCancel: () => void;
}) {
  const { i18n } = useLingui();
  const id = useId();
  const [alt, setAlt] = useState(() => defaultAltText(file.name));
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (alt.trim() === '') {
      setError(i18n._('Describe the image in a few words.'));
      return;
    }
    onConfirm(alt.trim());
  };
  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <DialogHeader>
        <DialogTitle>{i18n._('Describe the image')}</DialogTitle>
        <DialogDescription>
          {i18n._('A few words for people who cannot see it, e.g. “Our team at the Lisbon office”.')}
        </DialogDescription>
      </DialogHeader>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-alt`}>{i18n._('Alt text')}</Label>
        <Input
          id={`${id}-alt`}
          value={alt}
          maxLength={500}
          onChange={(e) => {
            setAlt(e.target.value);
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
        <Button type="button" variant="ghost" onClick={onCancel}>
          {i18n._('Cancel')}
        </Button>
        <Button type="submit">{i18n._('Upload image')}</Button>
      </DialogFooter>
    </form>
  );
}
