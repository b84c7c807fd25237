import { documentTotals, type TDocument, type TDocumentContext } from '@draftwell/shared/document';
import type { TComparableVersion } from '@draftwell/shared/share/diff';
import type { TProposal, TProposalPatch } from '@draftwell/shared/workspace/proposals';
import type { TTemplate } from '@draftwell/shared/workspace/templates';
import { useLingui } from '@lingui/react';
import { useQueryClient } from '@tanstack/react-query';
import { Copy, Eye, FileCheck2, LayoutTemplate, MoreHorizontal, Send, Trash2 } from 'lucide-react';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { PlanBrandingNote } from '@/components/plan-branding-note';
import { ProposalStatusBadge } from '@/components/proposal-status-badge';
import { paths } from '@/config/paths';
import { useDrafter } from '@/features/drafting/api/get-drafter';
import { rewriteSection } from '@/features/drafting/api/rewrite-section';
import { useDraftWriting } from '@/features/drafting/writing/draft-writing';
import { LazyConflictDialog as ConflictDialog } from '@/features/editor/autosave/lazy-conflict-dialog';
import { RestoreLocalBanner } from '@/features/editor/autosave/restore-banner';
import { SaveStatus } from '@/features/editor/autosave/save-status';
import { useAutosave } from '@/features/editor/autosave/use-autosave';
import { DocumentPreviewDialog, EditorSkeleton, LazyDocumentEditor } from '@/features/editor/components/editor-parts';
import { ProposalDetailsFields, type TProposalFields } from '@/features/editor/components/proposal-details-fields';
import type { TDocumentEditorHandle } from '@/features/editor/types';
import { useDocumentLocale, useSender } from '@/features/editor/use-sender';
import { ProposalLoadError, ProposalNotFound } from '@/features/proposals/components/proposal-load-states';
import { useDeleteProposalWithUndo } from '@/features/proposals/hooks/use-delete-with-undo';
import { isProposalId } from '@/features/proposals/utils/is-proposal-id';
import { SaveAsTemplateDialog } from '@/features/templates/components/save-as-template-dialog';
import { ApiError } from '@/lib/api-client';
import { useBusinessProfile } from '@/lib/api/business-profile';
import { saveProposal, useDuplicateProposal, useProposal } from '@/lib/api/proposal';
import { invalidateProposalSummaries, proposalKeys } from '@/lib/api/query-keys';
import { useSession } from '@/lib/api/session';
import { useShownBranding } from '@/lib/use-shown-branding';
import { DraftWritingScreen } from './draft-writing-screen';
import { translated } from '@/lib/translated';

// Its own chunk, fetched when Send is first pressed: the signers, payment and follow-up options
// are the screen's largest part and most visits never send (QUALITY P8, the app shell).
const SendProposalDialog = lazy(() =>
  import('@/features/proposals/components/send-proposal-dialog').then((m) => ({ default: m.SendProposalDialog })),
);

type TProposalChanges = Omit<TProposalPatch, 'version' | 'saveKey'>;

/** `/edit-draft/:id`: the proposal's fields and its document, autosaved. */
export function DraftEditorScreen({ id }: { id: string }) {
  const { i18n } = useLingui();
  const valid = isProposalId(id);
  // A draft the AI model is writing right now shows as it is written; the record waits for the end.
  const writing = useDraftWriting(id);
  const proposal = useProposal(id, { enabled: valid && !writing });
  if (!valid) return <ProposalNotFound />;
  if (writing) return <DraftWritingScreen writing={writing} />;
  if (proposal.isError && !proposal.data) {
    if (proposal.error instanceof ApiError && proposal.error.status === 404) return <ProposalNotFound />;
    return <ProposalLoadError message={proposal.error.message} onRetry={() => void proposal.refetch()} />;
  }
  if (!proposal.data) return <EditorSkeleton label={i18n._('Loading the proposal')} />;
  return <ProposalEditor loaded={proposal.data} />;
}

