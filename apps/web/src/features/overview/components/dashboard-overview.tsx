import { useLingui } from '@lingui/react';
import { RotateCw, TriangleAlert } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useDocumentLocale } from '@/lib/api/business-profile';
import { browserTimeZone, useOverview } from '../api/get-overview';
import { OverviewActivity, OverviewActivitySkeleton } from './overview-activity';
import { OverviewMonthsChart, OverviewMonthsChartSkeleton } from './overview-months-chart';
import { OverviewStatCards, OverviewStatCardsSkeleton } from './overview-stat-cards';
import { OverviewWelcome } from './overview-welcome';

/**
 * The dashboard's main pane when no proposal is open: figures, the last year, recent activity.
 * `newProposal` starts one from the welcome shown before there is any; the app composes it.
 */
export function DashboardOverview({ newProposal }: { newProposal: ReactNode }) {
  const { i18n } = useLingui();
  const [timeZone] = useState(browserTimeZone);
  const overview = useOverview(timeZone);
  const locale = useDocumentLocale();

  if (overview.isPending) {
    return (
      <div role="status" aria-label={i18n._('Loading your overview')} className="space-y-6">
        <OverviewStatCardsSkeleton />
        <OverviewMonthsChartSkeleton />
        <OverviewActivitySkeleton />
      </div>
    );
  }

  if (overview.isError) {
    return (
      <Card role="alert" className="flex flex-col items-center px-6 py-12 text-center">
        <div className="bg-accent text-accent-foreground mb-4 rounded-full p-3 [&_svg]:size-6">
          <TriangleAlert aria-hidden="true" />
        </div>
        <h2 className="text-lg font-semibold">{i18n._('Your overview did not load')}</h2>
        <p className="text-muted-foreground mt-2 max-w-md text-sm">{overview.error.message}</p>
        <Button
          variant="outline"
          className="mt-4"
          onClick={() => void overview.refetch()}
          disabled={overview.isFetching}
          aria-busy={overview.isFetching || undefined}
        >
          <RotateCw aria-hidden="true" />
          {i18n._('Retry')}
        </Button>
      </Card>
    );
  }

  const data = overview.data;
  if (data.counts.total === 0) return <OverviewWelcome newProposal={newProposal} />;

  return (
    <div className="space-y-6">
      <h2 className="sr-only">{i18n._('At a glance')}</h2>
      <OverviewStatCards overview={data} locale={locale} />
      <OverviewMonthsChart months={data.months} locale={locale} />
      <OverviewActivity activity={data.activity} locale={locale} />
      {data.timeZone !== timeZone ? (
        <p className="text-muted-foreground text-xs">
          {i18n._('Months are counted in {timeZone}.', { timeZone: data.timeZone })}
        </p>
      ) : null}
    </div>
  );
}
