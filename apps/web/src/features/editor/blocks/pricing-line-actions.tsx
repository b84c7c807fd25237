import { ArrowDown, ArrowUp, Copy, Trash2 } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { RowIconButton } from './row-icon-button';
import type { TFocusRequest } from './use-pricing-table-edits';

/** A line's buttons: move up and down, duplicate, delete. A move's focus request lands on its button. */
export function PricingLineActions({
  lineNumber,
  first,
  last,
  focusRequest,
  onMove,
  onDuplicate,
  onDelete,
}: {
  lineNumber: number;
  first: boolean;
  last: boolean;
  focusRequest: TFocusRequest | null;
  onMove: (direction: 'up' | 'down') => void;
  onDuplicate: () => void;
  onDelete: () => void;
}) {
  const n = lineNumber;
  const upRef = useRef<HTMLButtonElement>(null);
  const downRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const target = focusRequest?.target;
    if (target === 'up') upRef.current?.focus();
    else if (target === 'down') downRef.current?.focus();
  }, [focusRequest]);

  return (
    <div className="ml-auto flex items-center gap-0.5 self-start @xl:pt-5">
      <RowIconButton
        ref={upRef}
        icon={ArrowUp}
        label={`Move line ${n} up`}
        disabled={first}
        onClick={() => onMove('up')}
      />
      <RowIconButton
        ref={downRef}
        icon={ArrowDown}
        label={`Move line ${n} down`}
        disabled={last}
        onClick={() => onMove('down')}
      />
      <RowIconButton icon={Copy} label={`Duplicate line ${n}`} onClick={onDuplicate} />
      <RowIconButton icon={Trash2} label={`Delete line ${n}`} destructive onClick={onDelete} />
    </div>
  );
}
