import { documentTotals, type TDocument, type TDocumentContext } from '@draftwell/shared/document';
import type { TComparableVersion } from '@draftwell/shared/share/diff';
import type { TTemplate, TTemplatePatch } from '@draftwell/shared/workspace/templates';
import { useLingui } from '@lingui/react';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Eye, FileQuestion } from 'lucide-react';
import { Suspense, useCallback, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '@/components/layouts/page-frame';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { LazyConflictDialog as ConflictDialog } from '@/features/editor/autosave/lazy-conflict-dialog';
import { RestoreLocalBanner } from '@/features/editor/autosave/restore-banner';
import { SaveStatus } from '@/features/editor/autosave/save-status';
import { useAutosave } from '@/features/editor/autosave/use-autosave';
import { DocumentPreviewDialog, EditorSkeleton, LazyDocumentEditor } from '@/features/editor/components/editor-parts';
import type { TDocumentEditorHandle } from '@/features/editor/types';
import { useDocumentLocale, useSender } from '@/features/editor/use-sender';
import { ProposalLoadError } from '@/features/proposals/components/proposal-load-states';
import { useTemplate } from '@/features/templates/api/get-template';
import { updateTemplate } from '@/features/templates/api/template-actions';
import { sampleContext } from '@/features/templates/utils/sample-context';
import { ApiError } from '@/lib/api-client';
import { useBusinessProfile } from '@/lib/api/business-profile';
import { templateKeys } from '@/lib/api/query-keys';
import { useSession } from '@/lib/api/session';
import { translated } from '@/lib/translated';

type TTemplateChanges = Omit<TTemplatePatch, 'version'>;

function TemplateNotFound({ starter }: { starter: boolean }) {
  const { i18n } = useLingui();
  return (
    <EmptyState
      icon={<FileQuestion />}
      title={
        starter ? i18n._('Starter templates cannot be edited') : i18n._('This template does not exist or is not yours')
      }
      link={{ to: paths.templates, label: i18n._('Back to the templates') }}
    >
      {starter
        ? i18n._('Duplicate the starter from the templates screen, then edit your own copy.')
        : i18n._('It may have been deleted, or the link may be mistyped.')}
    </EmptyState>
  );
}

/** `/templates/:id/edit`: one of the user's own templates in the same editor as proposals. */
export function TemplateEditorScreen({ id }: { id: string }) {
  const { i18n } = useLingui();
  const template = useTemplate(id);
  if (template.isError && !template.data) {
    if (template.error instanceof ApiError && template.error.status === 404) {
      return <TemplateNotFound starter={id.startsWith('starter-')} />;
    }
    return <ProposalLoadError message={template.error.message} onRetry={() => void template.refetch()} />;
  }
  if (!template.data) return <EditorSkeleton label={i18n._('Loading the template')} />;
  if (template.data.kind === 'starter') return <TemplateNotFound starter />;
  return <TemplateEditor loaded={template.data} />;
}

function TemplateEditor({ loaded }: { loaded: TTemplate }) {
  const { i18n } = useLingui();
  const [initial] = useState(loaded);
  const queryClient = useQueryClient();
  const { data: session } = useSession();
  const profile = useBusinessProfile();
  const sender = useSender();
  const locale = useDocumentLocale();
  const editorRef = useRef<TDocumentEditorHandle>(null);
  const [name, setName] = useState(initial.name);
  const [previewing, setPreviewing] = useState<TDocument | null>(null);

  const onSaved = useCallback(
    (saved: TTemplate) => {
      queryClient.setQueryData(templateKeys.detail(saved.id), saved);
      void queryClient.invalidateQueries({ queryKey: templateKeys.lists() });
    },
    [queryClient],
  );
  const autosave = useAutosave<TTemplate, TTemplateChanges>({
    kind: 'template',
    recordId: initial.id,
    userId: session?.user.id ?? 'anonymous',
    record: initial,
    save: (changes, version) => updateTemplate({ id: initial.id, patch: { ...changes, version } }),
    onSaved,
    onTakenFromOtherTab: (taken) => {
      setName(taken.name);
      editorRef.current?.setDocument(taken.document);
      queryClient.setQueryData(templateKeys.detail(taken.id), taken);
    },
  });

  const context: TDocumentContext = sampleContext({
    title: name,
    currency: profile.data?.defaultCurrency,
    senderName: sender.name,
    senderCompany: sender.company,
    locale,
  });
  const errors = autosave.status === 'error' && autosave.fieldErrors ? autosave.fieldErrors : {};

  /** Both sides of a conflict; "mine" is what Keep my version leaves: theirs with my changes on top. */
  const conflict = autosave.conflict;
  const currency = profile.data?.defaultCurrency ?? 'USD';
  const versions = useMemo(() => {
    if (!conflict) return null;
    const merged: TTemplate = { ...conflict.theirs, ...conflict.mine };
    return { merged, theirs: comparable(conflict.theirs, currency), mine: comparable(merged, currency) };
  }, [conflict, currency]);

  return (
    <div className="space-y-4">
      <Link
        to={paths.templates}
        className="text-muted-foreground hover:text-foreground inline-flex items-center gap-1 text-sm"
      >
        <ArrowLeft className="size-4" aria-hidden="true" /> {i18n._('All templates')}
      </Link>
      <div className="bg-card flex flex-wrap items-center gap-3 rounded-lg border p-4">
        <div className="min-w-0 flex-1 basis-64">
          <label htmlFor="template-name" className="text-muted-foreground px-1 text-xs font-medium">
            {i18n._('Template name')}
          </label>
          <input
            id="template-name"
            value={name}
            maxLength={120}
            onChange={(e) => {
              setName(e.target.value);
              autosave.change({ name: e.target.value });
            }}
            aria-invalid={errors.name ? true : undefined}
            className="focus-visible:ring-ring w-full rounded-md bg-transparent px-1 py-1 text-xl font-semibold outline-none focus-visible:ring-2"
          />
          {errors.name ? (
            <p role="alert" className="text-destructive px-1 text-sm">
              {translated(i18n, errors.name)}
            </p>
          ) : null}
        </div>
        <SaveStatus
          status={autosave.status}
          lastSavedAt={autosave.lastSavedAt}
          error={autosave.error}
          storageAvailable={autosave.storageAvailable}
          onRetry={() => void autosave.flush()}
        />
        <Button variant="outline" onClick={() => setPreviewing(editorRef.current?.getDocument() ?? initial.document)}>
          <Eye aria-hidden="true" /> {i18n._('Preview')}
        </Button>
      </div>

      {autosave.localCopy ? (
        <RestoreLocalBanner
          locale={locale}
          savedAt={autosave.localCopy.savedAt}
          onRestore={() => {
            const restored = autosave.restoreLocalCopy();
            if (restored.name !== undefined) setName(restored.name);
            if (restored.document) editorRef.current?.setDocument(restored.document);
          }}
          onDiscard={autosave.discardLocalCopy}
        />
      ) : null}

      <Suspense fallback={<EditorSkeleton label={i18n._('Loading the editor')} />}>
        <LazyDocumentEditor
          initialDocument={initial.document}
          context={context}
          currency={profile.data?.defaultCurrency ?? 'USD'}
          defaultTaxRate={profile.data?.defaultTaxRate ?? 0}
          onChange={(read) => autosave.change({ document: read })}
          handleRef={editorRef}
          ariaLabel={i18n._('Template content')}
        />
      </Suspense>

      <DocumentPreviewDialog
        document={previewing}
        context={context}
        onClose={() => setPreviewing(null)}
        description={i18n._('How a proposal made from this template starts; the variables show sample values.')}
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
            // What the other side changed and this tab did not stays theirs: show it so.
            setName(versions.merged.name);
            if (conflict.mine.document === undefined) editorRef.current?.setDocument(versions.merged.document);
            void autosave.resolveConflict('mine');
          }}
          onKeepTheirs={() => {
            const theirs = autosave.conflict?.theirs;
            void autosave.resolveConflict('theirs');
            if (theirs) {
              setName(theirs.name);
              editorRef.current?.setDocument(theirs.document);
            }
          }}
        />
      ) : null}
    </div>
  );
}

const NO_CLIENT = { name: '', company: '', email: '', phone: '', address: '' };

/** A template compared as a proposal: its name as the title; it has no client, validity or message. */
function comparable(t: TTemplate, currency: string): TComparableVersion {
  let totals: TComparableVersion['totals'];
  try {
    totals = documentTotals(t.document);
  } catch {
    totals = documentTotals({ ...t.document, blocks: [] });
  }
  return { title: t.name, client: NO_CLIENT, currency, validUntil: null, message: '', document: t.document, totals };
}
