import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

/** A native checkbox in the brand colour; pair it with a <label>. */
export function Checkbox({ className, ...props }: Omit<ComponentProps<'input'>, 'type'>) {
  return <input type="checkbox" className={cn('accent-primary size-4 shrink-0 rounded', className)} {...props} />;
}
