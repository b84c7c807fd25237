import { documentTotals, type TDocument, type TDocumentContext } from '@draftwell/shared/document';
import type { TComparableVersion } from '@draftwell/shared/share/diff';
import {
  SAVED_SECTION_LIMITS,
  type TSavedSection,
  type TSavedSectionPatch,
} from '@draftwell/shared/workspace/saved-sections';
import { useLingui } from '@lingui/react';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Eye, FileQuestion, RotateCw, TriangleAlert } from 'lucide-react';
import { Suspense, useCallback, useId, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '@/components/layouts/page-frame';
import { Button } from '@/components/ui/button';
import { Input, Label } from '@/components/ui/input';
import { paths } from '@/config/paths';
import { LazyConflictDialog as ConflictDialog } from '@/features/editor/autosave/lazy-conflict-dialog';
import { RestoreLocalBanner } from '@/features/editor/autosave/restore-banner';
import { SaveStatus } from '@/features/editor/autosave/save-status';
import { useAutosave } from '@/features/editor/autosave/use-autosave';
import { DocumentPreviewDialog, EditorSkeleton, LazyDocumentEditor } from '@/features/editor/components/editor-parts';
import type { TDocumentEditorHandle } from '@/features/editor/types';
import { useDocumentLocale, useSender } from '@/features/editor/use-sender';
import { sampleContext } from '@/features/templates/utils/sample-context';
import { ApiError } from '@/lib/api-client';
import { useBusinessProfile } from '@/lib/api/business-profile';
import { savedSectionKeys, updateSavedSection, useSavedSection } from '@/lib/api/saved-sections';
import { useSession } from '@/lib/api/session';
import { translated } from '@/lib/translated';

type TSectionChanges = Omit<TSavedSectionPatch, 'version'>;

function SectionNotFound() {
  const { i18n } = useLingui();
  return (
    <EmptyState
      icon={<FileQuestion />}
      title={i18n._('This section does not exist or is not yours')}
      link={{ to: paths.library, label: i18n._('Back to the library') }}
    >
      {i18n._('It may have been deleted, or the link may be mistyped.')}
    </EmptyState>
  );
}

function SectionLoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { i18n } = useLingui();
  return (
    <div role="alert" className="bg-card flex flex-col items-center rounded-lg border px-6 py-10 text-center">
      <TriangleAlert aria-hidden="true" className="text-destructive mb-3 size-6" />
      <h2 className="text-lg font-semibold">{i18n._('This section did not load')}</h2>
      <p className="text-muted-foreground mt-1 text-sm">{message}</p>
      <Button variant="outline" size="sm" className="mt-4" onClick={onRetry}>
        <RotateCw aria-hidden="true" />
        {i18n._('Retry')}
      </Button>
    </div>
  );
}

/** `/library/sections/:id`: one saved section's name, category and content, autosaved. */
export function SectionEditorScreen({ id }: { id: string }) {
  const { i18n } = useLingui();
  const section = useSavedSection(id);
  if (section.isError && !section.data) {
    if (section.error instanceof ApiError && section.error.status === 404) return <SectionNotFound />;
    return <SectionLoadError message={section.error.message} onRetry={() => void section.refetch()} />;
  }
  if (!section.data) return <EditorSkeleton label={i18n._('Loading the section')} />;
  return <SectionEditor loaded={section.data} />;
}