function fieldsOf(p: TProposal): TProposalFields {
  return {
    title: p.title,
    client: p.client,
    clientId: p.clientId,
    currency: p.currency,
    language: p.language,
    validUntil: p.validUntil,
  };
}

function ProposalEditor({ loaded }: { loaded: TProposal }) {
  const { i18n } = useLingui();
  // The editor starts from the record as first loaded; later versions arrive through autosave.
  const [initial] = useState(loaded);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { data: session } = useSession();
  const profile = useBusinessProfile();
  const sender = useSender();
  const locale = useDocumentLocale();
  // Section actions need a model: without one the AI menu is not shown at all.
  const ai = useDrafter().data?.ai === true;
  const editorRef = useRef<TDocumentEditorHandle>(null);
  const [fields, setFields] = useState<TProposalFields>(() => fieldsOf(initial));
  const [record, setRecord] = useState<TProposal>(initial);
  const [previewing, setPreviewing] = useState<TDocument | null>(null);
  const [sending, setSending] = useState<'saving' | 'open' | null>(null);
  // Mounted from the first Send on, so it closes as it always did.
  const [sendWanted, setSendWanted] = useState(false);
  if (sending === 'open' && !sendWanted) setSendWanted(true);
  const editable = record.status !== 'accepted';
  // The version the next send must name: the newest saved, read when Send is pressed.
  const latest = useRef(initial);

  const listRefresh = useRef<ReturnType<typeof setTimeout> | null>(null);
  const onSaved = useCallback(
    (saved: TProposal) => {
      latest.current = saved;
      setRecord(saved);
      queryClient.setQueryData(proposalKeys.detail(saved.id), saved);
      // The sidebar shows titles and times: refresh it, but not on every keystroke's save.
      if (listRefresh.current) clearTimeout(listRefresh.current);
      listRefresh.current = setTimeout(() => {
        void invalidateProposalSummaries(queryClient);
      }, 1500);
    },
    [queryClient],
  );
  useEffect(
    () => () => {
      if (listRefresh.current) clearTimeout(listRefresh.current);
    },
    [],
  );

  const autosave = useAutosave<TProposal, TProposalChanges>({
    kind: 'proposal',
    recordId: initial.id,
    userId: session?.user.id ?? 'anonymous',
    record: initial,
    save: (changes, version, signal, saveKey) => saveProposal(initial.id, { ...changes, version, saveKey }, signal),
    onSaved,
    onTakenFromOtherTab: (taken) => {
      latest.current = taken;
      setRecord(taken);
      queryClient.setQueryData(proposalKeys.detail(taken.id), taken);
      applyRecord(taken);
    },
  });

  const change = (patch: Partial<TProposalFields>) => {
    setFields((f) => ({ ...f, ...patch }));
    autosave.change(patch);
  };

  function applyRecord(p: TProposal) {
    setFields(fieldsOf(p));
    editorRef.current?.setDocument(p.document);
  }

  /** Both sides of a conflict; "mine" is what Keep my version leaves: theirs with my changes on top. */
  const conflict = autosave.conflict;
  const versions = useMemo(() => {
    if (!conflict) return null;
    const merged: TProposal = { ...conflict.theirs, ...conflict.mine };
    return {
      merged,
      theirs: comparable(conflict.theirs),
      mine: comparable({ ...merged, totals: safeTotals(merged.document) ?? merged.totals }),
    };
  }, [conflict]);

  /** Variables filled from this tab's fields. */
  const context = useMemo(
    () =>
      (document: TDocument | null): TDocumentContext => ({
        proposal: {
          title: fields.title,
          number: record.number,
          validUntil: fields.validUntil,
          currency: fields.currency,
          totals: document ? safeTotals(document) : record.totals,
        },
        client: { name: fields.client.name, company: fields.client.company, email: fields.client.email },
        sender,
        locale,
        language: fields.language,
      }),
    [fields, record, sender, locale],
  );

  const shown = useShownBranding();
  const duplicate = useDuplicateProposal();
  const deleteWithUndo = useDeleteProposalWithUndo();
  const [savingAsTemplate, setSavingAsTemplate] = useState(false);
  const errors = autosave.status === 'error' && autosave.fieldErrors ? autosave.fieldErrors : {};

  const onDuplicate = async () => {
    await autosave.flush();
    duplicate.mutate(record.id, {
      onSuccess: (copy) => {
        toast.success(i18n._('Duplicated'), {
          description: i18n._('“{title}” is open; the original is unchanged.', { title: copy.title }),
        });
        void navigate(paths.editDraft(copy.id));
      },
      onError: (error) =>
        toast.error(i18n._('Could not duplicate the proposal'), { description: translated(i18n, error.message) }),
    });
  };
  /** The template takes the document as saved: everything on screen must be saved first. */
  const saveBeforeTemplate = async () => {
    await autosave.flush();
    const state = autosave.getState();
    if (state.hasUnsavedChanges || state.status !== 'saved') {
      throw new Error(
        state.error !== null
          ? i18n._('Your latest changes are not saved yet. {error}', { error: state.error })
          : i18n._('Your latest changes are not saved yet. They are kept on this device.'),
      );
    }
  };
  const onSavedAsTemplate = (template: TTemplate) => {
    setSavingAsTemplate(false);
    toast.success(i18n._('Saved as a template'), {
      description: i18n._('“{name}” is in your templates.', { name: template.name }),
      action: { label: i18n._('Open templates'), onClick: () => void navigate(paths.templates) },
    });
  };
  /** Send: everything typed is saved first, so the client gets exactly what is on screen. */
  const onSend = async () => {
    setSending('saving');
    await autosave.flush();
    const state = autosave.getState();
    if (state.status === 'conflict') {
      setSending(null);
      toast.error(i18n._('Choose which version to keep first'), {
        description: i18n._('This draft was changed elsewhere; once you choose, you can send it.'),
      });
      return;
    }
    if (state.hasUnsavedChanges || state.status !== 'saved') {
      setSending(null);
      toast.error(i18n._('Your latest changes are not saved yet'), {
        description:
          state.error !== null
            ? i18n._('{error} Send once they are saved, so your client gets exactly what you see.', {
                error: state.error,
              })
            : i18n._(
                'They are kept on this device. Send once they are saved, so your client gets exactly what you see.',
              ),
      });
      return;
    }
    setSending('open');
  };
  const onSent = (sent: TProposal) => {
    setSending(null);
    toast.success(record.status === 'draft' ? i18n._('Proposal sent') : i18n._('Sent again'), {
      description: i18n._('“{title}” is on its way to {to}.', { title: sent.title, to: sent.client.email }),
    });
    void navigate(paths.proposal(sent.id));
  };
  useFocusFromSendCheck(editorRef);

  const onDelete = async () => {
    await autosave.flush();
    deleteWithUndo({ id: record.id, title: fields.title }, { onUndo: () => void navigate(paths.editDraft(record.id)) });
    void navigate(paths.dashboard);
  };

  return (
    <div className="space-y-4">
      <div className="bg-card flex flex-wrap items-center gap-3 rounded-lg border p-4">
        <div className="min-w-0 flex-1 sm:basis-64">
          <label htmlFor="proposal-title" className="sr-only">
            {i18n._('Title')}
          </label>
          <input
            id="proposal-title"
            value={fields.title}
            disabled={!editable}
            maxLength={200}
            onChange={(e) => change({ title: e.target.value })}
            aria-invalid={errors.title ? true : undefined}
            aria-describedby={errors.title ? 'proposal-title-error' : undefined}
            className="focus-visible:ring-ring w-full rounded-md bg-transparent px-1 py-1 text-xl font-semibold outline-none focus-visible:ring-2"
          />
          <p className="text-muted-foreground mt-1 flex flex-wrap items-center gap-2 px-1 text-sm">
            <span className="font-mono">{record.number}</span>
            <ProposalStatusBadge status={record.status} />
            {record.sentAt !== null ? (
              <Link
                to={paths.proposal(record.id)}
                className="text-primary inline-flex items-center gap-1 font-medium underline-offset-4 hover:underline"
              >
                <FileCheck2 aria-hidden="true" className="size-4" /> {i18n._('View as sent')}
              </Link>
            ) : null}
          </p>
          {errors.title ? (
            <p id="proposal-title-error" role="alert" className="text-destructive px-1 text-sm">
              {errors.title}
            </p>
          ) : null}
        </div>
        {/* On a phone these take a row of their own under the title, which keeps "…" beside it;
            from sm up they sit in the title's row, before "…". */}
        <div className="flex basis-full flex-wrap items-center gap-3 max-sm:order-last sm:contents">
          <SaveStatus
            status={autosave.status}
            lastSavedAt={autosave.lastSavedAt}
            error={autosave.error}
            storageAvailable={autosave.storageAvailable}
            onRetry={() => void autosave.flush()}
          />
          <Button variant="outline" onClick={() => setPreviewing(editorRef.current?.getDocument() ?? record.document)}>
            <Eye aria-hidden="true" /> {i18n._('Preview')}
          </Button>
          {editable ? (
            <Button
              onClick={() => void onSend()}
              disabled={sending === 'saving'}
              aria-busy={sending === 'saving' || undefined}
            >
              <Send aria-hidden="true" />
              {sending === 'saving'
                ? i18n._('Saving…')
                : record.status === 'draft'
                  ? i18n._('Send')
                  : i18n._('Send again')}
            </Button>
          ) : null}
        </div>
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button variant="outline" size="icon" aria-label={i18n._('More actions')} className="shrink-0">
              <MoreHorizontal aria-hidden="true" />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end">
            <DropdownMenuItem onSelect={() => setSavingAsTemplate(true)}>
              <LayoutTemplate aria-hidden="true" /> {i18n._('Save as template')}
            </DropdownMenuItem>
            <DropdownMenuItem onSelect={() => void onDuplicate()}>
              <Copy aria-hidden="true" /> {i18n._('Duplicate')}
            </DropdownMenuItem>
            {/* An accepted proposal is kept as evidence: the server refuses to delete it (423). */}
            {editable ? (
              <>
                <DropdownMenuSeparator />
                <DropdownMenuItem destructive onSelect={() => void onDelete()}>
                  <Trash2 aria-hidden="true" /> {i18n._('Delete')}
                </DropdownMenuItem>
              </>
            ) : null}
          </DropdownMenuContent>
        </DropdownMenu>
      </div>

      {!editable ? (
        <p role="note" className="bg-accent text-accent-foreground rounded-md px-4 py-3 text-sm">
          {i18n._('This proposal was accepted, so it can no longer change. Duplicate it to start a new one from it.')}
        </p>
      ) : record.status !== 'draft' ? (
        <p role="note" className="bg-accent text-accent-foreground rounded-md px-4 py-3 text-sm">
          {i18n._(
            'Your client has the version you sent. Changes here reach them when you send again, as a new revision.',
          )}
        </p>
      ) : null}

      {autosave.changedInOtherTab && autosave.status !== 'conflict' ? (
        <p
          role="note"
          className="rounded-md bg-amber-100 px-4 py-3 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-100"
        >
          {i18n._('This draft was just saved from another tab. Your next change here will ask which version to keep.')}
        </p>
      ) : null}

      {autosave.localCopy ? (
        <RestoreLocalBanner
          locale={locale}
          savedAt={autosave.localCopy.savedAt}
          onRestore={() => {
            const restored = autosave.restoreLocalCopy();
            const { document, ...rest } = restored;
            setFields((f) => ({ ...f, ...(rest as Partial<TProposalFields>) }));
            if (document) editorRef.current?.setDocument(document);
          }}
          onDiscard={autosave.discardLocalCopy}
        />
      ) : null}

      <ProposalDetailsFields fields={fields} onChange={change} editable={editable} errors={errors} />

      <Suspense fallback={<EditorSkeleton label={i18n._('Loading the editor')} />}>
        <LazyDocumentEditor
          initialDocument={initial.document}
          context={context(null)}
          currency={fields.currency}
          defaultTaxRate={profile.data?.defaultTaxRate ?? 0}
          editable={editable}
          onChange={(read) => autosave.change({ document: read })}
          handleRef={editorRef}
          ariaLabel={i18n._('Proposal content')}
          {...(ai ? { rewriteSection } : {})}
        />
      </Suspense>

      {sendWanted ? (
        <Suspense fallback={null}>
          <SendProposalDialog
            proposal={{ ...record, title: fields.title, client: fields.client, currency: fields.currency }}
            getVersion={() => latest.current.version}
            open={sending === 'open'}
            onOpenChange={(open) => setSending(open ? 'open' : null)}
            onSent={onSent}
          />
        </Suspense>
      ) : null}

      <SaveAsTemplateDialog
        open={savingAsTemplate}
        onOpenChange={setSavingAsTemplate}
        proposalId={record.id}
        title={fields.title}
        beforeSave={saveBeforeTemplate}
        onSaved={onSavedAsTemplate}
      />

      <DocumentPreviewDialog
        document={previewing}
        context={context(previewing)}
        branding={shown.branding}
        madeWithFooter={shown.madeWithFooter}
        note={<PlanBrandingNote what="logoAndColour" className="text-sm" />}
        onClose={() => setPreviewing(null)}
      />

      {conflict && versions ? (
        <ConflictDialog
          locale={locale}
          open
          title={fields.title}
          mine={versions.mine}
          theirs={versions.theirs}
          theirsUpdatedAt={conflict.theirs.updatedAt}
          busy={autosave.status === 'saving'}
          onKeepMine={() => {
            // What the other side changed and this tab did not stays theirs: show it so.
            setFields(fieldsOf(versions.merged));
            if (conflict.mine.document === undefined) editorRef.current?.setDocument(versions.merged.document);
            void autosave.resolveConflict('mine');
          }}
          onKeepTheirs={() => {
            const theirs = autosave.conflict?.theirs;
            void autosave.resolveConflict('theirs');
            if (theirs) applyRecord(theirs);
          }}
        />
      ) : null}
    </div>
  );
}

