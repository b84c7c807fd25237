import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { toast } from 'sonner';
import { appI18n } from '@/lib/app-language';
import { deleteProposal, hideFromLists, restoreProposal } from '../api/proposal-actions';
import { invalidateProposalSummaries, proposalKeys } from '@/lib/api/query-keys';
import { translated } from '@/lib/translated';

const UNDO_WINDOW_MS = 8000;

/**
 * Delete with Undo: the DELETE is sent at once, so the proposal stays deleted whatever happens
 * to this tab next (closed, reloaded, offline); the server keeps it restorable for a while, and
 * Undo asks for it back. The lists leave it out before the server answers.
 */
export function useDeleteProposalWithUndo() {
  const queryClient = useQueryClient();
  return useCallback(
    (proposal: { id: string; title: string }, options: { onUndo?: () => void } = {}) => {
      const toastId = `delete-proposal-${proposal.id}`;
      const showAgain = hideFromLists(queryClient, proposal.id);
      const deleted = deleteProposal(proposal.id).then(
        () => {
          queryClient.removeQueries({ queryKey: proposalKeys.detail(proposal.id) });
          void invalidateProposalSummaries(queryClient);
          return true;
        },
        (error: Error) => {
          showAgain();
          toast.dismiss(toastId);
          const i18n = appI18n();
          toast.error(i18n._('The proposal was not deleted'), { description: translated(i18n, error.message) });
          return false;
        },
      );
      const undo = async () => {
        // Undo pressed before the delete answered: restore what it did, or nothing if it failed.
        if (!(await deleted)) return;
        try {
          const restored = await restoreProposal(proposal.id);
          queryClient.setQueryData(proposalKeys.detail(restored.id), restored);
          await invalidateProposalSummaries(queryClient);
          const i18n = appI18n();
          toast.success(i18n._('Restored “{title}”', { title: restored.title }));
          options.onUndo?.();
        } catch (error) {
          const i18n = appI18n();
          toast.error(i18n._('The proposal could not be restored'), { description: (error as Error).message });
        }
      };
      const i18n = appI18n();
      toast.success(i18n._('Deleted “{title}”', { title: proposal.title }), {
        id: toastId,
        description: i18n._('Undo brings it back, as it was.'),
        duration: UNDO_WINDOW_MS,
        action: { label: i18n._('Undo'), onClick: () => void undo() },
      });
    },
    [queryClient],
  );
}
