import { zodResolver } from '@hookform/resolvers/zod';
import type { TBlock } from '@draftwell/shared/document';
import {
  SAVED_SECTION_LIMITS,
  ZSavedSectionContent,
  ZSavedSectionDetails,
  type TSavedSection,
  type TSavedSectionDetails,
} from '@draftwell/shared/workspace/saved-sections';
import { useLingui } from '@lingui/react';
import { Loader2 } from 'lucide-react';
import { useId, useMemo } from 'react';
import { useForm } from 'react-hook-form';
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
import { Input } from '@/components/ui/input';
import { ApiError } from '@/lib/api-client';
import { appI18n } from '@/lib/app-language';
import { useCreateSavedSection, useSavedSectionCategories } from '@/lib/api/saved-sections';
import { describeBlocks, suggestedSectionName } from '../model/section-blocks';

/** Why these blocks cannot be a section (too many, too long), checked before asking the server. */
function contentProblem(blocks: readonly TBlock[]): string | null {
  const parsed = ZSavedSectionContent.safeParse({ version: 1, blocks });
  if (parsed.success) return null;
  const i18n = appI18n();
  return parsed.error.issues[0]?.message ?? i18n._('These blocks cannot be saved as a section.');
}

function SaveSectionForm({ blocks, onSaved }: { blocks: TBlock[]; onSaved: (section: TSavedSection) => void }) {
  const { i18n } = useLingui();
  const categories = useSavedSectionCategories();
  const create = useCreateSavedSection();
  const listId = useId();
  const problem = useMemo(() => contentProblem(blocks), [blocks]);
  const form = useForm<TSavedSectionDetails>({
    resolver: zodResolver(ZSavedSectionDetails),
    defaultValues: { name: suggestedSectionName(blocks, SAVED_SECTION_LIMITS.name), category: '' },
  });
  const submit = form.handleSubmit(async (values) => {
    if (problem) return;
    await create.mutateAsync({ ...values, content: { version: 1, blocks } }).then(onSaved, (err: unknown) => {
      const e = err instanceof ApiError ? err : null;
      const fields = (['name', 'category'] as const).filter((f) => e?.fields[f]);
      for (const f of fields) form.setError(f, { message: e!.fields[f] });
      if (fields.length > 0) return;
      const content = Object.entries(e?.fields ?? {}).find(([key]) => key.startsWith('content'))?.[1];
      const i18n = appI18n();
      form.setError('root', { message: content ?? e?.message ?? i18n._('The section was not saved. Try again.') });
    });
  });
  const { errors, isSubmitting } = form.formState;
  const names = categories.data?.categories.map((c) => c.name) ?? [];

  return (
    <form onSubmit={submit} noValidate className="grid gap-4" aria-label={i18n._('Save as section')}>
      <p className="bg-muted/60 rounded-md px-3 py-2 text-sm">
        {i18n._('Saves {blocks}. Variables stay variables, filled in on each proposal.', {
          blocks: describeBlocks(blocks),
        })}
      </p>
      <FormField label={i18n._('Name')} error={errors.name?.message}>
        {/* eslint-disable-next-line jsx-a11y/no-autofocus -- the dialog opens to name the section */}
        <Input autoComplete="off" maxLength={SAVED_SECTION_LIMITS.name + 20} autoFocus {...form.register('name')} />
      </FormField>
      <FormField
        label={i18n._('Category')}
        error={errors.category?.message}
        hint={i18n._('Groups it in your library, like About us, Process or Terms. Pick one you use or type a new one.')}
      >
        <Input
          autoComplete="off"
          list={listId}
          maxLength={SAVED_SECTION_LIMITS.category + 20}
          {...form.register('category')}
        />
      </FormField>
      <datalist id={listId}>
        {names.map((c) => (
          <option key={c} value={c} />
        ))}
      </datalist>
      <FormError message={problem ?? errors.root?.message} />
      <DialogFooter>
        <DialogClose asChild>
          <Button type="button" variant="outline">
            {i18n._('Cancel')}
          </Button>
        </DialogClose>
        <Button type="submit" disabled={isSubmitting || problem !== null}>
          {isSubmitting ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
          {i18n._('Save section')}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** "Save as section": the selected blocks under a name and a category, in the user's library. */
export function SaveSectionDialog({
  blocks,
  onOpenChange,
  onSaved,
}: {
  /** What will be saved; null while closed. */
  blocks: TBlock[] | null;
  onOpenChange: (open: boolean) => void;
  onSaved: (section: TSavedSection) => void;
}) {
  const { i18n } = useLingui();
  return (
    <Dialog open={blocks !== null} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{i18n._('Save as section')}</DialogTitle>
          <DialogDescription>
            {i18n._('Keep these blocks in your library to insert them into any proposal or template.')}
          </DialogDescription>
        </DialogHeader>
        {blocks ? <SaveSectionForm blocks={blocks} onSaved={onSaved} /> : null}
      </DialogContent>
    </Dialog>
  );
}
