import { ArrowDown, ArrowUp, Copy, Trash2 } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';
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
      <Button
        ref={upRef}
        type="button"
        variant="ghost"
        size="icon"
        className="size-8"
        aria-label={`Move line ${n} up`}
        disabled={first}
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
        disabled={last}
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
}
