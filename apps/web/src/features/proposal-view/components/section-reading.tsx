import { snapshotContext } from '@draftwell/shared/document/display';
import { documentSections, secondsBySection, sectionTimesOf } from '@draftwell/shared/document/sections';
import type { TRevision } from '@draftwell/shared/share/revision';
import { RotateCw } from 'lucide-react';
import { useLingui } from '@lingui/react';
import { useMemo, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useProposalEvents } from '../api/get-proposal-events';
import { visitorList, visitorOf } from '../utils/describe-event';
import { formatDuration } from '../utils/format';

type TSectionRow = { index: number; title: string; seconds: number };

/**
 * Which sections of the newest revision the client read, and for how long, added up over every
 * visit (owner visits are never counted), and whose visits they were: the paid plans' view
 * analytics (issue 16). The sections are the revision's, in document order (`documentSections`:
 * every block is in one, issue 24).
 */
export function SectionReading({
  proposalId,
  revision,
  detailedAnalytics,
}: {
  proposalId: string;
  /** The newest revision, once loaded. */
  revision: TRevision | null;
  detailedAnalytics: boolean;
}) {
  const { i18n } = useLingui();
  const events = useProposalEvents(proposalId);
  const titles = useMemo(
    () => (revision ? documentSections(revision.snapshot.document, snapshotContext(revision.snapshot)) : []),
    [revision],
  );
  const { rows, visits } = useMemo(() => {
    const opened = (events.data ?? []).filter((e) => e.type === 'opened' && e.revisionNumber === revision?.number);
    const read = secondsBySection(
      titles,
      opened.map((e) => sectionTimesOf(e.data)),
    );
    const all: TSectionRow[] = titles.map((title, index) => ({ index, title, seconds: read[index] ?? 0 }));
    return {
      rows: all,
      visits: {
        count: opened.length,
        names: visitorList(
          opened.map((e) => visitorOf(e)),
          i18n,
        ),
      },
    };
  }, [events.data, titles, revision?.number, i18n]);

  let body: ReactNode;
  if (!detailedAnalytics) {
    body = (
      <p className="text-muted-foreground text-sm">
        {i18n._('See which sections your client read, and for how long, with the paid plans’ view analytics.')}{' '}
        <Link to={paths.plan} className="text-primary font-medium underline underline-offset-4">
          {i18n._('See plans')}
        </Link>
      </p>
    );
  } else if (events.isPending || !revision) {
    body = (
      <div role="status" aria-label={i18n._('Loading the reading times')} className="space-y-3">
        {Array.from({ length: 3 }, (_, i) => (
          <div key={i} className="space-y-1.5">
            <Skeleton className="h-4 w-2/3" />
            <Skeleton className="h-2 w-full" />
          </div>
        ))}
      </div>
    );
  } else if (events.isError) {
    body = (
      <div role="alert" className="text-sm">
        <p className="text-destructive">
          {i18n._('The reading times did not load.')} {events.error.message}
        </p>
        <Button variant="outline" size="sm" className="mt-2" onClick={() => void events.refetch()}>
          <RotateCw aria-hidden="true" /> {i18n._('Retry')}
        </Button>
      </div>
    );
  } else if (titles.length === 0) {
    body = (
      <p className="text-muted-foreground text-sm">{i18n._('This revision is empty, so there is nothing to time.')}</p>
    );
  } else if (rows.every((r) => r.seconds === 0)) {
    body = (
      <p className="text-muted-foreground text-sm wrap-anywhere">
        {visits.count === 0
          ? i18n._('Not opened yet. Once your client reads it, the time on each section shows here.')
          : i18n._('Opened by {names}. No section was read for long enough to count yet.', { names: visits.names })}
      </p>
    );
  } else {
    const longest = Math.max(...rows.map((r) => r.seconds));
    body = (
      <>
        <p className="text-muted-foreground mb-3 text-xs wrap-anywhere">
          {i18n._(
            '{count, plural, one {Revision {number}: # visit, by {names}.} other {Revision {number}: # visits, by {names}.}}',
            { count: visits.count, number: revision.number, names: visits.names },
          )}
        </p>
        <ol aria-label={i18n._('Time on each section')} className="space-y-3">
          {rows.map((row) => (
            <li key={row.index} className="text-sm">
              <div className="flex items-baseline justify-between gap-3">
                <span className="min-w-0 truncate" title={row.title}>
                  {row.title}
                </span>
                <span className={row.seconds ? 'shrink-0 tabular-nums' : 'text-muted-foreground shrink-0'}>
                  {row.seconds ? formatDuration(row.seconds, i18n) : i18n._('Not read')}
                </span>
              </div>
              <div aria-hidden="true" className="bg-muted mt-1 h-1.5 overflow-hidden rounded-full">
                <div
                  className="bg-primary h-full rounded-full"
                  style={{ width: `${Math.round((row.seconds / longest) * 100)}%` }}
                />
              </div>
            </li>
          ))}
        </ol>
      </>
    );
  }
  return (
    <Card role="region" aria-labelledby="proposal-reading-heading">
      <CardHeader className="pb-3">
        <CardTitle id="proposal-reading-heading" className="text-base">
          {i18n._('Reading by section')}
        </CardTitle>
      </CardHeader>
      <CardContent>{body}</CardContent>
    </Card>
  );
}
