import {
  BILLING_KINDS,
  formatQuantity,
  lineTotal,
  tableTotals,
  type TBillingKind,
  type TPricingTotals,
} from '@draftwell/shared/document/pricing';
import type { TPricingLine, TPricingSelection, TPricingTable } from '@draftwell/shared/document/schema';
import { moneyLocale } from '@draftwell/shared/document/locale';
import { formatMoney } from '@draftwell/shared/money';
import type { I18n } from '@draftwell/shared/i18n/i18n';
import { useLingui } from '@lingui/react';
import { useId, type ReactNode } from 'react';
import { cx } from '../utils/class-names';
import {
  formatPercent,
  kindsToTotal,
  lineChoice,
  priceWithBilling,
  totalsRows,
  unitLabel,
} from '@draftwell/shared/document/display';
import { withLineSelected, withPackageChosen, withQuantity } from '../utils/selection';
import { QuantityInput } from './quantity-input';

type TProps = {
  table: TPricingTable;
  currency: string;
  selection?: TPricingSelection;
  onSelectionChange?: (next: TPricingSelection) => void;
};

/**
 * Cells become label/value rows when the container is narrow (a phone, a side preview). The label
 * keeps its width: a long unit beside it wraps, not the word "Quantity".
 */
const CELL = 'flex items-baseline justify-between gap-4 py-1 @xl:table-cell @xl:py-3 @xl:align-top';
const LABELLED =
  'before:text-muted-foreground before:shrink-0 before:font-normal before:content-[attr(data-label)] @xl:text-end @xl:before:content-none';
/**
 * Amounts and the column headers are ours, never a word too long to fit: in a narrow column they
 * wrap at spaces ("$400 / month") but are not broken inside a word ("QUANTIT-Y"), which the
 * document's `wrap-anywhere` would do for text a person typed.
 */
const AMOUNT = 'tabular-nums wrap-normal';

/** The line as a label names it: its description, else "this item". */
function describe(i18n: I18n, line: TPricingLine): string {
  return line.description.trim() || i18n._('this item');
}

function safeLineTotal(line: TPricingLine, quantity: number): number | null {
  try {
    return lineTotal({ ...line, quantity }).total;
  } catch {
    return null;
  }
}

/** The billing kinds this table has lines of, in a fixed order. */
function kindsOf(table: TPricingTable): TBillingKind[] {
  return BILLING_KINDS.filter((kind) => table.lines.some((line) => line.billing === kind));
}

export function TotalsList({
  totals,
  kinds,
  currency,
  label,
  nameKinds = false,
}: {
  totals: TPricingTotals;
  kinds: readonly TBillingKind[];
  currency: string;
  /** The total's name, in the reader's language; "Total" when not given. */
  label?: string;
  /** Say "one-off" even when it is the only kind shown (the table has lines of other kinds). */
  nameKinds?: boolean;
}) {
  const { i18n } = useLingui();
  const money = (minor: number) => formatMoney(minor, currency, moneyLocale(i18n.locale));
  return (
    <div className="ms-auto w-full max-w-sm space-y-4">
      {kinds.map((kind) => {
        const rows = totalsRows(i18n, totals[kind], kind, { kindsShown: kinds.length, nameKind: nameKinds, label });
        const detailed = rows.length > 1;
        return (
          <dl key={kind} className="space-y-1.5 text-sm" data-billing={kind}>
            {rows.map((row) =>
              row.kind === 'total' ? (
                <Row
                  key={row.kind}
                  term={row.term}
                  value={money(row.amount)}
                  className={cx(
                    'text-base font-semibold',
                    detailed && 'border-t pt-2',
                    kind === kinds[0] && 'text-(--dv-accent)',
                  )}
                />
              ) : (
                <Row
                  key={row.kind}
                  term={row.term}
                  value={row.kind === 'discount' ? `−${money(row.amount)}` : money(row.amount)}
                />
              ),
            )}
          </dl>
        );
      })}
    </div>
  );
}

function Row({ term, value, className }: { term: string; value: string; className?: string }) {
  return (
    <div className={cx('flex items-baseline justify-between gap-6', className)}>
      <dt>{term}</dt>
      <dd className="tabular-nums">{value}</dd>
    </div>
  );
}

