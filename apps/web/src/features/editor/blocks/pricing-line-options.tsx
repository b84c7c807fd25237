import { formatQuantity, type TPricingLine, type TPricingTable } from '@draftwell/shared/document';
import { Trans } from '@lingui/react';
import type { ReactNode } from 'react';
import { Checkbox } from '@/components/ui/checkbox';
import { lineError, parseQuantityInput } from './pricing-line-fields';
import { ParsedInput } from './parsed-input';

const srOnly = { 0: <span className="sr-only" /> };

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
  const n = lineNumber;
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
      <Trans id="Chosen package<0> (line {n})</0>" values={{ n }} components={srOnly} />
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
        <Trans id="Optional<0> for line {n}</0>" values={{ n }} components={srOnly} />
      </CheckRow>
      {line.optional ? (
        <CheckRow>
          <Checkbox checked={line.selected} onChange={(event) => update({ selected: event.target.checked })} />
          <Trans id="Ticked in by default<0> for line {n}</0>" values={{ n }} components={srOnly} />
        </CheckRow>
      ) : null}
    </>
  );
}

/** Lets the client change the quantity between two bounds, on the proposal they are sent. */
export function QuantityRangeFields({
  line,
  lineNumber: n,
  onChange,
}: {
  line: TPricingLine;
  lineNumber: number;
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
        <Trans id="Client can change quantity<0> (line {n})</0>" values={{ n }} components={srOnly} />
      </CheckRow>
      {range ? (
        <div className="flex items-start gap-2 pl-6">
          <ParsedInput
            label={<Trans id="From<0> (lowest quantity, line {n})</0>" values={{ n }} components={srOnly} />}
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
            label={<Trans id="To<0> (highest quantity, line {n})</0>" values={{ n }} components={srOnly} />}
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
