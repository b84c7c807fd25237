import { formatRelative } from '@draftwell/shared/i18n/format';
import type { I18n } from '@draftwell/shared/i18n/i18n';
import { useLingui } from '@lingui/react';
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

/** "Saved just now", "Saved 3 minutes ago"… for the hover text, the time phrase in the app's language as the words around it. */
export function savedAgo(i18n: I18n, at: Date, now = Date.now()): string {
  const relative = (value: number, unit: Intl.RelativeTimeFormatUnit) =>
    formatRelative(value, unit, i18n.locale === 'en' ? 'en-US' : i18n.locale);
  const seconds = Math.round((at.getTime() - now) / 1000);
  if (Math.abs(seconds) < 45) return i18n._('Saved just now');
  const minutes = Math.round(seconds / 60);
  if (Math.abs(minutes) < 60) return i18n._('Saved {when}', { when: relative(minutes, 'minute') });
  const hours = Math.round(minutes / 60);
  if (Math.abs(hours) < 24) return i18n._('Saved {when}', { when: relative(hours, 'hour') });
  return i18n._('Saved {when}', { when: relative(Math.round(hours / 24), 'day') });
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
  const { i18n } = useLingui();
  let icon: ReactNode;
  let text: string;
  let tone: keyof typeof TONES;
  let hint: string | undefined;
  switch (status) {
    case 'saving':
      icon = <LoaderCircle className="animate-spin motion-reduce:animate-none" />;
      text = i18n._('Saving…');
      tone = 'neutral';
      break;
    case 'pending':
      icon = <CircleDot />;
      text = i18n._('Unsaved changes');
      tone = 'neutral';
      hint = storageAvailable ? i18n._('Kept on this device until saved') : undefined;
      break;
    case 'offline':
      icon = <CloudOff />;
      text = storageAvailable
        ? i18n._('Offline — changes kept on this device')
        : i18n._('Offline — changes not saved yet');
      tone = 'warning';
      hint = storageAvailable
        ? i18n._('They will be saved when the connection returns.')
        : i18n._('This browser cannot keep them: stay on this page until the connection returns.');
      break;
    case 'conflict':
      icon = <GitCompareArrows />;
      text = i18n._('Conflict — review');
      tone = 'warning';
      break;
    case 'error':
      icon = <TriangleAlert />;
      text = i18n._("Couldn't save: {error}", { error: error ?? i18n._('something went wrong.') });
      tone = 'danger';
      break;
    case 'saved':
      icon = <Check />;
      text = changedInOtherTab ? i18n._('Saved — changed in another tab') : i18n._('Saved');
      tone = changedInOtherTab ? 'warning' : 'success';
      hint = lastSavedAt ? savedAgo(i18n, lastSavedAt) : undefined;
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
          {i18n._('Retry')}
        </Button>
      ) : null}
    </div>
  );
}
