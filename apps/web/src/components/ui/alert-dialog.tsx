import { AlertDialog as P } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

export const AlertDialog = P.Root;
export const AlertDialogTrigger = P.Trigger;
export const AlertDialogCancel = P.Cancel;
export const AlertDialogAction = P.Action;

export function AlertDialogContent({ className, children, ...props }: ComponentProps<typeof P.Content>) {
  return (
    <P.Portal>
      <P.Overlay className="fixed inset-0 z-50 bg-black/50" />
      <P.Content
        className={cn(
          'bg-card text-card-foreground fixed top-1/2 left-1/2 z-50 grid w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4 rounded-lg border p-6 shadow-lg',
          className,
        )}
        {...props}
      >
        {children}
      </P.Content>
    </P.Portal>
  );
}

export function AlertDialogTitle({ className, ...props }: ComponentProps<typeof P.Title>) {
  return <P.Title className={cn('text-lg font-semibold', className)} {...props} />;
}

export function AlertDialogDescription({ className, ...props }: ComponentProps<typeof P.Description>) {
  return <P.Description className={cn('text-muted-foreground text-sm', className)} {...props} />;
}