function comparable(p: TProposal): TComparableVersion {
  return { ...fieldsOf(p), message: '', document: p.document, totals: p.totals };
}

function safeTotals(document: TDocument) {
  try {
    return documentTotals(document);
  } catch {
    return null;
  }
}

/** The fields a send check may name, by the input's name; the text's problems are fixed in the editor. */
const FOCUS_IN_EDITOR = new Set(['document', 'variables']);
const FOCUS_TRIES = 40;

/**
 * `?fix=client.email` (a link from the send checklist): brings that field forward once it is on
 * screen, then drops the parameter so a reload does not do it again.
 */
function useFocusFromSendCheck(editorRef: RefObject<TDocumentEditorHandle | null>) {
  const [params, setParams] = useSearchParams();
  const fix = params.get('fix');
  useEffect(() => {
    if (!fix) return;
    let tries = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const done = () =>
      setParams(
        (p) => {
          p.delete('fix');
          return p;
        },
        { replace: true },
      );
    const attempt = () => {
      if (FOCUS_IN_EDITOR.has(fix)) {
        if (editorRef.current) {
          editorRef.current.focus();
          return done();
        }
      } else {
        const field = document.querySelector<HTMLElement>(`[name="${CSS.escape(fix)}"]`);
        if (field) {
          field.scrollIntoView({ block: 'center' });
          field.focus();
          return done();
        }
      }
      if (++tries < FOCUS_TRIES) timer = setTimeout(attempt, 50);
      else done();
    };
    attempt();
    return () => clearTimeout(timer);
  }, [fix, editorRef, setParams]);
}
