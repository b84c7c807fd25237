import { useLingui } from '@lingui/react';
import { cn } from '@/lib/cn';

export function Spinner({ className, label }: { className?: string; label?: string }) {
  const { i18n } = useLingui();
  return (
    <span role="status" aria-label={label ?? i18n._('Loading')} className={cn('inline-block', className)}>
      <span
        aria-hidden="true"
        className="border-muted-foreground/30 border-t-primary block size-8 animate-spin rounded-full border-4"
      />
    </span>
  );
}
