import { ArrowDown, ArrowUp, Copy, Trash2 } from 'lucide-react';
import { useLingui } from '@lingui/react';
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
  const { i18n } = useLingui();
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
        label={i18n._('Move line {n} up', { n })}
        disabled={first}
        onClick={() => onMove('up')}
      />
      <RowIconButton
        ref={downRef}
        icon={ArrowDown}
        label={i18n._('Move line {n} down', { n })}
        disabled={last}
        onClick={() => onMove('down')}
      />
      <RowIconButton icon={Copy} label={i18n._('Duplicate line {n}', { n })} onClick={onDuplicate} />
      <RowIconButton icon={Trash2} label={i18n._('Delete line {n}', { n })} destructive onClick={onDelete} />
    </div>
  );
}
