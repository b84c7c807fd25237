import { formatDate } from '@draftwell/shared/i18n/format';
import { diffRevisions, type TComparableVersion } from '@draftwell/shared/share/diff';
import { Trans, useLingui } from '@lingui/react';
import { LoaderCircle } from 'lucide-react';
import { useId, useMemo } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Added, Removed, RevisionChanges } from '@/components/revision-changes';

export type TConflictDialogProps = {
  open: boolean;
  /** The draft's title, to say which one this is about. */
  title?: string;
  /** The version kept by "Keep my version": theirs with this tab's unsaved changes on top. */
  mine: TComparableVersion;
  theirs: TComparableVersion;
  theirsUpdatedAt?: Date | string | null;
  onKeepMine: () => void;
  onKeepTheirs: () => void;
  /** A choice is being saved: both buttons wait. */
  busy?: boolean;
  /** The owner's document locale, for the time. */
  locale: string;
};

function formatWhen(value: Date | string | null | undefined, locale: string): string | null {
  if (!value) return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : formatDate(date, locale, { dateStyle: 'medium', timeStyle: 'short' });
}

/**
 * A save was refused because the record changed elsewhere (409) while this tab had unsaved
 * edits: what differs between the two versions, marked word by word as the revision compare
 * does, and the user chooses. It cannot be dismissed without a choice, since closing it would
 * leave the edits neither saved nor dropped.
 */
export function ConflictDialog({
  open,
  title,
  mine,
  theirs,
  theirsUpdatedAt,
  onKeepMine,
  onKeepTheirs,
  busy = false,
  locale,
}: TConflictDialogProps) {
  const { i18n } = useLingui();
  const theirsWhen = formatWhen(theirsUpdatedAt, locale);
  const changes = useMemo(() => (open ? diffRevisions(i18n, theirs, mine) : []), [open, theirs, mine, i18n]);
  const headingId = useId();
  return (
    <Dialog open={open}>
      <DialogContent
        wide
        // The built-in close button (the content's last child) would dismiss without a choice.
        className="[&>button:last-child]:hidden"
        onEscapeKeyDown={(e) => e.preventDefault()}
        onPointerDownOutside={(e) => e.preventDefault()}
        onInteractOutside={(e) => e.preventDefault()}
      >
        <DialogHeader>
          <DialogTitle>
            {title
              ? i18n._('“{title}” was changed somewhere else', { title })
              : i18n._('This draft was changed somewhere else')}
          </DialogTitle>
          <DialogDescription>
            {theirsWhen
              ? i18n._(
                  'This draft was saved in another tab or device ({when}) while you were editing it here, so your edits were not saved over it. Nothing is lost yet: choose the version to keep.',
                  { when: theirsWhen },
                )
              : i18n._(
                  'This draft was saved in another tab or device while you were editing it here, so your edits were not saved over it. Nothing is lost yet: choose the version to keep.',
                )}
          </DialogDescription>
        </DialogHeader>
        <section aria-labelledby={headingId} className="flex min-h-0 flex-col gap-2">
          <h3 id={headingId} className="font-semibold">
            {i18n._('What your version changes')}
          </h3>
          <p className="text-muted-foreground text-sm">
            <Trans
              id="<0>Marked like this</0>: only in your version. <1>Marked like this</1>: only in the other version."
              components={{ 0: <Added>{null}</Added>, 1: <Removed>{null}</Removed> }}
            />
          </p>
          {/* A scroll area must be focusable so the keyboard can scroll a long list (axe scrollable-region-focusable). */}
          <div
            role="region"
            aria-label={i18n._('Differences between the two versions')}
            // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- see above
            tabIndex={0}
            className="bg-background focus-visible:ring-ring max-h-[45dvh] min-h-16 overflow-auto rounded-md border px-3 focus-visible:ring-2 focus-visible:outline-none md:max-h-[55dvh]"
          >
            {changes.length > 0 ? (
              <RevisionChanges changes={changes} />
            ) : (
              <p className="text-muted-foreground py-3 text-sm">
                {i18n._('The two versions say the same; only formatting may differ.')}
              </p>
            )}
          </div>
        </section>
        <DialogFooter>
          <Button variant="outline" onClick={onKeepTheirs} disabled={busy}>
            {i18n._('Keep the other version')}
          </Button>
          <Button onClick={onKeepMine} disabled={busy} aria-busy={busy || undefined}>
            {busy ? <LoaderCircle aria-hidden="true" className="animate-spin motion-reduce:animate-none" /> : null}
            {i18n._('Keep my version')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
