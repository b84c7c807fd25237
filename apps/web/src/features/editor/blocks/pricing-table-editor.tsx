import {
  BILLING_KINDS,
  formatQuantity,
  lineTotal,
  type TBillingKind,
  type TPricingLine,
  type TPricingTable,
} from '@draftwell/shared/document';
import { formatMoney } from '@draftwell/shared/money';
import { ArrowDown, ArrowUp, Copy, Library, Plus, Sparkles, Trash2 } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { cn } from '@/lib/cn';
import { newPricingLine } from './new-block';
import { ParsedInput } from './parsed-input';
import {
  formatMoneyInput,
  formatPercentInput,
  formatQuantityInput,
  lineError,
  parsePriceInput,
  parseQuantityInput,
  parseRateInput,
  tableError,
} from './pricing-line-fields';
import { PricingTotals } from './pricing-totals';
import {
  addLine,
  choosePackage,
  duplicateLine,
  moveLine,
  removeLine,
  replaceLine,
  setTableKind,
} from './pricing-table-ops';
import { SavedItemPickerDialog } from './saved-item-picker-dialog';
import './blocks.css';
import { BILLING_KIND_NAMES, BILLING_SUFFIX, unitLabel } from '@draftwell/shared/document/display';
import { cutText } from '@draftwell/shared/text';

export type TPricingTableEditorProps = {
  value: TPricingTable;
  onChange: (next: TPricingTable) => void;
  /** ISO 4217 code of the proposal; prices are minor units of it. */
  currency: string;
  /** Basis points given to new lines (the user's default tax rate). */
  defaultTaxRate: number;
  editable: boolean;
};

function lineTotalText(line: TPricingLine, currency: string): string {
  try {
    return `${formatMoney(lineTotal(line).total, currency)}${BILLING_SUFFIX[line.billing]}`;
  } catch {
    return 'Too large';
  }
}

type TFocusRequest = { lineId: string; target: 'up' | 'down' | 'description' } | { lineId: null; target: 'add' };

/**
 * Edits one pricing table: title, line items or packages (the client picks one), every line's
 * numbers typed as decimals and stored exactly, and the totals per billing kind. Emits only tables
 * that pass `ZPricingTable`.
 */
