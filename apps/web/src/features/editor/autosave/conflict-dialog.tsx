import { LoaderCircle } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';

export type TConflictDialogProps = {
  open: boolean;
  /** The draft's title, to say which one this is about. */
  title?: string;
  mine: ReactNode;
  theirs: ReactNode;
  mineUpdatedAt?: Date | string | null;
  theirsUpdatedAt?: Date | string | null;
  onKeepMine: () => void;
  onKeepTheirs: () => void;
  /** A choice is being saved: both buttons wait. */
  busy?: boolean;
};

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function formatWhen(value: Date | string | null | undefined): string | null {
  if (!value) return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : when.format(date);
}

function Side({ heading, note, children }: { heading: string; note: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <div className="flex min-w-0 flex-col gap-2">
      <div>
        <h3 id={headingId} className="font-semibold">
          {heading}
        </h3>
        <p className="text-muted-foreground text-sm">{note}</p>
      </div>
      {/* A scroll area must be focusable so the keyboard can scroll a long document (axe scrollable-region-focusable). */}
      <div
        role="region"
        aria-labelledby={headingId}
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- see above
        tabIndex={0}
        className="bg-background focus-visible:ring-ring max-h-[40dvh] min-h-24 overflow-auto rounded-md border p-3 focus-visible:ring-2 focus-visible:outline-none md:max-h-[55dvh]"
      >
        {children}
      </div>
    </div>
  );
}

/**
 * A save was refused because the record changed elsewhere (409): both versions side by side
 * (stacked on phones), and the user chooses. It cannot be dismissed without a choice, since
 * closing it would leave the edits neither saved nor dropped.
 */
export function ConflictDialog({
  open,
  title,
  mine,
  theirs,
  mineUpdatedAt,
  theirsUpdatedAt,
  onKeepMine,
  onKeepTheirs,
  busy = false,
}: TConflictDialogProps) {
  const mineWhen = formatWhen(mineUpdatedAt);
  const theirsWhen = formatWhen(theirsUpdatedAt);
  return (
    <Dialog open={open}>
      <DialogContent
        wide
        // The built-in close button would dismiss without a choice.
        className="[&>button[aria-label=Close]]:hidden"
        onEscapeKeyDown={(e) => e.preventDefault()}
        onPointerDownOutside={(e) => e.preventDefault()}
        onInteractOutside={(e) => e.preventDefault()}
      >
        <DialogHeader>
          <DialogTitle>
            {title ? `“${title}” was changed somewhere else` : 'This draft was changed somewhere else'}
          </DialogTitle>
          <DialogDescription>
            This draft was changed in another tab or device after you opened it, so your latest edits were not saved
            over those changes. Nothing is lost yet: compare the two versions and choose the one to keep. The other one
            will be replaced.
          </DialogDescription>
        </DialogHeader>
        <div className="grid gap-4 md:grid-cols-2">
          <Side
            heading="Your version"
            note={mineWhen ? `Your edits from ${mineWhen}, not saved yet.` : 'Your edits in this tab, not saved yet.'}
          >
            {mine}
          </Side>
          <Side
            heading="The other version"
            note={theirsWhen ? `Saved ${theirsWhen} from another tab or device.` : 'Saved from another tab or device.'}
          >
            {theirs}
          </Side>
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={onKeepTheirs} disabled={busy}>
            Keep the other version
          </Button>
          <Button onClick={onKeepMine} disabled={busy} aria-busy={busy || undefined}>
            {busy ? <LoaderCircle aria-hidden="true" className="animate-spin motion-reduce:animate-none" /> : null}
            Keep my version
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
