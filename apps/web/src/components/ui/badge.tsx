import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

const VARIANTS = {
  default: 'bg-secondary text-secondary-foreground',
  outline: 'border text-foreground',
  success: 'bg-success/15 text-success',
  warning: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
  destructive: 'bg-destructive/15 text-destructive',
} as const;

export function Badge({
  className,
  variant = 'default',
  ...props
}: ComponentProps<'span'> & { variant?: keyof typeof VARIANTS }) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium',
        VARIANTS[variant],
        className,
      )}
      {...props}
    />
  );
}
