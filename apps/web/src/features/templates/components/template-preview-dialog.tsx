import type { TTemplateSummary } from '@draftwell/shared/workspace/templates';
import { useLingui } from '@lingui/react';
import { Copy, Loader2, RotateCw, TriangleAlert } from 'lucide-react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { useShownBranding } from '@/lib/use-shown-branding';
import { Suspense } from 'react';
import { DocumentView } from '@/components/document-view/document-view';
import { DocumentLanguage } from '@/components/document-view/document-language';
import { useBusinessProfile } from '@/lib/api/business-profile';
import { useTemplate } from '../api/get-template';
import { sampleContext } from '../utils/sample-context';

function PreviewSkeleton() {
  const { i18n } = useLingui();
  return (
    <div role="status" aria-label={i18n._('Loading the preview')} className="space-y-4 p-8">
      <Skeleton className="h-8 w-2/3" />
      <Skeleton className="h-4 w-1/3" />
      <Skeleton className="mt-8 h-4 w-full" />
      <Skeleton className="h-4 w-11/12" />
      <Skeleton className="h-4 w-4/5" />
      <Skeleton className="mt-6 h-32 w-full" />
    </div>
  );
}

function PreviewBody({ summary }: { summary: TTemplateSummary }) {
  const { i18n } = useLingui();
  const template = useTemplate(summary.id);
  const profile = useBusinessProfile();
  const shown = useShownBranding();
  if (template.isPending) return <PreviewSkeleton />;
  if (template.isError) {
    return (
      <div role="alert" className="flex flex-col items-center px-6 py-14 text-center">
        <TriangleAlert className="text-destructive mb-3 size-6" aria-hidden="true" />
        <p className="font-medium">{i18n._('The preview did not load')}</p>
        <p className="text-muted-foreground mt-1 text-sm">{template.error.message}</p>
        <Button variant="outline" size="sm" className="mt-4" onClick={() => void template.refetch()}>
          <RotateCw aria-hidden="true" />
          {i18n._('Retry')}
        </Button>
      </div>
    );
  }
  const business = profile.data;
  // A template has no language: its document reads in English.
  return (
    <Suspense fallback={<PreviewSkeleton />}>
      <DocumentLanguage language={undefined}>
        <DocumentView
          document={template.data.document}
          context={sampleContext({
            title: template.data.name,
            currency: business?.defaultCurrency,
            senderName: business?.displayName,
            senderCompany: business?.company,
            locale: business?.locale,
            i18n,
          })}
          branding={shown.branding}
          className="rounded-md border shadow-sm"
        />
      </DocumentLanguage>
    </Suspense>
  );
}

/** A wide dialog showing a template as a client would see it, with a stand-in client. */
export function TemplatePreviewDialog({
  template,
  onOpenChange,
  onUse,
  onDuplicate,
  busy,
}: {
  template: TTemplateSummary | null;
  onOpenChange: (open: boolean) => void;
  onUse: (template: TTemplateSummary) => void;
  onDuplicate: (template: TTemplateSummary) => void;
  busy: { using: boolean; duplicating: boolean };
}) {
  const { i18n } = useLingui();
  return (
    <Dialog open={template !== null} onOpenChange={onOpenChange}>
      <DialogContent wide className="max-w-5xl gap-0 p-0">
        {template ? (
          <>
            <DialogHeader className="border-b px-6 py-4 pr-12">
              <DialogTitle>{i18n._('Preview: {name}', { name: template.name })}</DialogTitle>
              <DialogDescription>
                {template.category ? `${template.category} · ` : ''}
                {i18n._('Shown as your client will see it, with “Your client” standing in for their name.')}
              </DialogDescription>
            </DialogHeader>
            <div className="bg-muted/40 px-2 py-4 sm:px-8 sm:py-6">
              <PreviewBody summary={template} />
            </div>
            <DialogFooter className="bg-card sticky bottom-0 border-t px-6 py-4">
              <Button variant="outline" onClick={() => onDuplicate(template)} disabled={busy.duplicating}>
                {busy.duplicating ? (
                  <Loader2 className="animate-spin" aria-hidden="true" />
                ) : (
                  <Copy aria-hidden="true" />
                )}
                {i18n._('Duplicate')}
              </Button>
              <Button onClick={() => onUse(template)} disabled={busy.using}>
                {busy.using ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
                {i18n._('Use template')}
              </Button>
            </DialogFooter>
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
