import type { LucideIcon } from 'lucide-react';
import type { Ref } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';

/**
 * One of a row's small icon buttons in a block editor (move up or down, duplicate, delete a
 * pricing line or a milestone): the label says what it does to which row.
 */
export function RowIconButton({
  icon: Icon,
  label,
  onClick,
  disabled,
  destructive,
  className,
  ref,
}: {
  icon: LucideIcon;
  label: string;
  onClick: () => void;
  disabled?: boolean;
  destructive?: boolean;
  className?: string;
  ref?: Ref<HTMLButtonElement>;
}) {
  return (
    <Button
      ref={ref}
      type="button"
      variant="ghost"
      size="icon"
      className={cn('size-8', destructive && 'hover:text-destructive', className)}
      aria-label={label}
      disabled={disabled}
      onClick={onClick}
    >
      <Icon aria-hidden="true" />
    </Button>
  );
}
