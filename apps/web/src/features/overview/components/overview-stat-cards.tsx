import { englishI18n } from '@draftwell/shared/i18n/english';
import type { TOverview } from '@draftwell/shared/workspace/overview';
import { formatKindTotals } from '@draftwell/shared/document/display';
import { formatNumber, formatRatioPercent } from '@draftwell/shared/i18n/format';
import { CircleCheck, FilePen, Percent, Send, Wallet } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';

const plural = (n: number, one: string, many: string, locale: string) =>
  `${formatNumber(n, locale)} ${n === 1 ? one : many}`;

function StatCard({
  label,
  icon,
  hint,
  children,
  className,
}: {
  label: string;
  icon: ReactNode;
  hint: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  const labelId = useId();
  return (
    <Card role="group" aria-labelledby={labelId} className={cn('flex flex-col gap-1 p-4', className)}>
      <div className="text-muted-foreground flex items-center justify-between gap-2">
        <p id={labelId} className="text-sm font-medium">
          {label}
        </p>
        <span aria-hidden="true" className="[&_svg]:size-4">
          {icon}
        </span>
      </div>
      <div className="text-2xl font-semibold tracking-tight tabular-nums">{children}</div>
      <p className="text-muted-foreground text-xs">{hint}</p>
    </Card>
  );
}

/** The overview's figures: drafts, awaiting a reply, accepted, win rate and this month's value, written in `locale`. */
export function OverviewStatCards({ overview, locale }: { overview: TOverview; locale: string }) {
  const { counts, winRate, acceptedThisMonth } = overview;
  const awaiting = counts.sent + counts.viewed;
  const decided = counts.accepted + counts.declined;
  const acceptedCount = acceptedThisMonth.reduce((n, a) => n + a.count, 0);
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <StatCard label="Drafts" icon={<FilePen />} hint="Not sent yet">
        {formatNumber(counts.draft, locale)}
      </StatCard>
      <StatCard
        label="Awaiting reply"
        icon={<Send />}
        hint={
          counts.viewed > 0
            ? `${plural(counts.viewed, 'opened', 'opened', locale)} by the client`
            : 'Sent, not opened yet'
        }
      >
        {formatNumber(awaiting, locale)}
      </StatCard>
      <StatCard
        label="Accepted"
        icon={<CircleCheck />}
        hint={`${plural(counts.declined, 'declined', 'declined', locale)} · ${plural(counts.expired, 'expired', 'expired', locale)}`}
      >
        {formatNumber(counts.accepted, locale)}
      </StatCard>
      <StatCard
        label="Win rate"
        icon={<Percent />}
        hint={
          winRate === null
            ? 'Shown once a client accepts or declines'
            : `${plural(counts.accepted, 'accepted', 'accepted', locale)} of ${plural(decided, 'decision', 'decisions', locale)}`
        }
      >
        {winRate === null ? (
          <span className="text-muted-foreground text-lg font-medium">No decisions yet</span>
        ) : (
          formatRatioPercent(winRate, locale, 0)
        )}
      </StatCard>
      <StatCard
        label="Accepted this month"
        icon={<Wallet />}
        className="sm:col-span-2 xl:col-span-4"
        hint={
          acceptedCount === 0
            ? 'What your clients accept this month, one-off and recurring'
            : `${plural(acceptedCount, 'proposal', 'proposals', locale)}, as your clients accepted them`
        }
      >
        {acceptedThisMonth.length === 0 ? (
          <span className="text-muted-foreground text-lg font-medium">Nothing accepted yet this month</span>
        ) : (
          <ul className="flex flex-wrap gap-x-6 gap-y-1">
            {acceptedThisMonth.map((a) => (
              <li key={a.currency} className="break-words">
                {formatKindTotals(englishI18n, a, a.currency)}
                <span className="sr-only"> from {plural(a.count, 'proposal', 'proposals', locale)}</span>
              </li>
            ))}
          </ul>
        )}
      </StatCard>
    </div>
  );
}

export function OverviewStatCardsSkeleton() {
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
      {Array.from({ length: 5 }, (_, i) => (
        <Card key={i} className={cn('space-y-3 p-4', i === 4 && 'sm:col-span-2 xl:col-span-4')}>
          <Skeleton className="h-4 w-24" />
          <Skeleton className="h-7 w-16" />
          <Skeleton className="h-3 w-32" />
        </Card>
      ))}
    </div>
  );
}
