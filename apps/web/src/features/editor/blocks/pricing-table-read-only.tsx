import { formatQuantity, type TPricingTable } from '@draftwell/shared/document';
import { billingKindName, unitLabel } from '@draftwell/shared/document/display';
import { formatMoney } from '@draftwell/shared/money';
import { useLingui } from '@lingui/react';
import { formatPercentInput, lineTotalText } from './pricing-line-fields';
import { PricingTotals } from './pricing-totals';

/** The table as the client will see it, without inputs. */
export function PricingTableReadOnly({ value, currency }: { value: TPricingTable; currency: string }) {
  const { i18n } = useLingui();
  const isChoice = value.kind === 'choice';
  return (
    <section className="draft-block bg-card text-card-foreground @container rounded-lg border">
      {value.title.trim() ? <h3 className="border-b px-4 py-3 text-lg font-semibold">{value.title}</h3> : null}
      {value.lines.length === 0 ? (
        <p className="text-muted-foreground px-4 py-6 text-sm">{i18n._('This table has no lines yet.')}</p>
      ) : (
        <table className="w-full text-sm">
          <caption className="sr-only">
            {value.title.trim() || (isChoice ? i18n._('Packages') : i18n._('Pricing'))}
          </caption>
          <thead>
            <tr className="text-muted-foreground border-b text-left text-xs">
              <th scope="col" className="px-4 py-2 font-medium">
                {isChoice ? i18n._('Package') : i18n._('Description')}
              </th>
              <th scope="col" className="hidden px-2 py-2 text-right font-medium @md:table-cell">
                {i18n._('Quantity')}
              </th>
              <th scope="col" className="hidden px-2 py-2 text-right font-medium @md:table-cell">
                {i18n._('Unit price')}
              </th>
              <th scope="col" className="px-4 py-2 text-right font-medium">
                {i18n._('Total')}
              </th>
            </tr>
          </thead>
          <tbody>
            {value.lines.map((line) => {
              const notes = [
                line.discountPercent
                  ? i18n._('{percent} % discount', { percent: formatPercentInput(line.discountPercent) })
                  : null,
                line.taxPercent ? i18n._('{percent} % tax', { percent: formatPercentInput(line.taxPercent) }) : null,
                line.billing !== 'one_off' ? billingKindName(i18n, line.billing) : null,
                line.quantityRange
                  ? i18n._('quantity {min}–{max}', {
                      min: formatQuantity(line.quantityRange.min),
                      max: formatQuantity(line.quantityRange.max),
                    })
                  : null,
              ].filter(Boolean);
              return (
                <tr key={line.id} className="border-b last:border-b-0">
                  <td className="px-4 py-2 align-top">
                    <span className="font-medium">{line.description || i18n._('Untitled line')}</span>
                    {isChoice && line.selected ? (
                      <span className="bg-secondary text-secondary-foreground ml-2 rounded-full px-2 py-0.5 text-xs">
                        {i18n._('Chosen')}
                      </span>
                    ) : null}
                    {!isChoice && line.optional ? (
                      <span className="ml-2 rounded-full border px-2 py-0.5 text-xs">
                        {line.selected ? i18n._('Optional, included') : i18n._('Optional')}
                      </span>
                    ) : null}
                    <span className="text-muted-foreground block text-xs @md:hidden">
                      {formatQuantity(line.quantity)} {unitLabel(line.unit, line.quantity)} ×{' '}
                      {formatMoney(line.unitPrice, currency)}
                    </span>
                    {notes.length ? (
                      <span className="text-muted-foreground block text-xs">{notes.join(' · ')}</span>
                    ) : null}
                  </td>
                  <td className="hidden px-2 py-2 text-right align-top tabular-nums @md:table-cell">
                    {formatQuantity(line.quantity)} {unitLabel(line.unit, line.quantity)}
                  </td>
                  <td className="hidden px-2 py-2 text-right align-top tabular-nums @md:table-cell">
                    {formatMoney(line.unitPrice, currency)}
                  </td>
                  <td className="px-4 py-2 text-right align-top font-medium whitespace-nowrap tabular-nums">
                    {lineTotalText(i18n, line, currency)}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      <div className="flex justify-end border-t p-4">
        <PricingTotals table={value} currency={currency} />
      </div>
    </section>
  );
}
