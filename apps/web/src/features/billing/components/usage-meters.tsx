import { useLingui } from '@lingui/react';
import type { I18n } from '@draftwell/shared/i18n/i18n';
import {
  LIMITED_ACTION_LABELS,
  type TBillingState,
  type TLimitedAction,
  type TUsageMeter,
} from '@draftwell/shared/plans';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import { meterTone, periodLabel, resetsOn } from '../utils/billing-text';

const BAR: Record<ReturnType<typeof meterTone>, string> = {
  ok: 'bg-primary',
  near: 'bg-amber-500',
  full: 'bg-destructive',
};

/** A limited action's name, in the app's language (LIMITED_ACTION_LABELS holds the English). */
function actionLabel(i18n: I18n, action: TLimitedAction): string {
  switch (action) {
    case 'proposalsSent':
      return i18n._('Proposals sent');
    case 'briefDrafts':
      return i18n._('Drafts from a brief');
    case 'ownTemplates':
      return i18n._('Own templates');
    default:
      return LIMITED_ACTION_LABELS[action];
  }
}

function Meter({ meter, perPeriod }: { meter: TUsageMeter; perPeriod: boolean }) {
  const { i18n } = useLingui();
  const label = actionLabel(i18n, meter.action);
  const tone = meterTone(meter.used, meter.limit);
  const id = `meter-${meter.action}`;
  const text =
    meter.limit === null
      ? i18n._('{used} · unlimited', { used: meter.used })
      : tone === 'full'
        ? i18n._('{used} of {limit} · limit reached', { used: meter.used, limit: meter.limit })
        : i18n._('{used} of {limit}', { used: meter.used, limit: meter.limit });
  // An unlimited meter still shows a sliver per use, so it reads as a meter, not as empty.
  const percent = meter.limit === null ? 0 : Math.min(100, Math.round((meter.used / Math.max(meter.limit, 1)) * 100));
  return (
    <li className="grid gap-1.5">
      <div className="flex items-baseline justify-between gap-2 text-sm">
        <span id={id} className="font-medium">
          {label}
          {perPeriod ? null : <span className="text-muted-foreground font-normal"> {i18n._('(in total)')}</span>}
        </span>
        <span
          className={cn('tabular-nums', tone === 'full' ? 'text-destructive font-medium' : 'text-muted-foreground')}
        >
          {text}
        </span>
      </div>
      <div
        role="progressbar"
        aria-labelledby={id}
        aria-valuemin={0}
        aria-valuemax={meter.limit ?? undefined}
        aria-valuenow={meter.used}
        aria-valuetext={
          meter.limit === null
            ? i18n._('{used} used, unlimited', { used: meter.used })
            : i18n._('{used} of {limit} used', { used: meter.used, limit: meter.limit })
        }
        className="bg-muted h-2 overflow-hidden rounded-full"
      >
        <div className={cn('h-full rounded-full transition-[width]', BAR[tone])} style={{ width: `${percent}%` }} />
      </div>
    </li>
  );
}

/** This period's usage of every limited action, as the server counts it. */
export function UsageMeters({ state }: { state: TBillingState }) {
  const { i18n } = useLingui();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{i18n._('Usage this period')}</CardTitle>
        <CardDescription>
          {periodLabel(state.period)} · {resetsOn(i18n, state.period.end)}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-5" aria-label={i18n._('Usage')}>
          {state.meters.map((m) => (
            <Meter key={m.action} meter={m} perPeriod={m.action !== 'ownTemplates'} />
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
