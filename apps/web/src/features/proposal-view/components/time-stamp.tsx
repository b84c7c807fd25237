import { formatDateTime, formatRelativeTime } from '@/lib/relative-time';
import { useDocumentLocale } from '@/lib/api/business-profile';
import { cn } from '@/lib/cn';

/** A moment shown both ways: "5 minutes ago" and "May 3, 2026, 2:02 PM". */
export function TimeStamp({ iso, className, inline }: { iso: string; className?: string; inline?: boolean }) {
  const absolute = formatDateTime(iso, useDocumentLocale());
  if (inline) {
    return (
      <time dateTime={iso} className={className}>
        {formatRelativeTime(iso)} <span className="text-muted-foreground">({absolute})</span>
      </time>
    );
  }
  return (
    <time dateTime={iso} className={cn('text-muted-foreground block text-xs', className)}>
      <span className="text-foreground/80">{formatRelativeTime(iso)}</span> · {absolute}
    </time>
  );
}
