import { unitLabel } from '@draftwell/shared/document/display';
import type { I18n } from '@draftwell/shared/i18n/i18n';
import { useLingui } from '@lingui/react';
import { formatQuantity, QUANTITY_SCALE } from '@draftwell/shared/document/pricing';
import { useId, useState } from 'react';
import { cx } from '../utils/class-names';

/** Thousandths from what was typed; null when it is not a number (empty, or past exact arithmetic). */
function readQuantity(text: string): number | null {
  if (text.trim() === '') return null;
  const thousandths = Math.round(Number(text) * QUANTITY_SCALE);
  return Number.isSafeInteger(thousandths) ? thousandths : null;
}

/** What is wrong with a typed quantity, in words the client can act on; null when it is in range. */
export function quantityProblem(i18n: I18n, typed: number | null, min: number, max: number): string | null {
  const range = { min: formatQuantity(min), max: formatQuantity(max) };
  if (typed === null) return i18n._('Enter a number from {min} to {max}.', range);
  const values = { ...range, typed: formatQuantity(typed) };
  if (typed > max) return i18n._('{typed} is more than {max}. Choose {min} to {max}.', values);
  if (typed < min) return i18n._('{typed} is less than {min}. Choose {min} to {max}.', values);
  return null;
}

/**
 * The quantity a client may choose within the range the sender allowed; the range is always
 * shown under the field. A number outside it stays in the field, is passed on (so the totals and
 * the acceptance say it does not fit rather than using another number) and the range line becomes
 * a message saying what is wrong. Only a field left with no number in it goes back to the
 * quantity in effect when it loses focus.
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
  const { i18n } = useLingui();
  const [draft, setDraft] = useState(formatQuantity(value));
  const [shown, setShown] = useState(value);
  // A new value from outside (another tab, a reset) replaces what was typed.
  if (shown !== value) {
    setShown(value);
    setDraft(formatQuantity(value));
  }
  const noteId = useId();
  const problem = quantityProblem(i18n, readQuantity(draft), min, max);
  const whole = min % QUANTITY_SCALE === 0 && max % QUANTITY_SCALE === 0;

  return (
    <span className="inline-flex max-w-56 flex-col items-end gap-1 text-end text-balance">
      <span className="inline-flex items-center gap-1.5">
        <input
          type="number"
          inputMode={whole ? 'numeric' : 'decimal'}
          aria-label={label}
          aria-invalid={problem ? true : undefined}
          aria-describedby={noteId}
          min={formatQuantity(min)}
          max={formatQuantity(max)}
          step={whole ? 1 : 'any'}
          value={draft}
          onChange={(event) => {
            const text = event.target.value;
            setDraft(text);
            const next = readQuantity(text);
            if (next !== null && next !== value) {
              setShown(next);
              onChange(next);
            }
          }}
          onBlur={() => {
            if (readQuantity(draft) === null) setDraft(formatQuantity(value));
          }}
          className="border-input bg-card aria-invalid:border-destructive h-9 w-16 rounded-md border px-2 text-end tabular-nums shadow-xs print:border-0"
        />
        {unit ? <span className="text-muted-foreground">{unitLabel(unit, value)}</span> : null}
      </span>
      <span
        id={noteId}
        data-quantity-note
        className={cx('text-xs print:hidden', problem ? 'text-destructive font-medium' : 'text-muted-foreground')}
      >
        {problem ?? i18n._('Choose {min} to {max}', { min: formatQuantity(min), max: formatQuantity(max) })}
      </span>
    </span>
  );
}
