import type { NavigateFunction } from 'react-router';
import { toast } from 'sonner';
import { paths } from '@/config/paths';
import { appI18n } from '@/lib/app-language';
import type { TDraftWriting } from './draft-writing';

/** A draft finished while the user was on another screen: say so, with the way to it. */
export function announceUnwatched(writing: TDraftWriting, navigate: NavigateFunction): void {
  const i18n = appI18n();
  const title = writing.created.title;
  if (writing.status === 'done') {
    toast.success(
      writing.stopped
        ? i18n._('“{title}” is saved as far as it got', { title })
        : i18n._('“{title}” is ready', { title }),
      {
        description: i18n._('The AI model finished writing while you were elsewhere.'),
        action: { label: i18n._('Open'), onClick: () => void navigate(paths.editDraft(writing.final.id)) },
      },
    );
  } else if (writing.status === 'failed') {
    toast.error(i18n._('“{title}” could not be written', { title }), {
      description: i18n._('{reason} Nothing was saved; draft it again from a brief.', { reason: writing.message }),
    });
  }
}
