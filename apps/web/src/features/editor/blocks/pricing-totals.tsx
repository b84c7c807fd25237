import {
  BILLING_KINDS,
  PricingError,
  tableTotals,
  type TBillingKind,
  type TPricingTable,
  type TPricingTotals,
} from '@draftwell/shared/document';
import type { I18n } from '@draftwell/shared/i18n/i18n';
import { formatMoney } from '@draftwell/shared/money';
import { useLingui } from '@lingui/react';
import { appI18n } from '@/lib/app-language';

const headings = (i18n: I18n): Record<TBillingKind, string> => ({
  one_off: i18n._('One-off'),
  monthly: i18n._('Per month'),
  yearly: i18n._('Per year'),
});
const totalLabels = (i18n: I18n): Record<TBillingKind, string> => ({
  one_off: i18n._('Total'),
  monthly: i18n._('Total per month'),
  yearly: i18n._('Total per year'),
});

/** The billing kinds the client pays for as the table stands (unticked optional lines and other packages left out). */
export function billingKindsIncluded(table: TPricingTable): TBillingKind[] {
  const included = table.lines.filter((line) =>
    table.kind === 'choice' ? line.selected : !line.optional || line.selected,
  );
  const kinds = new Set(included.map((line) => line.billing));
  return BILLING_KINDS.filter((kind) => kinds.has(kind));
}

type TTotalsResult = { ok: true; totals: TPricingTotals } | { ok: false; message: string };

export function computeTotals(table: TPricingTable): TTotalsResult {
  try {
    return { ok: true, totals: tableTotals(table) };
  } catch (error) {
    if (!(error instanceof PricingError)) throw error;
    const i18n = appI18n();
    return {
      ok: false,
      message:
        error.code === 'amount_too_large' || error.code === 'invalid_amount'
          ? i18n._('The totals are too large to compute exactly; lower some prices or quantities.')
          : error.message,
    };
  }
}

/** Subtotal, discount, tax and total for each billing kind present, computed exactly by the shared math. */
export function PricingTotals({ table, currency }: { table: TPricingTable; currency: string }) {
  const { i18n } = useLingui();
  if (table.lines.length === 0) return null;
  const result = computeTotals(table);
  if (!result.ok) {
    return (
      <p role="alert" className="text-destructive max-w-xs text-sm">
        {result.message}
      </p>
    );
  }
  const kinds = billingKindsIncluded(table);
  const hasOptional = table.kind === 'lines' && table.lines.some((line) => line.optional);
  return (
    <div className="ml-auto grid w-full max-w-xs gap-3 text-sm" aria-label={i18n._('Totals')} role="group">
      {(kinds.length ? kinds : (['one_off'] as const)).map((kind) => {
        const amounts = result.totals[kind];
        return (
          <div key={kind} className="grid gap-1">
            {kinds.length > 1 ? (
              <p className="text-muted-foreground text-xs font-semibold tracking-wide uppercase">
                {headings(i18n)[kind]}
              </p>
            ) : null}
            <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1">
              <dt className="text-muted-foreground">{i18n._('Subtotal')}</dt>
              <dd className="text-right tabular-nums">{formatMoney(amounts.net + amounts.discount, currency)}</dd>
              {amounts.discount > 0 ? (
                <>
                  <dt className="text-muted-foreground">{i18n._('Discount')}</dt>
                  <dd className="text-right tabular-nums">−{formatMoney(amounts.discount, currency)}</dd>
                </>
              ) : null}
              <dt className="text-muted-foreground">{i18n._('Tax')}</dt>
              <dd className="text-right tabular-nums">{formatMoney(amounts.tax, currency)}</dd>
              <dt className="font-semibold">{totalLabels(i18n)[kind]}</dt>
              <dd className="text-right font-semibold tabular-nums">{formatMoney(amounts.total, currency)}</dd>
            </dl>
          </div>
        );
      })}
      {table.kind === 'choice' ? (
        <p className="text-muted-foreground text-xs">{i18n._('For the chosen package.')}</p>
      ) : hasOptional ? (
        <p className="text-muted-foreground text-xs">{i18n._('With the optional lines ticked in by default.')}</p>
      ) : null}
    </div>
  );
}
