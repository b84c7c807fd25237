import type { TDocument, TDocumentContext } from '@draftwell/shared/document';
import { useLingui } from '@lingui/react';
import { lazy, Suspense, type ReactNode } from 'react';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { DocumentView, MadeWithDraftwell, type TDocumentBranding } from '@/components/document-view/document-view';
import { DocumentLanguage } from '@/components/document-view/document-language';

/** TipTap and the block editors load only where this is rendered, in their own chunk. */
export const LazyDocumentEditor = lazy(() => import('../document-editor'));

export function EditorSkeleton({ label }: { label: string }) {
  return (
    <div role="status" aria-label={label} className="bg-card space-y-4 rounded-lg border p-6">
      <Skeleton className="h-8 w-1/2" />
      <Skeleton className="h-4 w-full" />
      <Skeleton className="h-4 w-5/6" />
      <Skeleton className="h-4 w-2/3" />
      <Skeleton className="h-32 w-full" />
    </div>
  );
}

/**
 * The document as the client will see it, variables filled in: the branding and footer are the
 * ones the owner's plan gives the client's page (see useShownBranding).
 */
export function DocumentPreviewDialog({
  document,
  context,
  branding,
  madeWithFooter = false,
  note,
  onClose,
  description,
}: {
  document: TDocument | null;
  context: TDocumentContext;
  branding?: TDocumentBranding;
  /** The client's page ends with "Made with Draftwell" (a plan without own branding). */
  madeWithFooter?: boolean;
  /** Said under the description: why the preview lacks the logo or colour. */
  note?: ReactNode;
  onClose: () => void;
  description?: string;
}) {
  const { i18n } = useLingui();
  return (
    <Dialog open={document !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent wide>
        <DialogHeader>
          <DialogTitle>{i18n._('Preview')}</DialogTitle>
          <DialogDescription>
            {description ?? i18n._('Exactly what your client will see, with the variables filled in.')}
          </DialogDescription>
          {note}
        </DialogHeader>
        {document ? (
          <div className="overflow-hidden rounded-lg border" data-client-preview>
            {/* The document reads in the proposal's language, as the client's page will show it. */}
            <Suspense fallback={<EditorSkeleton label={i18n._('Loading the preview')} />}>
              <DocumentLanguage language={context.language}>
                <DocumentView document={document} context={context} branding={branding} />
                {madeWithFooter ? (
                  <footer className="text-muted-foreground border-t px-4 py-4 text-sm">
                    <MadeWithDraftwell href={paths.landing} />
                  </footer>
                ) : null}
              </DocumentLanguage>
            </Suspense>
          </div>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
