import { formatQuantity, type TPricingLine, type TPricingTable } from '@draftwell/shared/document';
import type { ReactNode } from 'react';
import { Checkbox } from '@/components/ui/checkbox';
import { lineError, parseQuantityInput } from './pricing-line-fields';
import { ParsedInput } from './parsed-input';

function CheckRow({ children }: { children: ReactNode }) {
  return <label className="flex cursor-pointer items-center gap-2 text-sm">{children}</label>;
}

/** Whether the line counts: the chosen package of a choice, or an optional line and its default. */
export function LineInclusionFields({
  line,
  lineNumber,
  kind,
  radioName,
  onChoose,
  onChange,
}: {
  line: TPricingLine;
  lineNumber: number;
  kind: TPricingTable['kind'];
  radioName: string;
  onChoose: () => void;
  onChange: (line: TPricingLine) => void;
}) {
  const suffix = ` for line ${lineNumber}`;
  const update = (patch: Partial<TPricingLine>) => onChange({ ...line, ...patch });
  return kind === 'choice' ? (
    <CheckRow>
      <input
        type="radio"
        name={radioName}
        className="accent-primary size-4"
        checked={line.selected}
        onChange={onChoose}
      />
      Chosen package<span className="sr-only"> (line {lineNumber})</span>
    </CheckRow>
  ) : (
    <>
      <CheckRow>
        <Checkbox
          checked={line.optional}
          // An optional line starts left out: ticking it in is the next box's own choice. A line
          // that is not optional always counts, which `selected: true` keeps plain in the data.
          onChange={(event) => update({ optional: event.target.checked, selected: !event.target.checked })}
        />
        Optional<span className="sr-only">{suffix}</span>
      </CheckRow>
      {line.optional ? (
        <CheckRow>
          <Checkbox checked={line.selected} onChange={(event) => update({ selected: event.target.checked })} />
          Ticked in by default<span className="sr-only">{suffix}</span>
        </CheckRow>
      ) : null}
    </>
  );
}

/** Lets the client change the quantity between two bounds, on the proposal they are sent. */
export function QuantityRangeFields({
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
