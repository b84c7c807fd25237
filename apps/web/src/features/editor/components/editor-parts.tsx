import type { TDocument, TDocumentContext } from '@draftwell/shared/document';
import { lazy } from 'react';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { DocumentView, type TDocumentBranding } from '@/features/document-view/document-view';

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

/** The document as the client will see it, variables filled in. */
export function DocumentPreviewDialog({
  document,
  context,
  branding,
  onClose,
  description = 'Exactly what your client will see, with the variables filled in.',
}: {
  document: TDocument | null;
  context: TDocumentContext;
  branding?: TDocumentBranding;
  onClose: () => void;
  description?: string;
}) {
  return (
    <Dialog open={document !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent wide>
        <DialogHeader>
          <DialogTitle>Preview</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {document ? <DocumentView document={document} context={context} branding={branding} /> : null}
      </DialogContent>
    </Dialog>
  );
}
