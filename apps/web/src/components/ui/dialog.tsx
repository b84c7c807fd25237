import { useLingui } from '@lingui/react';
import { X } from 'lucide-react';
import { Dialog as P } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

export const Dialog = P.Root;
export const DialogTrigger = P.Trigger;
export const DialogClose = P.Close;

/** A modal dialog: focus trapped, Escape and the close button dismiss it, scrolls when tall. */
export function DialogContent({
  className,
  children,
  wide,
  ...props
}: ComponentProps<typeof P.Content> & { wide?: boolean }) {
  const { i18n } = useLingui();
  return (
    <P.Portal>
      <P.Overlay className="fixed inset-0 z-50 bg-black/50" />
      <P.Content
        className={cn(
          'bg-card text-card-foreground fixed top-1/2 left-1/2 z-50 grid max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-lg border p-6 wrap-anywhere shadow-lg',
          wide ? 'max-w-4xl' : 'max-w-lg',
          className,
        )}
        {...props}
      >
        {children}
        <P.Close
          className="text-muted-foreground hover:text-foreground focus-visible:ring-ring absolute end-4 top-4 rounded-sm focus-visible:ring-2 focus-visible:outline-none"
          aria-label={i18n._('Close')}
        >
          <X className="size-4" aria-hidden="true" />
        </P.Close>
      </P.Content>
    </P.Portal>
  );
}

export function DialogHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('grid gap-1.5 pr-6', className)} {...props} />;
}

export function DialogFooter({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)} {...props} />;
}

export function DialogTitle({ className, ...props }: ComponentProps<typeof P.Title>) {
  return <P.Title className={cn('text-lg font-semibold', className)} {...props} />;
}

export function DialogDescription({ className, ...props }: ComponentProps<typeof P.Description>) {
  return <P.Description className={cn('text-muted-foreground text-sm', className)} {...props} />;
}