export function PricingTableView({ table, currency, selection, onSelectionChange }: TProps) {
  const { i18n } = useLingui();
  const baseId = useId();
  const interactive = Boolean(onSelectionChange);
  const isChoice = table.kind === 'choice';
  const showDiscount = table.lines.some((line) => line.discountPercent > 0);
  const showTax = table.lines.some((line) => line.taxPercent > 0);
  const money = (minor: number) => formatMoney(minor, currency, moneyLocale(i18n.locale));

  let totals: TPricingTotals | null = null;
  let totalsError: string | null = null;
  try {
    totals = tableTotals(table, selection);
  } catch (error) {
    totalsError = error instanceof Error ? error.message : i18n._('These prices could not be added up.');
  }

  const title = table.title.trim();
  const titleId = `${baseId}-title`;

  const control = (line: TPricingLine, included: boolean): ReactNode => {
    const id = `${baseId}-${line.id}`;
    if (isChoice) {
      if (!interactive) return null;
      return (
        <input
          id={id}
          type="radio"
          name={`${baseId}-choice`}
          checked={included}
          onChange={() => onSelectionChange?.(withPackageChosen(selection, table, line.id))}
          className="accent-(--dv-accent) mt-1 size-4 shrink-0"
        />
      );
    }
    if (!line.optional || !interactive) return null;
    return (
      <input
        id={id}
        type="checkbox"
        checked={included}
        onChange={(event) => onSelectionChange?.(withLineSelected(selection, line.id, event.target.checked))}
        className="accent-(--dv-accent) mt-1 size-4 shrink-0 rounded"
      />
    );
  };

  const status = (line: TPricingLine, included: boolean): ReactNode => {
    if (isChoice) {
      return included ? <Tag tone="accent">{interactive ? i18n._('Selected') : i18n._('Chosen package')}</Tag> : null;
    }
    if (!line.optional) return null;
    return (
      <Tag tone={included ? 'accent' : 'muted'}>{included ? i18n._('Optional · included') : i18n._('Optional')}</Tag>
    );
  };

  const body = (
    <table className="w-full border-collapse text-sm @xl:table-fixed" aria-labelledby={title ? titleId : undefined}>
      {title ? null : <caption className="sr-only">{isChoice ? i18n._('Packages') : i18n._('Pricing')}</caption>}
      <thead className="sr-only @xl:not-sr-only @xl:table-header-group">
        <tr className="text-muted-foreground border-b-2 border-(--dv-accent) text-xs tracking-wide wrap-normal uppercase">
          <th scope="col" className="w-[40%] py-2 pe-3 text-start font-medium">
            {isChoice ? i18n._('Package') : i18n._('Description')}
          </th>
          <th scope="col" className="px-3 py-2 text-end font-medium">
            {i18n._('Quantity')}
          </th>
          <th scope="col" className="px-3 py-2 text-end font-medium">
            {i18n._('Unit price')}
          </th>
          {showDiscount ? (
            <th scope="col" className="px-3 py-2 text-end font-medium">
              {i18n._('Discount')}
            </th>
          ) : null}
          {showTax ? (
            <th scope="col" className="px-3 py-2 text-end font-medium">
              {i18n._('Tax')}
            </th>
          ) : null}
          <th scope="col" className="py-2 ps-3 text-end font-medium">
            {i18n._('Total')}
          </th>
        </tr>
      </thead>
      <tbody className="block space-y-3 @xl:table-row-group @xl:space-y-0">
        {table.lines.map((line) => {
          const { included, quantity } = lineChoice(table, line, selection);
          const amount = safeLineTotal(line, quantity);
          const range = line.quantityRange;
          const canChangeQuantity = interactive && range && range.min !== range.max;
          const ctrl = control(line, included);
          return (
            <tr
              key={line.id}
              data-line={line.id}
              data-included={included}
              className={cx(
                'block rounded-lg border px-4 py-3 break-inside-avoid @xl:table-row @xl:rounded-none @xl:border-0 @xl:border-b @xl:px-0 @xl:py-0',
                !included && 'text-muted-foreground',
                included && isChoice && 'border-(--dv-accent) @xl:border-border',
              )}
            >
              <th
                scope="row"
                className="block pb-2 text-start font-normal @xl:table-cell @xl:py-3 @xl:pe-3 @xl:align-top"
              >
                <span className="flex items-start gap-3">
                  {ctrl}
                  <span className="min-w-0">
                    {ctrl ? (
                      <label htmlFor={`${baseId}-${line.id}`} className="cursor-pointer font-medium">
                        {describe(i18n, line)}
                      </label>
                    ) : (
                      <bdi className="font-medium">{line.description.trim() || i18n._('Item')}</bdi>
                    )}
                    <span className="mt-1 flex flex-wrap gap-1.5">{status(line, included)}</span>
                  </span>
                </span>
              </th>
              <td data-label={i18n._('Quantity')} className={cx(CELL, LABELLED, '@xl:px-3')}>
                {canChangeQuantity ? (
                  <QuantityInput
                    label={
                      line.description.trim()
                        ? i18n._('Quantity of {item}', { item: line.description.trim() })
                        : i18n._('Quantity of this item')
                    }
                    value={quantity}
                    min={range.min}
                    max={range.max}
                    unit={line.unit}
                    onChange={(next) => onSelectionChange?.(withQuantity(selection, line.id, next))}
                  />
                ) : (
                  <span className="tabular-nums">
                    {`${formatQuantity(quantity)} ${unitLabel(line.unit, quantity)}`.trim()}
                  </span>
                )}
              </td>
              <td data-label={i18n._('Unit price')} className={cx(CELL, LABELLED, AMOUNT, '@xl:px-3')}>
                {priceWithBilling(i18n, money(line.unitPrice), line.billing)}
              </td>
              {showDiscount ? (
                <td data-label={i18n._('Discount')} className={cx(CELL, LABELLED, AMOUNT, '@xl:px-3')}>
                  {line.discountPercent > 0 ? formatPercent(line.discountPercent) : '—'}
                </td>
              ) : null}
              {showTax ? (
                <td data-label={i18n._('Tax')} className={cx(CELL, LABELLED, AMOUNT, '@xl:px-3')}>
                  {line.taxPercent > 0 ? formatPercent(line.taxPercent) : '—'}
                </td>
              ) : null}
              <td data-label={i18n._('Total')} className={cx(CELL, LABELLED, AMOUNT, 'font-semibold @xl:ps-3')}>
                {amount === null ? '—' : priceWithBilling(i18n, money(amount), line.billing)}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );

  return (
    <section className="@container my-10 break-inside-avoid-page" data-block="pricing_table">
      {title ? (
        <h2 id={titleId} dir="auto" className="mb-4 text-xl leading-snug font-semibold tracking-tight">
          {title}
        </h2>
      ) : null}
      {isChoice && table.lines.length > 0 ? (
        <p className="text-muted-foreground mb-3 text-sm">
          {interactive ? i18n._('Choose one package.') : i18n._('One package is chosen from these options.')}
        </p>
      ) : null}
      {table.lines.length === 0 ? (
        <p className="text-muted-foreground rounded-lg border border-dashed px-4 py-6 text-center text-sm">
          {i18n._('No items in this table yet.')}
        </p>
      ) : isChoice && interactive ? (
        <fieldset>
          <legend className="sr-only">{title || i18n._('Packages')}</legend>
          {body}
        </fieldset>
      ) : (
        body
      )}
      {totalsError ? (
        <p role="alert" className="text-destructive mt-4 text-sm">
          {totalsError}
        </p>
      ) : totals && table.lines.length > 0 ? (
        <div className="mt-5 flex" aria-live={interactive ? 'polite' : undefined}>
          <TotalsList
            totals={totals}
            kinds={kindsToTotal([table], selection)}
            currency={currency}
            nameKinds={kindsOf(table).length > 1}
          />
        </div>
      ) : null}
    </section>
  );
}

function Tag({ tone, children }: { tone: 'accent' | 'muted'; children: ReactNode }) {
  return (
    <span
      className={cx(
        'inline-flex items-center rounded-full border px-2 py-0.5 text-xs font-medium',
        tone === 'accent' ? 'border-(--dv-accent) text-(--dv-accent)' : 'text-muted-foreground',
      )}
    >
      {children}
    </span>
  );
}
