import type { TOverview } from '@draftwell/shared/workspace/overview';
import { formatKindTotals } from '@draftwell/shared/document/display';
import { formatNumber, formatRatioPercent } from '@draftwell/shared/i18n/format';
import { Trans, useLingui } from '@lingui/react';
import { CircleCheck, FilePen, Percent, Send, Wallet } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';

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
  const { i18n } = useLingui();
  const { counts, winRate, acceptedThisMonth } = overview;
  const awaiting = counts.sent + counts.viewed;
  const decided = counts.accepted + counts.declined;
  const acceptedCount = acceptedThisMonth.reduce((n, a) => n + a.count, 0);
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <StatCard label={i18n._('Drafts')} icon={<FilePen />} hint={i18n._('Not sent yet')}>
        {formatNumber(counts.draft, locale)}
      </StatCard>
      <StatCard
        label={i18n._('Awaiting reply')}
        icon={<Send />}
        hint={
          counts.viewed > 0
            ? i18n._('{count, plural, one {{n} opened by the client} other {{n} opened by the client}}', {
                count: counts.viewed,
                n: formatNumber(counts.viewed, locale),
              })
            : i18n._('Sent, not opened yet')
        }
      >
        {formatNumber(awaiting, locale)}
      </StatCard>
      <StatCard
        label={i18n._('Accepted')}
        icon={<CircleCheck />}
        hint={i18n._(
          '{declined, plural, one {{declinedText} declined} other {{declinedText} declined}} · {expired, plural, one {{expiredText} expired} other {{expiredText} expired}}',
          {
            declined: counts.declined,
            declinedText: formatNumber(counts.declined, locale),
            expired: counts.expired,
            expiredText: formatNumber(counts.expired, locale),
          },
        )}
      >
        {formatNumber(counts.accepted, locale)}
      </StatCard>
      <StatCard
        label={i18n._('Win rate')}
        icon={<Percent />}
        hint={
          winRate === null
            ? i18n._('Shown once a client accepts or declines')
            : i18n._(
                '{accepted, plural, one {{acceptedText} accepted} other {{acceptedText} accepted}} of {decided, plural, one {{decidedText} decision} other {{decidedText} decisions}}',
                {
                  accepted: counts.accepted,
                  acceptedText: formatNumber(counts.accepted, locale),
                  decided,
                  decidedText: formatNumber(decided, locale),
                },
              )
        }
      >
        {winRate === null ? (
          <span className="text-muted-foreground text-lg font-medium">{i18n._('No decisions yet')}</span>
        ) : (
          formatRatioPercent(winRate, locale, 0)
        )}
      </StatCard>
      <StatCard
        label={i18n._('Accepted this month')}
        icon={<Wallet />}
        className="sm:col-span-2 xl:col-span-4"
        hint={
          acceptedCount === 0
            ? i18n._('What your clients accept this month, one-off and recurring')
            : i18n._(
                '{count, plural, one {{n} proposal, as your clients accepted them} other {{n} proposals, as your clients accepted them}}',
                { count: acceptedCount, n: formatNumber(acceptedCount, locale) },
              )
        }
      >
        {acceptedThisMonth.length === 0 ? (
          <span className="text-muted-foreground text-lg font-medium">{i18n._('Nothing accepted yet this month')}</span>
        ) : (
          <ul className="flex flex-wrap gap-x-6 gap-y-1">
            {acceptedThisMonth.map((a) => (
              <li key={a.currency} className="break-words">
                <Trans
                  id="{totals}<0> from {count, plural, one {{n} proposal} other {{n} proposals}}</0>"
                  values={{
                    totals: formatKindTotals(i18n, a, a.currency),
                    count: a.count,
                    n: formatNumber(a.count, locale),
                  }}
                  components={{ 0: <span className="sr-only" /> }}
                />
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
