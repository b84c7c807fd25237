import { useLingui } from '@lingui/react';
import { kindsWithAmounts, totalName } from '@draftwell/shared/document/display';
import type { TPricingTotals } from '@draftwell/shared/document/pricing';
import type { TDocument, TPricingSelection } from '@draftwell/shared/document/schema';
import { moneyLocale } from '@draftwell/shared/document/locale';
import { formatMoney } from '@draftwell/shared/money';
import { chosenOptions } from '../utils/selection';

export function TotalsRows({ totals, currency }: { totals: TPricingTotals; currency: string }) {
  const { i18n } = useLingui();
  return (
    <dl className="space-y-1 text-sm">
      {kindsWithAmounts(totals).map((kind) => (
        <div key={kind} className="flex items-baseline justify-between gap-4" data-billing={kind}>
          <dt className="text-muted-foreground">{totalName(i18n, kind)}</dt>
          <dd className="font-semibold tabular-nums">
            {formatMoney(totals[kind].total, currency, moneyLocale(i18n.locale))}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** The options and packages the client takes, in words; or that they could choose none. */
export function ChosenOptions({ document, selection }: { document: TDocument; selection: TPricingSelection }) {
  const { i18n } = useLingui();
  const chosen = chosenOptions(i18n, document, selection);
  const anyChoice = document.blocks.some(
    (b) =>
      b.type === 'pricing_table' &&
      (b.kind === 'choice' || b.lines.some((line) => line.optional || line.quantityRange !== undefined)),
  );
  if (!anyChoice) {
    return <p className="text-muted-foreground text-sm">{i18n._('This proposal has no options to choose.')}</p>;
  }
  if (chosen.length === 0) return <p className="text-muted-foreground text-sm">{i18n._('No optional items.')}</p>;
  return (
    <ul className="list-disc space-y-1 ps-5 text-sm">
      {chosen.map((line) => (
        <li key={line.id}>
          {line.kind === 'package' ? i18n._('Package: {name}', { name: line.description }) : line.description}
          {line.quantity ? <span className="text-muted-foreground"> — {line.quantity}</span> : null}
        </li>
      ))}
    </ul>
  );
}
