import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { toast } from 'sonner';
import { deleteProposal, hideFromLists } from '../api/proposal-actions';
import { invalidateProposalSummaries, proposalKeys } from '../api/keys';

const UNDO_WINDOW_MS = 8000;

/**
 * Delete with Undo: the proposal leaves every list at once, and the DELETE is sent only when
 * the toast closes without Undo. Closing the tab inside the window keeps the proposal, which
 * is the safe way round: nothing is lost that the user did not mean to lose.
 */
export function useDeleteProposalWithUndo() {
  const queryClient = useQueryClient();
  return useCallback(
    (proposal: { id: string; title: string }, options: { onUndo?: () => void } = {}) => {
      const restore = hideFromLists(queryClient, proposal.id);
      let undone = false;
      let sent = false;
      const commit = () => {
        if (undone || sent) return;
        sent = true;
        deleteProposal(proposal.id)
          .then(() => {
            queryClient.removeQueries({ queryKey: proposalKeys.detail(proposal.id) });
            return invalidateProposalSummaries(queryClient);
          })
          .catch((error: Error) => {
            restore();
            toast.error('The proposal was not deleted', { description: error.message });
          });
      };
      toast.success(`Deleted “${proposal.title}”`, {
        description: 'It is gone for good once this message closes.',
        duration: UNDO_WINDOW_MS,
        action: {
          label: 'Undo',
          onClick: () => {
            undone = true;
            restore();
            options.onUndo?.();
          },
        },
        onAutoClose: commit,
        onDismiss: commit,
      });
    },
    [queryClient],
  );
}