export function PricingTableEditor({ value, onChange, currency, defaultTaxRate, editable }: TPricingTableEditorProps) {
  const headingId = useId();
  const [tableProblem, setTableProblem] = useState<string | null>(null);
  const [pickerOpen, setPickerOpen] = useState(false);
  const [focusRequest, setFocusRequest] = useState<TFocusRequest | null>(null);
  const addButtonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (focusRequest?.target === 'add') addButtonRef.current?.focus();
  }, [focusRequest]);

  if (!editable) return <PricingTableReadOnly value={value} currency={currency} />;

  const wasValid = tableError(value) === null;
  /** Emits `next` when it is a valid table; an edit cannot make a valid table invalid. */
  function emit(next: TPricingTable): boolean {
    const problem = wasValid ? tableError(next) : null;
    setTableProblem(problem);
    if (problem) return false;
    onChange(next);
    return true;
  }

  const isChoice = value.kind === 'choice';
  const noun = isChoice ? 'package' : 'line';
  const atLimit = value.lines.length >= 200;

  function add(line: TPricingLine) {
    if (emit(addLine(value, line))) setFocusRequest({ lineId: line.id, target: 'description' });
  }

  return (
    <section
      aria-labelledby={headingId}
      className="draft-block bg-card text-card-foreground @container rounded-lg border"
    >
      <div className="flex flex-wrap items-end gap-3 border-b p-3 sm:p-4">
        <div className="min-w-0 flex-1 basis-56">
          <label htmlFor={`${headingId}-title`} className="sr-only">
            Pricing table title
          </label>
          <input
            id={`${headingId}-title`}
            className="focus-visible:ring-ring placeholder:text-muted-foreground w-full rounded-md bg-transparent px-1 py-1 text-lg font-semibold outline-none focus-visible:ring-2"
            value={value.title}
            maxLength={200}
            placeholder="Investment"
            onChange={(event) => emit({ ...value, title: cutText(event.target.value, 200) })}
          />
          <span id={headingId} className="sr-only">
            {value.title.trim() || 'Pricing table'}
          </span>
        </div>
        <KindSwitch name={`${headingId}-kind`} kind={value.kind} onChange={(kind) => emit(setTableKind(value, kind))} />
      </div>
      {isChoice ? (
        <p className="text-muted-foreground px-3 pt-3 text-sm sm:px-4">
          The client picks one package. The chosen one below is picked when they open the proposal.
        </p>
      ) : null}

      {value.lines.length === 0 ? (
        <p className="text-muted-foreground px-4 py-8 text-center text-sm">
          No {noun}s yet. Add a {noun} or pick one from your saved items.
        </p>
      ) : (
        <div className="p-3 sm:p-4">
          <table className="block w-full text-sm @2xl:table @2xl:table-fixed @2xl:border-collapse">
            <caption className="sr-only">{isChoice ? 'Packages' : 'Line items'}</caption>
            <thead className="hidden @2xl:table-header-group">
              <tr className="text-muted-foreground border-b text-left text-xs font-medium">
                <th scope="col" className="py-2 pr-2">
                  Description
                </th>
                <th scope="col" className="w-24 px-2 py-2">
                  Quantity
                </th>
                <th scope="col" className="w-24 px-2 py-2">
                  Unit
                </th>
                <th scope="col" className="w-36 px-2 py-2">
                  Unit price
                </th>
                <th scope="col" className="w-32 py-2 pl-2 text-right">
                  Total
                </th>
              </tr>
            </thead>
            {value.lines.map((line, index) => (
              <PricingLineRows
                key={line.id}
                line={line}
                index={index}
                count={value.lines.length}
                kind={value.kind}
                currency={currency}
                radioName={`${headingId}-package`}
                focusRequest={focusRequest?.lineId === line.id ? focusRequest : null}
                onReplace={(next) => emit(replaceLine(value, index, next))}
                onChoose={() => emit(choosePackage(value, index))}
                onMove={(direction) => {
                  const to = direction === 'up' ? index - 1 : index + 1;
                  if (!emit(moveLine(value, index, to))) return;
                  const edge = direction === 'up' ? to === 0 : to === value.lines.length - 1;
                  setFocusRequest({ lineId: line.id, target: edge ? (direction === 'up' ? 'down' : 'up') : direction });
                }}
                onDuplicate={() => {
                  const next = duplicateLine(value, index);
                  const copy = next.lines[index + 1];
                  if (emit(next) && copy) setFocusRequest({ lineId: copy.id, target: 'description' });
                }}
                onDelete={() => {
                  const next = removeLine(value, index);
                  if (!emit(next)) return;
                  const neighbour = next.lines[Math.min(index, next.lines.length - 1)];
                  setFocusRequest(
                    neighbour ? { lineId: neighbour.id, target: 'description' } : { lineId: null, target: 'add' },
                  );
                }}
              />
            ))}
          </table>
        </div>
      )}

      {tableProblem ? (
        <p role="alert" className="text-destructive px-4 pb-2 text-sm">
          {tableProblem}
        </p>
      ) : null}

      <div className="flex flex-wrap items-start justify-between gap-4 border-t p-3 sm:p-4">
        <div className="flex flex-wrap gap-2">
          <Button
            ref={addButtonRef}
            type="button"
            variant="outline"
            size="sm"
            disabled={atLimit}
            onClick={() => add(newPricingLine({ defaultTaxRate }))}
          >
            <Plus aria-hidden="true" />
            Add {noun}
          </Button>
          <Button type="button" variant="outline" size="sm" disabled={atLimit} onClick={() => setPickerOpen(true)}>
            <Library aria-hidden="true" />
            Add from saved items
          </Button>
          {atLimit ? <p className="text-muted-foreground w-full text-xs">A table holds at most 200 lines.</p> : null}
        </div>
        <PricingTotals table={value} currency={currency} />
      </div>

      <SavedItemPickerDialog
        open={pickerOpen}
        onOpenChange={setPickerOpen}
        currency={currency}
        onPick={(line) => {
          setPickerOpen(false);
          add(line);
        }}
      />
    </section>
  );
}

