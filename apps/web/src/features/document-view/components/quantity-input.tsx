import { unitLabel } from '@draftwell/shared/document/display';
import { formatQuantity, QUANTITY_SCALE } from '@draftwell/shared/document/pricing';
import { useId, useState } from 'react';

/**
 * The quantity a client may choose within the range the sender allowed. What is typed stays in
 * the field while it is out of range (with a message), and only a valid number is passed on.
 */
export function QuantityInput({
  label,
  value,
  min,
  max,
  unit,
  onChange,
}: {
  label: string;
  /** Thousandths. */
  value: number;
  min: number;
  max: number;
  unit: string;
  onChange: (thousandths: number) => void;
}) {
  const [draft, setDraft] = useState(formatQuantity(value));
  const [shown, setShown] = useState(value);
  // A new value from outside (another tab, a reset) replaces what was typed.
  if (shown !== value) {
    setShown(value);
    setDraft(formatQuantity(value));
  }
  const errorId = useId();
  const parsed = draft.trim() === '' ? NaN : Number(draft);
  const thousandths = Math.round(parsed * QUANTITY_SCALE);
  const valid = Number.isFinite(parsed) && thousandths >= min && thousandths <= max;
  const whole = min % QUANTITY_SCALE === 0 && max % QUANTITY_SCALE === 0;

  return (
    <span className="inline-flex flex-col items-end gap-1">
      <span className="inline-flex items-center gap-1.5">
        <input
          type="number"
          inputMode={whole ? 'numeric' : 'decimal'}
          aria-label={label}
          aria-invalid={!valid}
          aria-describedby={valid ? undefined : errorId}
          min={formatQuantity(min)}
          max={formatQuantity(max)}
          step={whole ? 1 : 'any'}
          value={draft}
          onChange={(event) => {
            const text = event.target.value;
            setDraft(text);
            const next = Math.round(Number(text) * QUANTITY_SCALE);
            if (text.trim() !== '' && Number.isFinite(next) && next >= min && next <= max && next !== value) {
              setShown(next);
              onChange(next);
            }
          }}
          onBlur={() => {
            if (!valid) setDraft(formatQuantity(value));
          }}
          className="border-input bg-card aria-invalid:border-destructive h-9 w-16 rounded-md border px-2 text-right tabular-nums shadow-xs print:border-0"
        />
        {unit ? <span className="text-muted-foreground">{unitLabel(unit, value)}</span> : null}
      </span>
      {valid ? null : (
        <span id={errorId} className="text-destructive text-xs">
          Choose from {formatQuantity(min)} to {formatQuantity(max)}.
        </span>
      )}
    </span>
  );
}
