import type { I18n } from '@draftwell/shared/i18n/i18n';
import type { TActivityKind, TOverviewActivity } from '@draftwell/shared/workspace/overview';
import { useLingui } from '@lingui/react';
import { CircleCheck, CircleX, Eye, FilePlus2, Hourglass, Send } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { formatDateTime, formatRelativeTime } from '@/lib/relative-time';
import { cn } from '@/lib/cn';

const KINDS: Record<TActivityKind, { icon: ReactNode; tone: string }> = {
  created: { icon: <FilePlus2 />, tone: 'bg-muted text-muted-foreground' },
  sent: { icon: <Send />, tone: 'bg-primary/10 text-primary' },
  viewed: { icon: <Eye />, tone: 'bg-primary/10 text-primary' },
  accepted: { icon: <CircleCheck />, tone: 'bg-success/15 text-success' },
  declined: { icon: <CircleX />, tone: 'bg-destructive/10 text-destructive' },
  expired: {
    icon: <Hourglass />,
    tone: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
  },
};

const kindLabels = (i18n: I18n): Record<TActivityKind, string> => ({
  created: i18n._('Created'),
  sent: i18n._('Sent'),
  viewed: i18n._('Opened by the client'),
  accepted: i18n._('Accepted'),
  declined: i18n._('Declined'),
  expired: i18n._('Expired'),
});

function ActivityItem({ item, locale }: { item: TOverviewActivity; locale: string }) {
  const { i18n } = useLingui();
  const kind = KINDS[item.kind];
  const to = item.status === 'draft' ? paths.editDraft(item.proposalId) : paths.proposal(item.proposalId);
  return (
    <li>
      <Link to={to} className="hover:bg-accent flex items-center gap-3 rounded-md px-2 py-2.5 transition-colors">
        <span aria-hidden="true" className={cn('shrink-0 rounded-full p-2 [&_svg]:size-4', kind.tone)}>
          {kind.icon}
        </span>
        <span className="min-w-0 flex-1">
          <span className="block truncate text-sm font-medium">{item.title}</span>
          <span className="text-muted-foreground block truncate text-xs">
            {kindLabels(i18n)[item.kind]} · <span className="font-mono">{item.number}</span>
            {item.clientName ? <> · {item.clientName}</> : null}
          </span>
        </span>
        <time
          dateTime={item.at}
          title={formatDateTime(item.at, locale)}
          className="text-muted-foreground shrink-0 text-xs"
        >
          {formatRelativeTime(item.at)}
        </time>
      </Link>
    </li>
  );
}

/** The newest events on the user's proposals, each opening its proposal. */
/** Recent activity; `locale` writes the times' dates (the owner's document locale). */
export function OverviewActivity({ activity, locale }: { activity: TOverviewActivity[]; locale: string }) {
  const { i18n } = useLingui();
  return (
    <Card>
      <CardHeader className="pb-2">
        <CardTitle>{i18n._('Recent activity')}</CardTitle>
      </CardHeader>
      <CardContent className="px-4">
        {activity.length === 0 ? (
          <p className="text-muted-foreground px-2 text-sm">
            {i18n._('Nothing has happened yet. Creating, sending and your clients’ answers show up here.')}
          </p>
        ) : (
          <ul aria-label={i18n._('Recent activity')} className="space-y-0.5">
            {activity.map((item) => (
              <ActivityItem key={`${item.proposalId}-${item.kind}`} item={item} locale={locale} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

export function OverviewActivitySkeleton() {
  return (
    <Card className="p-6">
      <Skeleton className="h-5 w-36" />
      <div className="mt-5 space-y-4">
        {Array.from({ length: 5 }, (_, i) => (
          <div key={i} className="flex items-center gap-3">
            <Skeleton className="size-8 shrink-0 rounded-full" />
            <div className="flex-1 space-y-2">
              <Skeleton className="h-4 w-3/4" />
              <Skeleton className="h-3 w-1/2" />
            </div>
          </div>
        ))}
      </div>
    </Card>
  );
}