function KindSwitch({
  name,
  kind,
  onChange,
}: {
  name: string;
  kind: TPricingTable['kind'];
  onChange: (kind: TPricingTable['kind']) => void;
}) {
  const options: { kind: TPricingTable['kind']; label: string }[] = [
    { kind: 'lines', label: 'Line items' },
    { kind: 'choice', label: 'Packages (client picks one)' },
  ];
  return (
    <fieldset className="bg-muted grid w-full grid-cols-2 rounded-md p-1 sm:inline-grid sm:w-auto">
      <legend className="sr-only">Table type</legend>
      {options.map((option) => (
        <label
          key={option.kind}
          className={cn(
            'has-focus-visible:ring-ring relative cursor-pointer rounded px-3 py-1.5 text-center text-sm font-medium has-focus-visible:ring-2',
            kind === option.kind ? 'bg-card text-foreground shadow-sm' : 'text-muted-foreground hover:text-foreground',
          )}
        >
          <input
            type="radio"
            name={name}
            className="absolute inset-0 cursor-pointer opacity-0"
            checked={kind === option.kind}
            onChange={() => onChange(option.kind)}
          />
          {option.label}
        </label>
      ))}
    </fieldset>
  );
}

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

/** The line with the AI's price accepted: the flag is dropped, not set to false (the schema stores only `true`). */
function reviewed(line: TPricingLine): TPricingLine {
  const { needsReview: _needsReview, ...rest } = line;
  return rest;
}

