import type { NavigateFunction } from 'react-router';
import { toast } from 'sonner';
import { paths } from '@/config/paths';
import type { TDraftWriting } from './draft-writing';

/** A draft finished while the user was on another screen: say so, with the way to it. */
export function announceUnwatched(writing: TDraftWriting, navigate: NavigateFunction): void {
  const title = writing.created.title;
  if (writing.status === 'done') {
    toast.success(writing.stopped ? `“${title}” is saved as far as it got` : `“${title}” is ready`, {
      description: 'The AI model finished writing while you were elsewhere.',
      action: { label: 'Open', onClick: () => void navigate(paths.editDraft(writing.final.id)) },
    });
  } else if (writing.status === 'failed') {
    toast.error(`“${title}” could not be written`, {
      description: `${writing.message} Nothing was saved; draft it again from a brief.`,
    });
  }
}
