import { formatDate } from '@draftwell/shared/i18n/format';
import { Trans, useLingui } from '@lingui/react';
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
  const { i18n } = useLingui();
  return (
    <section
      aria-label={i18n._('Unsaved changes on this device')}
      className={cn(
        'flex flex-col gap-3 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-amber-950 sm:flex-row sm:items-center dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100',
        className,
      )}
    >
      <HardDriveDownload aria-hidden="true" className="hidden size-5 shrink-0 sm:block" />
      <p className="flex-1 text-sm">
        <Trans
          id="Unsaved changes from <0>{when}</0> were kept on this device. Restore them to continue where you left off, or discard them to keep the saved version."
          values={{ when: formatSavedAt(savedAt, locale) }}
          components={{ 0: <time dateTime={savedAt.toISOString()} /> }}
        />
      </p>
      <div className="flex gap-2">
        <Button size="sm" onClick={onRestore}>
          {i18n._('Restore')}
        </Button>
        <Button size="sm" variant="outline" onClick={onDiscard}>
          {i18n._('Discard')}
        </Button>
      </div>
    </section>
  );
}
