import { formatDate } from '@draftwell/shared/i18n/format';
import { HardDriveDownload } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';

export type TRestoreLocalBannerProps = {
  savedAt: Date;
  onRestore: () => void;
  onDiscard: () => void;
  className?: string;
  /** The owner's document locale, for the time. */
  locale: string;
};

function formatSavedAt(at: Date, locale: string, now = new Date()): string {
  return at.toDateString() === now.toDateString()
    ? formatDate(at, locale, { timeStyle: 'short' })
    : formatDate(at, locale, { dateStyle: 'medium', timeStyle: 'short' });
}

/** Offered at open when this device kept edits the server never received (a reload, a crash, a closed tab). */
export function RestoreLocalBanner({ savedAt, onRestore, onDiscard, className, locale }: TRestoreLocalBannerProps) {
  return (
    <section
      aria-label="Unsaved changes on this device"
      className={cn(
        'flex flex-col gap-3 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-amber-950 sm:flex-row sm:items-center dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100',
        className,
      )}
    >
      <HardDriveDownload aria-hidden="true" className="hidden size-5 shrink-0 sm:block" />
      <p className="flex-1 text-sm">
        Unsaved changes from <time dateTime={savedAt.toISOString()}>{formatSavedAt(savedAt, locale)}</time> were kept on
        this device. Restore them to continue where you left off, or discard them to keep the saved version.
      </p>
      <div className="flex gap-2">
        <Button size="sm" onClick={onRestore}>
          Restore
        </Button>
        <Button size="sm" variant="outline" onClick={onDiscard}>
          Discard
        </Button>
      </div>
    </section>
  );
}
