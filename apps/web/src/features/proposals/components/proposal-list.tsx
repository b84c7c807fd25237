import { useLingui } from '@lingui/react';
import type { I18n } from '@draftwell/shared/i18n/i18n';
import { BILLING_KINDS } from '@draftwell/shared/document/pricing';
import { formatKindTotals, totalsByKind } from '@draftwell/shared/document/display';
import { PROPOSAL_STATUSES, type TProposalListItem, type TProposalStatus } from '@draftwell/shared/workspace/proposals';
import { FileText, RotateCw, SearchX, TriangleAlert } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Input, Label } from '@/components/ui/input';
import { paths } from '@/config/paths';
import { useDocumentLocale } from '@/lib/api/business-profile';
import { cn } from '@/lib/cn';
import { useProposalList } from '../api/list-proposals';
import { formatDateTime, formatRelativeTime } from '@/lib/relative-time';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { awaitingText } from '@draftwell/shared/share/signing';
import { ProposalStatusBadge, proposalStatusLabels } from '@/components/proposal-status-badge';

const SEARCH_DELAY_MS = 250;

/**
 * The proposal's total, one-off and recurring ("$2,750 + $5,940 / month"): what the client
 * accepted once accepted, else the proposal's own; null when nothing is priced.
 */
function listTotal(i18n: I18n, proposal: TProposalListItem): string | null {
  const { currency, totals } = proposal.accepted ?? proposal;
  const byKind = totalsByKind(totals);
  return BILLING_KINDS.some((kind) => byKind[kind] !== 0) ? formatKindTotals(i18n, byKind, currency) : null;
}

/** A draft opens in the editor; a sent one in its view (what the client sees, and what they did). */
function ProposalListItem({ proposal, open }: { proposal: TProposalListItem; open: boolean }) {
  const { i18n } = useLingui();
  const total = listTotal(i18n, proposal);
  const locale = useDocumentLocale();
  const awaiting = awaitingText(i18n, proposal);
  return (
    <li>
      <Link
        to={proposal.status === 'draft' ? paths.editDraft(proposal.id) : paths.proposal(proposal.id)}
        aria-current={open ? 'page' : undefined}
        className={cn(
          'hover:bg-accent block rounded-md border border-transparent px-3 py-2.5 transition-colors',
          open && 'bg-accent text-accent-foreground border-primary/40',
        )}
      >
        <span className="flex items-start justify-between gap-2">
          <span className="line-clamp-2 min-w-0 text-sm font-medium break-words">{proposal.title}</span>
          <ProposalStatusBadge status={proposal.status} />
        </span>
        <span className="text-muted-foreground mt-1 flex items-center justify-between gap-2 text-xs">
          <span className="min-w-0 truncate">
            <span className="font-mono">{proposal.number}</span>
            {proposal.client.name ? <> · {proposal.client.name}</> : null}
          </span>
          <time className="shrink-0" dateTime={proposal.updatedAt} title={formatDateTime(proposal.updatedAt, locale)}>
            {formatRelativeTime(proposal.updatedAt, undefined, i18n)}
          </time>
        </span>
        {total ? <span className="mt-0.5 block text-xs font-medium break-words tabular-nums">{total}</span> : null}
        {awaiting ? <span className="text-muted-foreground mt-0.5 block truncate text-xs">{awaiting}</span> : null}
      </Link>
    </li>
  );
}

function ListSkeleton() {
  const { i18n } = useLingui();
  return (
    <div role="status" aria-label={i18n._('Loading your proposals')} className="space-y-2">
      {Array.from({ length: 5 }, (_, i) => (
        <div key={i} aria-hidden="true" className="space-y-2 rounded-md px-3 py-2.5">
          <div className="bg-muted h-4 w-3/4 animate-pulse rounded" />
          <div className="bg-muted h-3 w-1/2 animate-pulse rounded" />
        </div>
      ))}
    </div>
  );
}

function ListMessage({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <div className="flex flex-col items-center px-2 py-8 text-center">
      <div className="bg-accent text-accent-foreground mb-3 rounded-full p-2.5 [&_svg]:size-5">{icon}</div>
      <h3 className="text-sm font-semibold">{title}</h3>
      <div className="text-muted-foreground mt-1 text-sm">{children}</div>
    </div>
  );
}

