import { cn } from '@/lib/cn';

export function Spinner({ className, label = 'Loading' }: { className?: string; label?: string }) {
  return (
    <span role="status" aria-label={label} className={cn('inline-block', className)}>
      <span
        aria-hidden="true"
        className="border-muted-foreground/30 border-t-primary block size-8 animate-spin rounded-full border-4"
      />
    </span>
  );
}