function PricingLineRows({
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
  const id = useId();
  const n = index + 1;
  const suffix = ` for line ${n}`;
  const upRef = useRef<HTMLButtonElement>(null);
  const downRef = useRef<HTMLButtonElement>(null);
  const descriptionRef = useRef<HTMLInputElement>(null);
  const included = kind === 'choice' ? line.selected : !line.optional || line.selected;

  useEffect(() => {
    const target = focusRequest?.target;
    if (target === 'up') upRef.current?.focus();
    else if (target === 'down') downRef.current?.focus();
    else if (target === 'description') descriptionRef.current?.focus();
  }, [focusRequest]);

  const update = (patch: Partial<TPricingLine>) => onReplace({ ...line, ...patch });
  const validate =
    (field: Parameters<typeof lineError>[1], patch: (value: number) => Partial<TPricingLine>) => (value: number) =>
      lineError({ ...line, ...patch(value) }, field);

  const cell = 'block align-top @2xl:table-cell @2xl:px-2 @2xl:pt-3 @2xl:pb-2';
  const actions = (
    <div className="ml-auto flex items-center gap-0.5 self-start @xl:pt-5">
      <Button
        ref={upRef}
        type="button"
        variant="ghost"
        size="icon"
        className="size-8"
        aria-label={`Move line ${n} up`}
        disabled={index === 0}
        onClick={() => onMove('up')}
      >
        <ArrowUp aria-hidden="true" />
      </Button>
      <Button
        ref={downRef}
        type="button"
        variant="ghost"
        size="icon"
        className="size-8"
        aria-label={`Move line ${n} down`}
        disabled={index === count - 1}
        onClick={() => onMove('down')}
      >
        <ArrowDown aria-hidden="true" />
      </Button>
      <Button
        type="button"
        variant="ghost"
        size="icon"
        className="size-8"
        aria-label={`Duplicate line ${n}`}
        onClick={onDuplicate}
      >
        <Copy aria-hidden="true" />
      </Button>
      <Button
        type="button"
        variant="ghost"
        size="icon"
        className="hover:text-destructive size-8"
        aria-label={`Delete line ${n}`}
        onClick={onDelete}
      >
        <Trash2 aria-hidden="true" />
      </Button>
    </div>
  );
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
            {kind === 'choice' ? 'Package' : 'Line'} {n}
          </span>
        </td>
        <td className={cn(cell, 'col-span-2 @2xl:pl-0')}>
          <div className="grid gap-1">
            <label htmlFor={`${id}-description`} className={COLUMN_LABEL}>
              Description<span className="sr-only">{suffix}</span>
            </label>
            <Input
              ref={descriptionRef}
              id={`${id}-description`}
              className="h-9 px-2"
              value={line.description}
              maxLength={500}
              placeholder={kind === 'choice' ? 'Package name' : 'What you deliver'}
              onChange={(event) => update({ description: cutText(event.target.value, 500) })}
            />
            {line.needsReview ? (
              <div className="flex flex-wrap items-center gap-2 pt-1">
                <Badge variant="warning" data-testid="needs-review">
                  <Sparkles className="size-3" aria-hidden="true" />
                  Price suggested by AI: check it
                </Badge>
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  className="h-6 px-2 text-xs"
                  aria-label={`Confirm price${suffix}`}
                  onClick={() => onReplace(reviewed(line))}
                >
                  Confirm price
                </Button>
              </div>
            ) : null}
          </div>
        </td>
        <td className={cell}>
          <ParsedInput
            label="Quantity"
            srSuffix={suffix}
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
              Unit<span className="sr-only">{suffix}</span>
            </label>
            <Input
              id={`${id}-unit`}
              className="h-9 px-2"
              value={line.unit}
              maxLength={20}
              placeholder="hours"
              onChange={(event) => update({ unit: cutText(event.target.value, 20) })}
            />
          </div>
        </td>
        <td className={cell}>
          <ParsedInput
            label="Unit price"
            srSuffix={` in ${currency}${suffix}`}
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
          <span className="text-muted-foreground block text-xs font-medium @2xl:sr-only">Total</span>
          <output
            aria-label={`Total for line ${n}`}
            className={cn(
              'block py-2 font-medium tabular-nums @2xl:py-1.5',
              !included && 'text-muted-foreground',
              !included && kind === 'lines' && 'line-through decoration-1',
            )}
          >
            {lineTotalText(line, currency)}
          </output>
        </td>
      </tr>
      <tr className="block @2xl:table-row">
        <td colSpan={5} className="block px-3 pb-3 @2xl:table-cell @2xl:px-0 @2xl:pt-1 @2xl:pb-3">
          <div className="flex flex-wrap items-start gap-x-4 gap-y-3">
            <ParsedInput
              label="Discount %"
              srSuffix={suffix}
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
              label="Tax %"
              srSuffix={suffix}
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
                Billing<span className="sr-only">{suffix}</span>
              </label>
              <Select
                id={`${id}-billing`}
                className="[&_select]:h-9"
                value={line.billing}
                onChange={(event) => update({ billing: event.target.value as TBillingKind })}
              >
                {BILLING_KINDS.map((billing) => (
                  <option key={billing} value={billing}>
                    {BILLING_KIND_NAMES[billing]}
                  </option>
                ))}
              </Select>
            </div>
            <div className="grid w-full gap-2 @xl:w-auto @xl:pt-5">
              {kind === 'choice' ? (
                <CheckRow>
                  <input
                    type="radio"
                    name={radioName}
                    className="accent-primary size-4"
                    checked={line.selected}
                    onChange={onChoose}
                  />
                  Chosen package<span className="sr-only"> (line {n})</span>
                </CheckRow>
              ) : (
                <>
                  <CheckRow>
                    <Checkbox
                      checked={line.optional}
                      onChange={(event) => update({ optional: event.target.checked, selected: true })}
                    />
                    Optional<span className="sr-only">{suffix}</span>
                  </CheckRow>
                  {line.optional ? (
                    <CheckRow>
                      <Checkbox
                        checked={line.selected}
                        onChange={(event) => update({ selected: event.target.checked })}
                      />
                      Ticked in by default<span className="sr-only">{suffix}</span>
                    </CheckRow>
                  ) : null}
                </>
              )}
              <QuantityRangeFields line={line} lineName={`line ${n}`} onChange={onReplace} />
            </div>
            {actions}
          </div>
        </td>
      </tr>
    </tbody>
  );
}

function CheckRow({ children }: { children: ReactNode }) {
  return <label className="flex cursor-pointer items-center gap-2 text-sm">{children}</label>;
}

