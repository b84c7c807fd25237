import { BILLING_KINDS, type TBillingKind, type TPricingLine, type TPricingTable } from '@draftwell/shared/document';
import { billingKindName } from '@draftwell/shared/document/display';
import { cutText } from '@draftwell/shared/text';
import { Trans, useLingui } from '@lingui/react';
import { Sparkles } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { cn } from '@/lib/cn';
import { ParsedInput } from './parsed-input';
import { PricingLineActions } from './pricing-line-actions';
import {
  formatMoneyInput,
  formatPercentInput,
  formatQuantityInput,
  lineError,
  lineTotalText,
  parsePriceInput,
  parseQuantityInput,
  parseRateInput,
} from './pricing-line-fields';
import { LineInclusionFields, QuantityRangeFields } from './pricing-line-options';
import type { TFocusRequest } from './use-pricing-table-edits';

type TPricingLineRowsProps = {
  line: TPricingLine;
  index: number;
  count: number;
  kind: TPricingTable['kind'];
  currency: string;
  radioName: string;
  /** A new object each time focus should move here, so the same target twice still moves it. */
  focusRequest: TFocusRequest | null;
  onReplace: (line: TPricingLine) => void;
  onChoose: () => void;
  onMove: (direction: 'up' | 'down') => void;
  onDuplicate: () => void;
  onDelete: () => void;
};

/** Narrow containers get a visible label above each field; wide ones have the column headers. */
const COLUMN_LABEL = 'text-muted-foreground text-xs font-medium @2xl:sr-only';
/** In a narrow column a message may run on below the next cells, which are empty there. */
const COLUMN_ERROR = '@2xl:w-max @2xl:max-w-60';
/** The part of a field's label that only screen readers read (which line it is for). */
const srOnly = { 0: <span className="sr-only" /> };

/** The line with the AI's price accepted: the flag is dropped, not set to false (the schema stores only `true`). */
function reviewed(line: TPricingLine): TPricingLine {
  const { needsReview: _needsReview, ...rest } = line;
  return rest;
}

