import type { ReactNode } from 'react';
import { FileQuestion, RotateCw, TriangleAlert } from 'lucide-react';
import { EmptyState } from '@/components/layouts/page-frame';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useProposal } from '@/lib/api/proposal';
import { isProposalId } from '../utils/is-proposal-id';
import { formatDateTime, formatRelativeTime } from '@/lib/relative-time';
import { ProposalStatusBadge } from '@/components/proposal-status-badge';

/** The open proposal is missing, or someone else's: the same answer either way. */
export function ProposalNotFound() {
  return (
    <EmptyState
      icon={<FileQuestion />}
      title="This proposal does not exist or is not yours"
      link={{ to: paths.dashboard, label: 'Back to the dashboard' }}
    >
      It may have been deleted, or the link may be mistyped. Your own proposals are listed beside this.
    </EmptyState>
  );
}

/** The open proposal's title, number and status, then `children`; the clear states when it cannot be shown. */
export function ProposalHeader({ id, children }: { id: string; children?: ReactNode }) {
  const valid = isProposalId(id);
  const proposal = useProposal(id, { enabled: valid });

  if (!valid) return <ProposalNotFound />;
  if (proposal.isPending) {
    return (
      <div role="status" aria-label="Loading the proposal" className="bg-card space-y-3 rounded-lg border p-5">
        <div aria-hidden="true" className="bg-muted h-6 w-1/2 animate-pulse rounded" />
        <div aria-hidden="true" className="bg-muted h-4 w-1/3 animate-pulse rounded" />
      </div>
    );
  }
  if (proposal.isError) {
    if (proposal.error instanceof ApiError && proposal.error.status === 404) return <ProposalNotFound />;
    return <ProposalLoadError message={proposal.error.message} onRetry={() => void proposal.refetch()} />;
  }
  const p = proposal.data;
  return (
    <div className="space-y-6">
      <div className="bg-card rounded-lg border p-5">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <h2 className="min-w-0 text-xl font-semibold break-words">{p.title}</h2>
          <ProposalStatusBadge status={p.status} />
        </div>
        <p className="text-muted-foreground mt-1 text-sm">
          <span className="font-mono">{p.number}</span>
          {p.client.name ? <> · {p.client.name}</> : null} · updated{' '}
          <time dateTime={p.updatedAt} title={formatDateTime(p.updatedAt)}>
            {formatRelativeTime(p.updatedAt)}
          </time>
        </p>
      </div>
      {children}
    </div>
  );
}

/** A proposal that failed to load for a reason other than not existing. */
export function ProposalLoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div role="alert" className="bg-card flex flex-col items-center rounded-lg border px-6 py-10 text-center">
      <TriangleAlert aria-hidden="true" className="text-destructive mb-3 size-6" />
      <h2 className="text-lg font-semibold">This proposal did not load</h2>
      <p className="text-muted-foreground mt-1 text-sm">{message}</p>
      <Button variant="outline" size="sm" className="mt-4" onClick={onRetry}>
        <RotateCw aria-hidden="true" />
        Retry
      </Button>
    </div>
  );
}
