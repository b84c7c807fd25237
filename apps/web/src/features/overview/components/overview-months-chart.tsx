import type { I18n } from '@draftwell/shared/i18n/i18n';
import type { TOverviewMonth } from '@draftwell/shared/workspace/overview';
import { formatKindTotals } from '@draftwell/shared/document/display';
import { formatNumber } from '@draftwell/shared/i18n/format';
import { useLingui } from '@lingui/react';
import { useId } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { formatLongMonth, formatShortMonth } from '../utils/format-month';

// The plot is drawn in a 10-unit column per month and stretched to the card's width; the text
// stays in HTML so it never stretches with it.
const COLUMN = 10;
const BAR = 3;
const HEIGHT = 100;

/** A round top for the axis whose half is a whole number too: 4, 6, 8, 10, 20, 50, 100… */
function niceMax(max: number): number {
  if (max <= 10) return Math.max(4, Math.ceil(max / 2) * 2);
  const magnitude = 10 ** Math.floor(Math.log10(max));
  const step = [1, 2, 5, 10].find((s) => s * magnitude >= max) ?? 10;
  return step * magnitude;
}

/** The month's accepted value, one-off and recurring, each currency apart: "$2,750 + $5,940 / month; €900". */
const valueText = (i18n: I18n, month: TOverviewMonth) =>
  month.acceptedValue.length === 0
    ? '—'
    : month.acceptedValue.map((v) => formatKindTotals(i18n, v, v.currency)).join('; ');

/** Sent and accepted proposals per month for the last twelve months, as plain SVG. */
export function OverviewMonthsChart({ months, locale }: { months: TOverviewMonth[]; locale: string }) {
  const { i18n } = useLingui();
  const titleId = useId();
  const top = niceMax(Math.max(0, ...months.map((m) => Math.max(m.sent, m.accepted))));
  const ticks = [0, top / 2, top];
  const y = (n: number) => HEIGHT - (n / top) * HEIGHT;
  const first = months[0];
  const last = months.at(-1);
  const range =
    first && last
      ? i18n._('{from} to {to}', {
          from: formatLongMonth(first.month, locale),
          to: formatLongMonth(last.month, locale),
        })
      : '';
  const quiet = months.every((m) => m.sent === 0 && m.accepted === 0);

  return (
    <Card>
      <CardHeader className="pb-4">
        <CardTitle id={titleId}>{i18n._('Sent and accepted, month by month')}</CardTitle>
        <CardDescription>{range}</CardDescription>
      </CardHeader>
      <CardContent>
        <ul aria-label={i18n._('Legend')} className="text-muted-foreground mb-3 flex flex-wrap gap-x-4 gap-y-1 text-xs">
          <li className="flex items-center gap-1.5">
            <span aria-hidden="true" className="bg-primary size-3 rounded-[2px]" />
            {i18n._('Sent')}
          </li>
          <li className="flex items-center gap-1.5">
            <span aria-hidden="true" className="bg-success size-3 rounded-[2px]" />
            {i18n._('Accepted')}
          </li>
        </ul>
        <div className="flex">
          <div aria-hidden="true" className="text-muted-foreground relative mr-2 h-44 w-6 shrink-0 text-right text-xs">
            {ticks.map((tick) => (
              <span
                key={tick}
                className="absolute right-0 -translate-y-1/2 tabular-nums"
                style={{ top: `${(y(tick) / HEIGHT) * 100}%` }}
              >
                {tick}
              </span>
            ))}
          </div>
          <div className="relative h-44 min-w-0 flex-1">
            <svg
              role="img"
              aria-labelledby={titleId}
              viewBox={`0 0 ${months.length * COLUMN} ${HEIGHT}`}
              preserveAspectRatio="none"
              className="absolute inset-0 size-full overflow-visible"
            >
              {ticks.map((tick) => (
                <line
                  key={tick}
                  x1={0}
                  x2={months.length * COLUMN}
                  y1={y(tick)}
                  y2={y(tick)}
                  className={tick === 0 ? 'stroke-muted-foreground' : 'stroke-border'}
                  strokeWidth={1}
                  vectorEffect="non-scaling-stroke"
                />
              ))}
              {months.map((m, i) => {
                const x = i * COLUMN + (COLUMN - 2 * BAR - 0.6) / 2;
                const label = formatLongMonth(m.month, locale);
                return (
                  <g key={m.month}>
                    <rect x={x} y={y(m.sent)} width={BAR} height={HEIGHT - y(m.sent)} className="fill-primary">
                      <title>
                        {i18n._('{month}: {count, plural, one {{n} proposal sent} other {{n} proposals sent}}', {
                          month: label,
                          count: m.sent,
                          n: formatNumber(m.sent, locale),
                        })}
                      </title>
                    </rect>
                    <rect
                      x={x + BAR + 0.6}
                      y={y(m.accepted)}
                      width={BAR}
                      height={HEIGHT - y(m.accepted)}
                      className="fill-success"
                    >
                      <title>
                        {m.acceptedValue.length > 0
                          ? i18n._(
                              '{month}: {count, plural, one {{n} proposal accepted ({value})} other {{n} proposals accepted ({value})}}',
                              {
                                month: label,
                                count: m.accepted,
                                n: formatNumber(m.accepted, locale),
                                value: valueText(i18n, m),
                              },
                            )
                          : i18n._(
                              '{month}: {count, plural, one {{n} proposal accepted} other {{n} proposals accepted}}',
                              { month: label, count: m.accepted, n: formatNumber(m.accepted, locale) },
                            )}
                      </title>
                    </rect>
                  </g>
                );
              })}
            </svg>
          </div>
        </div>
        <div aria-hidden="true" className="@container ml-8 grid grid-cols-12 pt-1.5 text-center text-xs">
          {months.map((m) => (
            <span key={m.month} className="text-muted-foreground truncate">
              <span className="hidden @sm:inline">{formatShortMonth(m.month, locale)}</span>
              <span className="@sm:hidden">{formatShortMonth(m.month, locale).slice(0, 1)}</span>
            </span>
          ))}
        </div>
        {quiet ? (
          <p className="text-muted-foreground mt-3 text-sm">
            {i18n._('Nothing sent in the last twelve months yet. Sent and accepted proposals show here as bars.')}
          </p>
        ) : null}
        {/* A table ignores width: 1px, so the wrapper is what hides it. */}
        <div className="sr-only">
          <table>
            <caption>{i18n._('Proposals per month, {range}', { range })}</caption>
            <thead>
              <tr>
                <th scope="col">{i18n._('Month')}</th>
                <th scope="col">{i18n._('Created')}</th>
                <th scope="col">{i18n._('Sent')}</th>
                <th scope="col">{i18n._('Accepted')}</th>
                <th scope="col">{i18n._('Value accepted')}</th>
              </tr>
            </thead>
            <tbody>
              {months.map((m) => (
                <tr key={m.month}>
                  <th scope="row">{formatLongMonth(m.month, locale)}</th>
                  <td>{m.created}</td>
                  <td>{m.sent}</td>
                  <td>{m.accepted}</td>
                  <td>{valueText(i18n, m)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </CardContent>
    </Card>
  );
}

export function OverviewMonthsChartSkeleton() {
  return (
    <Card className="p-6">
      <Skeleton className="h-5 w-64 max-w-full" />
      <Skeleton className="mt-2 h-4 w-40" />
      <div className="mt-6 flex h-44 items-end gap-[3%]">
        {Array.from({ length: 12 }, (_, i) => (
          <Skeleton key={i} className="flex-1" style={{ height: `${20 + ((i * 37) % 70)}%` }} />
        ))}
      </div>
    </Card>
  );
}