/** One line of the table: its main fields on a first row, its terms and controls on a second. */
export function PricingLineRows({
  line,
  index,
  count,
  kind,
  currency,
  radioName,
  focusRequest,
  onReplace,
  onChoose,
  onMove,
  onDuplicate,
  onDelete,
}: TPricingLineRowsProps) {
  const { i18n } = useLingui();
  const id = useId();
  const n = index + 1;
  const descriptionRef = useRef<HTMLInputElement>(null);
  const included = kind === 'choice' ? line.selected : !line.optional || line.selected;

  useEffect(() => {
    if (focusRequest?.target === 'description') descriptionRef.current?.focus();
  }, [focusRequest]);

  const update = (patch: Partial<TPricingLine>) => onReplace({ ...line, ...patch });
  const validate =
    (field: Parameters<typeof lineError>[1], patch: (value: number) => Partial<TPricingLine>) => (value: number) =>
      lineError({ ...line, ...patch(value) }, field);

  const cell = 'block align-top @2xl:table-cell @2xl:px-2 @2xl:pt-3 @2xl:pb-2';
  return (
    <tbody
      className={cn(
        'mb-3 block rounded-lg border last:mb-0 @2xl:table-row-group @2xl:rounded-none @2xl:border-0 @2xl:border-b @2xl:last:border-b-0',
        !included && 'bg-muted/40',
      )}
    >
      <tr className="grid grid-cols-2 gap-3 p-3 pb-2 @2xl:table-row @2xl:p-0">
        <td className={cn(cell, 'col-span-2 @2xl:hidden')}>
          <span className="text-muted-foreground text-xs font-semibold tracking-wide uppercase">
            {kind === 'choice' ? i18n._('Package {n}', { n }) : i18n._('Line {n}', { n })}
          </span>
        </td>
        <td className={cn(cell, 'col-span-2 @2xl:pl-0')}>
          <div className="grid gap-1">
            <label htmlFor={`${id}-description`} className={COLUMN_LABEL}>
              <Trans id="Description<0> for line {n}</0>" values={{ n }} components={srOnly} />
            </label>
            <Input
              ref={descriptionRef}
              id={`${id}-description`}
              className="h-9 px-2"
              value={line.description}
              maxLength={500}
              placeholder={kind === 'choice' ? i18n._('Package name') : i18n._('What you deliver')}
              onChange={(event) => update({ description: cutText(event.target.value, 500) })}
            />
            {line.needsReview ? (
              <div className="flex flex-wrap items-center gap-2 pt-1">
                <Badge variant="warning" data-testid="needs-review">
                  <Sparkles className="size-3" aria-hidden="true" />
                  {i18n._('Price suggested by AI: check it')}
                </Badge>
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  className="h-6 px-2 text-xs"
                  aria-label={i18n._('Confirm price for line {n}', { n })}
                  onClick={() => onReplace(reviewed(line))}
                >
                  {i18n._('Confirm price')}
                </Button>
              </div>
            ) : null}
          </div>
        </td>
        <td className={cell}>
          <ParsedInput
            label={<Trans id="Quantity<0> for line {n}</0>" values={{ n }} components={srOnly} />}
            labelClassName={COLUMN_LABEL}
            errorClassName={COLUMN_ERROR}
            inputMode="decimal"
            value={line.quantity}
            format={formatQuantityInput}
            parse={parseQuantityInput}
            validate={validate('quantity', (quantity) => ({ quantity }))}
            onCommit={(quantity) => update({ quantity })}
          />
        </td>
        <td className={cell}>
          <div className="grid gap-1">
            <label htmlFor={`${id}-unit`} className={COLUMN_LABEL}>
              <Trans id="Unit<0> for line {n}</0>" values={{ n }} components={srOnly} />
            </label>
            <Input
              id={`${id}-unit`}
              className="h-9 px-2"
              value={line.unit}
              maxLength={20}
              placeholder={i18n._('hours')}
              onChange={(event) => update({ unit: cutText(event.target.value, 20) })}
            />
          </div>
        </td>
        <td className={cell}>
          <ParsedInput
            label={
              <Trans id="Unit price<0> in {currency} for line {n}</0>" values={{ currency, n }} components={srOnly} />
            }
            labelClassName={COLUMN_LABEL}
            errorClassName={COLUMN_ERROR}
            inputMode="decimal"
            adornment={currency}
            value={line.unitPrice}
            format={(minor) => formatMoneyInput(minor, currency)}
            parse={(text) => parsePriceInput(text, currency)}
            validate={validate('unitPrice', (unitPrice) => ({ unitPrice }))}
            // A price the user typed is theirs: the AI's suggestion needs no more review.
            onCommit={(unitPrice) => onReplace({ ...reviewed(line), unitPrice })}
          />
        </td>
        <td className={cn(cell, '@2xl:pr-0 @2xl:text-right')}>
          <span className="text-muted-foreground block text-xs font-medium @2xl:sr-only">{i18n._('Total')}</span>
          <output
            aria-label={i18n._('Total for line {n}', { n })}
            className={cn(
              'block py-2 font-medium tabular-nums @2xl:py-1.5',
              !included && 'text-muted-foreground',
              !included && kind === 'lines' && 'line-through decoration-1',
            )}
          >
            {lineTotalText(i18n, line, currency)}
          </output>
        </td>
      </tr>
      <tr className="block @2xl:table-row">
        <td colSpan={5} className="block px-3 pb-3 @2xl:table-cell @2xl:px-0 @2xl:pt-1 @2xl:pb-3">
          <div className="flex flex-wrap items-start gap-x-4 gap-y-3">
            <ParsedInput
              label={<Trans id="Discount %<0> for line {n}</0>" values={{ n }} components={srOnly} />}
              wrapperClassName="w-20"
              errorClassName="w-max max-w-48"
              inputMode="decimal"
              adornment="%"
              value={line.discountPercent}
              format={formatPercentInput}
              parse={parseRateInput}
              validate={validate('discountPercent', (discountPercent) => ({ discountPercent }))}
              onCommit={(discountPercent) => update({ discountPercent })}
            />
            <ParsedInput
              label={<Trans id="Tax %<0> for line {n}</0>" values={{ n }} components={srOnly} />}
              wrapperClassName="w-20"
              errorClassName="w-max max-w-48"
              inputMode="decimal"
              adornment="%"
              value={line.taxPercent}
              format={formatPercentInput}
              parse={parseRateInput}
              validate={validate('taxPercent', (taxPercent) => ({ taxPercent }))}
              onCommit={(taxPercent) => update({ taxPercent })}
            />
            <div className="grid w-32 gap-1">
              <label htmlFor={`${id}-billing`} className="text-muted-foreground text-xs font-medium">
                <Trans id="Billing<0> for line {n}</0>" values={{ n }} components={srOnly} />
              </label>
              <Select
                id={`${id}-billing`}
                className="[&_select]:h-9"
                value={line.billing}
                onChange={(event) => update({ billing: event.target.value as TBillingKind })}
              >
                {BILLING_KINDS.map((billing) => (
                  <option key={billing} value={billing}>
                    {billingKindName(i18n, billing)}
                  </option>
                ))}
              </Select>
            </div>
            <div className="grid w-full gap-2 @xl:w-auto @xl:pt-5">
              <LineInclusionFields
                line={line}
                lineNumber={n}
                kind={kind}
                radioName={radioName}
                onChoose={onChoose}
                onChange={onReplace}
              />
              <QuantityRangeFields line={line} lineNumber={n} onChange={onReplace} />
            </div>
            <PricingLineActions
              lineNumber={n}
              first={index === 0}
              last={index === count - 1}
              focusRequest={focusRequest}
              onMove={onMove}
              onDuplicate={onDuplicate}
              onDelete={onDelete}
            />
          </div>
        </td>
      </tr>
    </tbody>
  );
}
