import { LIMITED_ACTION_LABELS, type TBillingState, type TUsageMeter } from '@draftwell/shared/plans';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import { meterTone, periodLabel, resetsOn } from '../utils/billing-text';

const BAR: Record<ReturnType<typeof meterTone>, string> = {
  ok: 'bg-primary',
  near: 'bg-amber-500',
  full: 'bg-destructive',
};

function Meter({ meter, perPeriod }: { meter: TUsageMeter; perPeriod: boolean }) {
  const label = LIMITED_ACTION_LABELS[meter.action];
  const tone = meterTone(meter.used, meter.limit);
  const id = `meter-${meter.action}`;
  const text = meter.limit === null ? `${meter.used} · unlimited` : `${meter.used} of ${meter.limit}`;
  // An unlimited meter still shows a sliver per use, so it reads as a meter, not as empty.
  const percent = meter.limit === null ? 0 : Math.min(100, Math.round((meter.used / Math.max(meter.limit, 1)) * 100));
  return (
    <li className="grid gap-1.5">
      <div className="flex items-baseline justify-between gap-2 text-sm">
        <span id={id} className="font-medium">
          {label}
          {perPeriod ? null : <span className="text-muted-foreground font-normal"> (in total)</span>}
        </span>
        <span
          className={cn('tabular-nums', tone === 'full' ? 'text-destructive font-medium' : 'text-muted-foreground')}
        >
          {text}
          {tone === 'full' ? ' · limit reached' : null}
        </span>
      </div>
      <div
        role="progressbar"
        aria-labelledby={id}
        aria-valuemin={0}
        aria-valuemax={meter.limit ?? undefined}
        aria-valuenow={meter.used}
        aria-valuetext={meter.limit === null ? `${meter.used} used, unlimited` : `${meter.used} of ${meter.limit} used`}
        className="bg-muted h-2 overflow-hidden rounded-full"
      >
        <div className={cn('h-full rounded-full transition-[width]', BAR[tone])} style={{ width: `${percent}%` }} />
      </div>
    </li>
  );
}

/** This period's usage of every limited action, as the server counts it. */
export function UsageMeters({ state }: { state: TBillingState }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Usage this period</CardTitle>
        <CardDescription>
          {periodLabel(state.period)} · {resetsOn(state.period.end)}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-5" aria-label="Usage">
          {state.meters.map((m) => (
            <Meter key={m.action} meter={m} perPeriod={m.action !== 'ownTemplates'} />
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
