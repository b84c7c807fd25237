import { TEMPLATE_NAME_MAX, type TTemplate, type TTemplateSummary } from '@draftwell/shared/workspace/templates';
import { useLingui } from '@lingui/react';
import { Loader2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
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
import { Input } from '@/components/ui/input';
import { ApiError, isConflict } from '@/lib/api-client';
import { appI18n } from '@/lib/app-language';

import { useUpdateTemplate } from '../api/template-actions';

function RenameForm({ template, onDone }: { template: TTemplateSummary; onDone: () => void }) {
  const { i18n } = useLingui();
  const [name, setName] = useState(template.name);
  const [version, setVersion] = useState(template.version);
  const [error, setError] = useState<string | undefined>();
  const [notice, setNotice] = useState<string | null>(null);
  const update = useUpdateTemplate();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return setError(i18n._('Enter a name.'));
    if (trimmed.length > TEMPLATE_NAME_MAX)
      return setError(i18n._('Use at most {max} characters for the name.', { max: TEMPLATE_NAME_MAX }));
    setError(undefined);
    update.mutate(
      { id: template.id, patch: { name: trimmed, version } },
      {
        onSuccess: (saved) => {
          const i18n = appI18n();
          toast.success(i18n._('Template renamed'), {
            description: i18n._('It is now called “{name}”.', { name: saved.name }),
          });
          onDone();
        },
        onError: (failure) => {
          if (isConflict<TTemplate>(failure)) {
            // Keep what the user typed; the next save goes against the version that is there now.
            setVersion(failure.current.version);
            const i18n = appI18n();
            setNotice(
              i18n._(
                'This template was changed elsewhere meanwhile; it is now called “{name}”. Save again to use your name instead.',
                { name: failure.current.name },
              ),
            );
            return;
          }
          setError(failure instanceof ApiError ? (failure.fields.name ?? failure.message) : failure.message);
        },
      },
    );
  };

  return (
    <form onSubmit={submit} className="grid gap-4" noValidate>
      {notice ? (
        <p
          role="alert"
          className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-400/40 dark:bg-amber-400/10 dark:text-amber-200"
        >
          {notice}
        </p>
      ) : null}
      <FormField label={i18n._('Name')} error={error}>
        <Input
          value={name}
          maxLength={TEMPLATE_NAME_MAX + 20}
          onChange={(event) => setName(event.target.value)}
          autoComplete="off"
          // eslint-disable-next-line jsx-a11y/no-autofocus -- the dialog opens to type a name
          autoFocus
        />
      </FormField>
      <DialogFooter>
        <DialogClose asChild>
          <Button type="button" variant="outline">
            {i18n._('Cancel')}
          </Button>
        </DialogClose>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
          {i18n._('Save name')}
        </Button>
      </DialogFooter>
    </form>
  );
}

export function RenameTemplateDialog({
  template,
  onOpenChange,
}: {
  template: TTemplateSummary | null;
  onOpenChange: (open: boolean) => void;
}) {
  const { i18n } = useLingui();
  return (
    <Dialog open={template !== null} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{i18n._('Rename template')}</DialogTitle>
          <DialogDescription>
            {i18n._('The name shows in your gallery; proposals made from it keep their own titles.')}
          </DialogDescription>
        </DialogHeader>
        {template ? <RenameForm key={template.id} template={template} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}
