import { useLingui } from '@lingui/react';
import { FileQuestion, RotateCw, TriangleAlert } from 'lucide-react';
import { EmptyState } from '@/components/layouts/page-frame';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';

/** The open proposal is missing, or someone else's: the same answer either way. */
export function ProposalNotFound() {
  const { i18n } = useLingui();
  return (
    <EmptyState
      icon={<FileQuestion />}
      title={i18n._('This proposal does not exist or is not yours')}
      link={{ to: paths.dashboard, label: i18n._('Back to the dashboard') }}
    >
      {i18n._('It may have been deleted, or the link may be mistyped. Your own proposals are listed beside this.')}
    </EmptyState>
  );
}

/** A proposal that failed to load for a reason other than not existing. */
export function ProposalLoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { i18n } = useLingui();
  return (
    <div role="alert" className="bg-card flex flex-col items-center rounded-lg border px-6 py-10 text-center">
      <TriangleAlert aria-hidden="true" className="text-destructive mb-3 size-6" />
      <h2 className="text-lg font-semibold">{i18n._('This proposal did not load')}</h2>
      <p className="text-muted-foreground mt-1 text-sm">{message}</p>
      <Button variant="outline" size="sm" className="mt-4" onClick={onRetry}>
        <RotateCw aria-hidden="true" />
        {i18n._('Retry')}
      </Button>
    </div>
  );
}