/** The sidebar: the user's proposals, newest first, with search, a status filter and infinite scroll. */
/**
 * `newProposal`: the button that starts one, shown when there is none yet; the app composes it,
 * as it offers drafting from a brief, which is not this feature's.
 */
export function ProposalList({ newProposal }: { newProposal: ReactNode }) {
  const { i18n } = useLingui();
  // The proposal open beside the list (the editor's), marked whichever way its item links.
  const { id: openId } = useParams();
  const searchId = useId();
  const statusId = useId();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<TProposalStatus | null>(null);
  const q = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);
  const list = useProposalList({ q, status });
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  const sentinel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const target = sentinel.current;
    if (!target || !hasNextPage) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
      },
      { rootMargin: '200px 0px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  const filtered = q !== '' || status !== null;

  let body: ReactNode;
  if (list.isPending) {
    body = <ListSkeleton />;
  } else if (list.isError && items.length === 0) {
    body = (
      <div role="alert">
        <ListMessage icon={<TriangleAlert />} title={i18n._('Your proposals did not load')}>
          <p>{list.error.message}</p>
          <Button variant="outline" size="sm" className="mt-3" onClick={() => void list.refetch()}>
            <RotateCw aria-hidden="true" />
            {i18n._('Retry')}
          </Button>
        </ListMessage>
      </div>
    );
  } else if (items.length === 0 && !filtered) {
    body = (
      <ListMessage icon={<FileText />} title={i18n._('No proposals yet')}>
        <p>{i18n._('Each proposal you draft is listed here, newest first, with its status.')}</p>
        {newProposal}
      </ListMessage>
    );
  } else if (items.length === 0) {
    body = (
      <ListMessage icon={<SearchX />} title={i18n._('No proposals match')}>
        <p>{i18n._('Try another search or status.')}</p>
        <Button
          variant="outline"
          size="sm"
          className="mt-3"
          onClick={() => {
            setSearch('');
            setStatus(null);
          }}
        >
          {i18n._('Clear filters')}
        </Button>
      </ListMessage>
    );
  } else {
    body = (
      <>
        <ul aria-label={i18n._('Proposals')} className="space-y-1">
          {items.map((p) => (
            <ProposalListItem key={p.id} proposal={p} open={p.id === openId} />
          ))}
        </ul>
        {hasNextPage ? (
          <div ref={sentinel} className="flex justify-center pt-2">
            <Button variant="ghost" size="sm" onClick={() => void fetchNextPage()} disabled={isFetchingNextPage}>
              {isFetchingNextPage ? i18n._('Loading more…') : i18n._('Load more')}
            </Button>
          </div>
        ) : null}
        {list.isFetchNextPageError ? (
          <p role="alert" className="text-destructive pt-2 text-center text-sm">
            {i18n._('{message} Use Load more to try again.', { message: list.error?.message ?? '' })}
          </p>
        ) : null}
      </>
    );
  }

  return (
    <aside aria-label={i18n._('Your proposals')} className="bg-card min-w-0 rounded-lg border p-4 lg:sticky lg:top-20">
      <h2 className="mb-3 text-sm font-semibold">{i18n._('Your proposals')}</h2>
      <div className="mb-3 space-y-3" role="search" aria-label={i18n._('Find proposals')}>
        <div className="space-y-1.5">
          <Label htmlFor={searchId}>{i18n._('Search')}</Label>
          <Input
            id={searchId}
            type="search"
            placeholder={i18n._('Title, number or client')}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor={statusId}>{i18n._('Status')}</Label>
          <select
            id={statusId}
            value={status ?? ''}
            onChange={(e) => setStatus((e.target.value || null) as TProposalStatus | null)}
            className="border-input bg-card flex h-10 w-full rounded-md border px-3 py-2 text-sm shadow-xs"
          >
            <option value="">{i18n._('All')}</option>
            {PROPOSAL_STATUSES.map((s) => (
              <option key={s} value={s}>
                {proposalStatusLabels(i18n)[s]}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div
        className="-mx-1 max-h-[26rem] overflow-y-auto px-1 lg:max-h-[calc(100dvh-22rem)]"
        aria-busy={list.isFetching || undefined}
      >
        {body}
      </div>
    </aside>
  );
}