function QuantityRangeFields({
  line,
  lineName,
  onChange,
}: {
  line: TPricingLine;
  lineName: string;
  onChange: (line: TPricingLine) => void;
}) {
  const range = line.quantityRange;
  const withRange = (patch: Partial<NonNullable<TPricingLine['quantityRange']>>): TPricingLine => ({
    ...line,
    quantityRange: { min: range?.min ?? 0, max: range?.max ?? 0, ...patch },
  });
  return (
    <>
      <CheckRow>
        <Checkbox
          checked={range !== undefined}
          onChange={(event) => {
            if (event.target.checked) {
              onChange({
                ...line,
                quantityRange: { min: Math.min(line.quantity, 1000), max: Math.max(line.quantity, 10_000) },
              });
            } else {
              const { quantityRange: _dropped, ...rest } = line;
              onChange(rest);
            }
          }}
        />
        Client can change quantity<span className="sr-only"> ({lineName})</span>
      </CheckRow>
      {range ? (
        <div className="flex items-start gap-2 pl-6">
          <ParsedInput
            label="From"
            srSuffix={` (lowest quantity, ${lineName})`}
            wrapperClassName="w-20"
            errorClassName="w-max max-w-48"
            inputMode="decimal"
            value={range.min}
            format={formatQuantity}
            parse={parseQuantityInput}
            validate={(min) => lineError(withRange({ min }), 'quantityRange.min')}
            onCommit={(min) => onChange(withRange({ min }))}
          />
          <ParsedInput
            label="To"
            srSuffix={` (highest quantity, ${lineName})`}
            wrapperClassName="w-20"
            errorClassName="w-max max-w-48"
            inputMode="decimal"
            value={range.max}
            format={formatQuantity}
            parse={parseQuantityInput}
            validate={(max) => lineError(withRange({ max }), 'quantityRange.max')}
            onCommit={(max) => onChange(withRange({ max }))}
          />
        </div>
      ) : null}
    </>
  );
}

/** The table as the client will see it, without inputs. */
function PricingTableReadOnly({ value, currency }: { value: TPricingTable; currency: string }) {
  const isChoice = value.kind === 'choice';
  return (
    <section className="draft-block bg-card text-card-foreground @container rounded-lg border">
      {value.title.trim() ? <h3 className="border-b px-4 py-3 text-lg font-semibold">{value.title}</h3> : null}
      {value.lines.length === 0 ? (
        <p className="text-muted-foreground px-4 py-6 text-sm">This table has no lines yet.</p>
      ) : (
        <table className="w-full text-sm">
          <caption className="sr-only">{value.title.trim() || (isChoice ? 'Packages' : 'Pricing')}</caption>
          <thead>
            <tr className="text-muted-foreground border-b text-left text-xs">
              <th scope="col" className="px-4 py-2 font-medium">
                {isChoice ? 'Package' : 'Description'}
              </th>
              <th scope="col" className="hidden px-2 py-2 text-right font-medium @md:table-cell">
                Quantity
              </th>
              <th scope="col" className="hidden px-2 py-2 text-right font-medium @md:table-cell">
                Unit price
              </th>
              <th scope="col" className="px-4 py-2 text-right font-medium">
                Total
              </th>
            </tr>
          </thead>
          <tbody>
            {value.lines.map((line) => {
              const notes = [
                line.discountPercent ? `${formatPercentInput(line.discountPercent)} % discount` : null,
                line.taxPercent ? `${formatPercentInput(line.taxPercent)} % tax` : null,
                line.billing !== 'one_off' ? BILLING_KIND_NAMES[line.billing] : null,
                line.quantityRange
                  ? `quantity ${formatQuantity(line.quantityRange.min)}–${formatQuantity(line.quantityRange.max)}`
                  : null,
              ].filter(Boolean);
              return (
                <tr key={line.id} className="border-b last:border-b-0">
                  <td className="px-4 py-2 align-top">
                    <span className="font-medium">{line.description || 'Untitled line'}</span>
                    {isChoice && line.selected ? (
                      <span className="bg-secondary text-secondary-foreground ml-2 rounded-full px-2 py-0.5 text-xs">
                        Chosen
                      </span>
                    ) : null}
                    {!isChoice && line.optional ? (
                      <span className="ml-2 rounded-full border px-2 py-0.5 text-xs">
                        Optional{line.selected ? ', included' : ''}
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
                    {lineTotalText(line, currency)}
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
