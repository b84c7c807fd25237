import { formatRelative } from '@draftwell/shared/i18n/format';
import { Check, CircleDot, CloudOff, GitCompareArrows, LoaderCircle, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import type { TAutosaveStatus } from './autosave-engine';

export type TSaveStatusProps = {
  status: TAutosaveStatus;
  lastSavedAt: Date | null;
  error: string | null;
  storageAvailable: boolean;
  onRetry: () => void;
  /** Another tab saved a newer version: say so next to "Saved". */
  changedInOtherTab?: boolean;
  className?: string;
};

// English words around it, so an English phrase (as @/lib/relative-time's).
const relative = (value: number, unit: Intl.RelativeTimeFormatUnit) => formatRelative(value, unit, 'en-US');

/** "Saved just now", "Saved 3 minutes ago"… for the hover text. */
export function savedAgo(at: Date, now = Date.now()): string {
  const seconds = Math.round((at.getTime() - now) / 1000);
  if (Math.abs(seconds) < 45) return 'Saved just now';
  const minutes = Math.round(seconds / 60);
  if (Math.abs(minutes) < 60) return `Saved ${relative(minutes, 'minute')}`;
  const hours = Math.round(minutes / 60);
  if (Math.abs(hours) < 24) return `Saved ${relative(hours, 'hour')}`;
  return `Saved ${relative(Math.round(hours / 24), 'day')}`;
}

const TONES = {
  neutral: 'bg-muted text-muted-foreground',
  success: 'bg-success/15 text-success',
  warning: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
  danger: 'bg-destructive/15 text-destructive',
} as const;

/** The autosave state as a compact pill: what happened to the last edits, and what to do if anything. */
export function SaveStatus({
  status,
  lastSavedAt,
  error,
  storageAvailable,
  onRetry,
  changedInOtherTab,
  className,
}: TSaveStatusProps) {
  let icon: ReactNode;
  let text: string;
  let tone: keyof typeof TONES;
  let hint: string | undefined;
  switch (status) {
    case 'saving':
      icon = <LoaderCircle className="animate-spin motion-reduce:animate-none" />;
      text = 'Saving…';
      tone = 'neutral';
      break;
    case 'pending':
      icon = <CircleDot />;
      text = 'Unsaved changes';
      tone = 'neutral';
      hint = storageAvailable ? 'Kept on this device until saved' : undefined;
      break;
    case 'offline':
      icon = <CloudOff />;
      text = storageAvailable ? 'Offline — changes kept on this device' : 'Offline — changes not saved yet';
      tone = 'warning';
      hint = storageAvailable
        ? 'They will be saved when the connection returns.'
        : 'This browser cannot keep them: stay on this page until the connection returns.';
      break;
    case 'conflict':
      icon = <GitCompareArrows />;
      text = 'Conflict — review';
      tone = 'warning';
      break;
    case 'error':
      icon = <TriangleAlert />;
      text = `Couldn't save: ${error ?? 'something went wrong.'}`;
      tone = 'danger';
      break;
    case 'saved':
      icon = <Check />;
      text = changedInOtherTab ? 'Saved — changed in another tab' : 'Saved';
      tone = changedInOtherTab ? 'warning' : 'success';
      hint = lastSavedAt ? savedAgo(lastSavedAt) : undefined;
      break;
  }

  return (
    <div className={cn('flex min-w-0 items-center gap-2', className)}>
      <p
        role="status"
        aria-live="polite"
        title={hint}
        className={cn(
          'inline-flex max-w-full min-w-0 items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-medium sm:text-sm',
          '[&_svg]:size-3.5 [&_svg]:shrink-0 sm:[&_svg]:size-4',
          TONES[tone],
        )}
      >
        <span aria-hidden="true" className="inline-flex">
          {icon}
        </span>
        <span className="min-w-0 break-words">{text}</span>
      </p>
      {status === 'error' ? (
        <Button variant="outline" size="sm" onClick={onRetry}>
          Retry
        </Button>
      ) : null}
    </div>
  );
}
