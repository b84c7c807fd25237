import type { TDocumentContext } from '@draftwell/shared/document';
import { useLingui } from '@lingui/react';
import { useQueryClient } from '@tanstack/react-query';
import { Sparkles } from 'lucide-react';
import { Suspense, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { createDraft } from '@/features/drafting/api/create-draft';
import { BriefDialog } from '@/features/drafting/components/brief-dialog';
import { DraftFailure, DraftProgress } from '@/features/drafting/components/draft-progress';
import { forgetWriting, getWriting, stopWriting, type TDraftWriting } from '@/features/drafting/writing/draft-writing';
import { EditorSkeleton, LazyDocumentEditor } from '@/features/editor/components/editor-parts';
import { ProposalDetailsFields } from '@/features/editor/components/proposal-details-fields';
import type { TDocumentEditorHandle } from '@/features/editor/types';
import { useDocumentLocale, useSender } from '@/features/editor/use-sender';
import { useBusinessProfile } from '@/lib/api/business-profile';
import { invalidateProposalSummaries, proposalKeys } from '@/lib/api/query-keys';

const noChange = () => undefined;
const noErrors = {};

/**
 * `/edit-draft/:id` while the AI model writes the draft: the editor, read-only, filling in
 * section by section, with the progress and Stop above it. When the draft is whole (or Stop has
 * saved what arrived) the screen hands over to the ordinary editor; after a failure it offers
 * the built-in drafter or the brief again.
 */
export function DraftWritingScreen({ writing }: { writing: TDraftWriting }) {
  const { i18n } = useLingui();
  const { created } = writing;
  const id = created.id;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const profile = useBusinessProfile();
  const sender = useSender();
  const locale = useDocumentLocale();
  const editorRef = useRef<TDocumentEditorHandle>(null);
  const [briefOpen, setBriefOpen] = useState(false);
  const [builtinPending, setBuiltinPending] = useState(false);

  // The screen follows the newest section down, until the user scrolls or presses a key.
  const following = useRef(true);
  const contentRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const stopFollowing = () => {
      following.current = false;
    };
    const events = ['wheel', 'touchmove', 'keydown'] as const;
    for (const name of events) window.addEventListener(name, stopFollowing, { passive: true });
    return () => {
      for (const name of events) window.removeEventListener(name, stopFollowing);
    };
  }, []);

  // Each arriving section goes into the editor; the editor is read-only, so nothing is typed over.
  useEffect(() => {
    editorRef.current?.setDocument({ version: 1, blocks: writing.blocks });
    if (!following.current || writing.blocks.length === 0) return;
    // After the block's own view has drawn, so its full height is in view.
    const frame = requestAnimationFrame(() => {
      const newest = contentRef.current?.querySelector('.ProseMirror')?.lastElementChild;
      const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
      newest?.scrollIntoView({ block: 'nearest', behavior: smooth ? 'smooth' : 'auto' });
    });
    return () => cancelAnimationFrame(frame);
  }, [writing.blocks]);

  // A finished writing hands over: the ordinary editor opens on the saved draft.
  const { status } = writing;
  useEffect(() => {
    if (status === 'done') {
      const stopped = writing.status === 'done' && writing.stopped;
      forgetWriting(id);
      toast.success(stopped ? i18n._('Your draft is saved as far as it got') : i18n._('Your draft is ready'), {
        description: stopped
          ? i18n._('The AI model was stopped; everything it wrote is here to edit.')
          : i18n._('Read it through, check the prices marked for review, and send it.'),
      });
    } else if (status === 'discarded') {
      forgetWriting(id);
      toast(i18n._('Drafting stopped'), { description: i18n._('Nothing had been written yet, so nothing was saved.') });
      void navigate(paths.dashboard, { replace: true });
    }
  }, [status, id, navigate, writing, i18n]);
  // A failed writing is forgotten when the user moves on from it.
  useEffect(
    () => () => {
      if (getWriting(id)?.status === 'failed') forgetWriting(id);
    },
    [id],
  );

  const writeWithBuiltin = async () => {
    setBuiltinPending(true);
    try {
      const proposal = await createDraft({ brief: writing.brief, drafter: 'builtin' });
      queryClient.setQueryData(proposalKeys.detail(proposal.id), proposal);
      void invalidateProposalSummaries(queryClient);
      toast.success(i18n._('Your draft is ready'), {
        description: i18n._('Read it through, adjust the prices and send it.'),
      });
      await navigate(paths.editDraft(proposal.id), { replace: true });
    } catch (err) {
      toast.error(i18n._('The built-in drafter could not write it either'), {
        description: err instanceof Error ? err.message : i18n._('Try again in a moment.'),
      });
    } finally {
      setBuiltinPending(false);
    }
  };

  const context: TDocumentContext = {
    proposal: {
      title: created.title,
      number: created.number,
      validUntil: created.validUntil,
      currency: created.currency,
      totals: null,
    },
    client: { name: created.client.name, company: created.client.company, email: created.client.email },
    sender,
    locale,
  };

  if (writing.status === 'failed') {
    return (
      <div className="mx-auto grid max-w-2xl gap-4 py-6">
        <h2 className="text-xl font-semibold tracking-tight">{created.title}</h2>
        <DraftFailure
          message={writing.message}
          fallback={writing.fallback}
          builtinPending={builtinPending}
          onBuiltin={() => void writeWithBuiltin()}
          onBack={() => setBriefOpen(true)}
        />
        <BriefDialog open={briefOpen} onOpenChange={setBriefOpen} initialValues={writing.values} />
      </div>
    );
  }

  const saving = writing.status !== 'writing';
  return (
    <div className="space-y-4" aria-busy="true">
      <div className="bg-card rounded-lg border p-4">
        <h2 className="px-1 py-1 text-xl font-semibold">{created.title}</h2>
        <p className="text-muted-foreground mt-1 flex flex-wrap items-center gap-2 px-1 text-sm">
          <span className="font-mono">{created.number}</span>
          <span className="bg-primary/10 text-primary inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium">
            <Sparkles aria-hidden="true" className="size-3" /> {i18n._('Being written by the AI model')}
          </span>
        </p>
      </div>
      {/* Below the app's sticky header (two rows on small screens), so Stop stays in reach. */}
      <div className="bg-card/95 sticky top-[7.25rem] z-30 rounded-lg border px-4 py-3 shadow-xs backdrop-blur sm:top-[4.75rem]">
        <DraftProgress arrived={writing.blocks.length} started saving={saving} onStop={() => stopWriting(id)} />
      </div>

      <ProposalDetailsFields
        fields={{
          title: created.title,
          client: created.client,
          clientId: created.clientId,
          currency: created.currency,
          language: created.language,
          validUntil: created.validUntil,
        }}
        onChange={noChange}
        editable={false}
        errors={noErrors}
      />

      {writing.blocks.length === 0 ? (
        <div className="bg-card grid gap-4 rounded-lg border px-4 py-6 sm:px-10 sm:py-10">
          <p className="text-muted-foreground text-sm">
            {i18n._('The first section appears here as soon as the model has written it.')}
          </p>
          <div className="grid gap-3" aria-hidden="true">
            <Skeleton className="h-8 w-2/3" />
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-4 w-5/6" />
          </div>
        </div>
      ) : null}
      {/* Mounted from the start (hidden until a section arrives), so the editor is ready for it. */}
      <div ref={contentRef} hidden={writing.blocks.length === 0}>
        <Suspense fallback={<EditorSkeleton label={i18n._('Loading the editor')} />}>
          <LazyDocumentEditor
            initialDocument={{ version: 1, blocks: writing.blocks }}
            context={context}
            currency={created.currency}
            defaultTaxRate={profile.data?.defaultTaxRate ?? 0}
            editable={false}
            onChange={noChange}
            handleRef={editorRef}
            ariaLabel={i18n._('Proposal content, being written')}
          />
        </Suspense>
      </div>
    </div>
  );
}
