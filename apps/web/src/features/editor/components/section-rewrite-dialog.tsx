import type { TBlock, TDocumentContext } from '@draftwell/shared/document';
import { useLingui } from '@lingui/react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { Suspense } from 'react';
import { DocumentView } from '@/components/document-view/document-view';
import { DocumentLanguage } from '@/components/document-view/document-language';

export type TRewriteState =
  | { status: 'loading'; label: string; before: TBlock }
  | { status: 'ready'; label: string; before: TBlock; after: TBlock }
  | { status: 'error'; label: string; before: TBlock; message: string };

/**
 * A rewritten section as a suggestion: the section as it is beside what the model proposes.
 * Nothing changes in the document until Accept, which is one undoable step.
 */
export function SectionRewriteDialog({
  state,
  context,
  onAccept,
  onReject,
  onRetry,
}: {
  state: TRewriteState | null;
  context: TDocumentContext;
  onAccept: () => void;
  onReject: () => void;
  onRetry: () => void;
}) {
  const { i18n } = useLingui();
  const view = (block: TBlock) => (
    <Suspense
      fallback={
        <div className="grid place-items-center p-10">
          <Spinner label={i18n._('Loading the section')} />
        </div>
      }
    >
      <DocumentLanguage language={context.language}>
        <DocumentView
          document={{ version: 1, blocks: [block] }}
          context={context}
          header={false}
          className="border-t-0 text-base [&>div]:p-4 @md:[&>div]:p-5"
        />
      </DocumentLanguage>
    </Suspense>
  );
  return (
    <Dialog open={state !== null} onOpenChange={(open) => !open && onReject()}>
      <DialogContent wide>
        <DialogHeader>
          <DialogTitle>
            {state ? i18n._('Suggestion: {action}', { action: state.label }) : i18n._('Suggestion')}
          </DialogTitle>
          <DialogDescription>
            {i18n._(
              'The AI model’s version of this section. Accept it to replace the section (undo brings the old one back), or keep yours.',
            )}
          </DialogDescription>
        </DialogHeader>
        {state ? (
          <div className="grid gap-4 md:grid-cols-2">
            <section aria-label={i18n._('Your section')} className="grid content-start gap-2">
              <h3 className="text-muted-foreground text-xs font-semibold tracking-wide uppercase">{i18n._('Now')}</h3>
              <div className="rounded-md border">{view(state.before)}</div>
            </section>
            <section aria-label={i18n._('Suggested section')} className="grid content-start gap-2">
              <h3 className="text-muted-foreground text-xs font-semibold tracking-wide uppercase">
                {i18n._('Suggested')}
              </h3>
              <div className="rounded-md border">
                {state.status === 'ready' ? (
                  view(state.after)
                ) : state.status === 'loading' ? (
                  <div className="grid place-items-center p-10">
                    <Spinner label={i18n._('The AI model is rewriting the section')} />
                  </div>
                ) : (
                  <p role="alert" className="text-destructive p-4 text-sm">
                    {state.message}
                  </p>
                )}
              </div>
            </section>
          </div>
        ) : null}
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onReject}>
            {state?.status === 'ready' ? i18n._('Keep mine') : i18n._('Close')}
          </Button>
          {state?.status === 'error' ? (
            <Button type="button" onClick={onRetry}>
              {i18n._('Try again')}
            </Button>
          ) : (
            <Button type="button" onClick={onAccept} disabled={state?.status !== 'ready'}>
              {i18n._('Accept suggestion')}
            </Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