function SectionEditor({ loaded }: { loaded: TSavedSection }) {
  const { i18n } = useLingui();
  const [initial] = useState(loaded);
  const queryClient = useQueryClient();
  const { data: session } = useSession();
  const profile = useBusinessProfile();
  const sender = useSender();
  const locale = useDocumentLocale();
  const editorRef = useRef<TDocumentEditorHandle>(null);
  const [name, setName] = useState(initial.name);
  const [category, setCategory] = useState(initial.category);
  const [previewing, setPreviewing] = useState<TDocument | null>(null);
  const nameId = useId();
  const categoryId = useId();

  const onSaved = useCallback(
    (saved: TSavedSection) => {
      queryClient.setQueryData(savedSectionKeys.detail(saved.id), saved);
      void queryClient.invalidateQueries({ queryKey: savedSectionKeys.lists() });
    },
    [queryClient],
  );
  const autosave = useAutosave<TSavedSection, TSectionChanges>({
    kind: 'section',
    recordId: initial.id,
    userId: session?.user.id ?? 'anonymous',
    record: initial,
    save: (changes, version) => updateSavedSection({ id: initial.id, patch: { ...changes, version } }),
    onSaved,
    onTakenFromOtherTab: (taken) => {
      setName(taken.name);
      setCategory(taken.category);
      editorRef.current?.setDocument(taken.content);
      queryClient.setQueryData(savedSectionKeys.detail(taken.id), taken);
    },
  });

  const context: TDocumentContext = sampleContext({
    title: i18n._('Your proposal'),
    currency: profile.data?.defaultCurrency,
    senderName: sender.name,
    senderCompany: sender.company,
    locale,
  });
  const errors = autosave.status === 'error' && autosave.fieldErrors ? autosave.fieldErrors : {};
  const contentError = Object.entries(errors).find(([key]) => key.startsWith('content'))?.[1];

  const conflict = autosave.conflict;
  const currency = profile.data?.defaultCurrency ?? 'USD';
  const versions = useMemo(() => {
    if (!conflict) return null;
    const merged: TSavedSection = { ...conflict.theirs, ...conflict.mine };
    return { merged, theirs: comparable(conflict.theirs, currency), mine: comparable(merged, currency) };
  }, [conflict, currency]);

  const field = (
    id: string,
    label: string,
    value: string,
    max: number,
    error: string | undefined,
    onChange: (value: string) => void,
    className: string,
  ) => (
    <div className="grid min-w-0 gap-1">
      <Label htmlFor={id} className="text-muted-foreground px-1 text-xs">
        {label}
      </Label>
      <Input
        id={id}
        value={value}
        maxLength={max + 20}
        autoComplete="off"
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={className}
      />
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-destructive px-1 text-sm">
          {translated(i18n, error)}
        </p>
      ) : null}
    </div>
  );

  return (
    <div className="space-y-4">
      <Link
        to={paths.library}
        className="text-muted-foreground hover:text-foreground inline-flex items-center gap-1 text-sm"
      >
        <ArrowLeft className="size-4" aria-hidden="true" /> {i18n._('All sections')}
      </Link>
      <div className="bg-card grid gap-3 rounded-lg border p-4 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_auto] sm:items-end">
        {field(
          nameId,
          i18n._('Section name'),
          name,
          SAVED_SECTION_LIMITS.name,
          errors.name,
          (value) => {
            setName(value);
            autosave.change({ name: value });
          },
          'text-lg font-semibold',
        )}
        {field(
          categoryId,
          i18n._('Category'),
          category,
          SAVED_SECTION_LIMITS.category,
          errors.category,
          (value) => {
            setCategory(value);
            autosave.change({ category: value });
          },
          '',
        )}
        <div className="flex flex-wrap items-center gap-2 sm:justify-end">
          <SaveStatus
            status={autosave.status}
            lastSavedAt={autosave.lastSavedAt}
            error={autosave.error}
            storageAvailable={autosave.storageAvailable}
            onRetry={() => void autosave.flush()}
          />
          <Button variant="outline" onClick={() => setPreviewing(editorRef.current?.getDocument() ?? initial.content)}>
            <Eye aria-hidden="true" /> {i18n._('Preview')}
          </Button>
        </div>
      </div>

      {autosave.localCopy ? (
        <RestoreLocalBanner
          locale={locale}
          savedAt={autosave.localCopy.savedAt}
          onRestore={() => {
            const restored = autosave.restoreLocalCopy();
            if (restored.name !== undefined) setName(restored.name);
            if (restored.category !== undefined) setCategory(restored.category);
            if (restored.content) editorRef.current?.setDocument(restored.content);
          }}
          onDiscard={autosave.discardLocalCopy}
        />
      ) : null}

      {contentError ? (
        <p
          role="alert"
          className="border-destructive/40 bg-destructive/10 text-destructive rounded-md border px-3 py-2 text-sm"
        >
          {contentError}
        </p>
      ) : null}

      <Suspense fallback={<EditorSkeleton label={i18n._('Loading the editor')} />}>
        <LazyDocumentEditor
          initialDocument={initial.content}
          context={context}
          currency={currency}
          defaultTaxRate={profile.data?.defaultTaxRate ?? 0}
          onChange={(read) => autosave.change({ content: read })}
          handleRef={editorRef}
          ariaLabel={i18n._('Section content')}
        />
      </Suspense>

      <DocumentPreviewDialog
        document={previewing}
        context={context}
        onClose={() => setPreviewing(null)}
        description={i18n._('How the section reads in a proposal; the variables show sample values.')}
      />

      {conflict && versions ? (
        <ConflictDialog
          locale={locale}
          open
          title={name}
          mine={versions.mine}
          theirs={versions.theirs}
          theirsUpdatedAt={conflict.theirs.updatedAt}
          busy={autosave.status === 'saving'}
          onKeepMine={() => {
            setName(versions.merged.name);
            setCategory(versions.merged.category);
            if (conflict.mine.content === undefined) editorRef.current?.setDocument(versions.merged.content);
            void autosave.resolveConflict('mine');
          }}
          onKeepTheirs={() => {
            const theirs = autosave.conflict?.theirs;
            void autosave.resolveConflict('theirs');
            if (theirs) {
              setName(theirs.name);
              setCategory(theirs.category);
              editorRef.current?.setDocument(theirs.content);
            }
          }}
        />
      ) : null}
    </div>
  );
}

const NO_CLIENT = { name: '', company: '', email: '', phone: '', address: '' };

/** A section compared as a proposal: its name as the title, its category as the message. */
function comparable(s: TSavedSection, currency: string): TComparableVersion {
  let totals: TComparableVersion['totals'];
  try {
    totals = documentTotals(s.content);
  } catch {
    totals = documentTotals({ ...s.content, blocks: [] });
  }
  return {
    title: s.name,
    client: NO_CLIENT,
    currency,
    validUntil: null,
    message: s.category,
    document: s.content,
    totals,
  };
}
