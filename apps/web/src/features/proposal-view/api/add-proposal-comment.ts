import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TComment } from '@draftwell/shared/share/share-api';
import { proposalKeys } from '@/lib/api/query-keys';
import { api, unwrap } from '@/lib/api-client';

export type TReplyInput = { id: string; body: string };

/** The owner's reply: shown on the client's page and emailed to the client. */
export function addProposalComment({ id, body }: TReplyInput): Promise<TComment> {
  return unwrap(api.proposals[':id'].comments.$post({ param: { id }, json: { body } }));
}

export function useAddProposalComment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addProposalComment,
    onSuccess: async (comment, { id }) => {
      queryClient.setQueryData<TComment[]>(proposalKeys.comments(id), (list) =>
        list && !list.some((c) => c.id === comment.id) ? [...list, comment] : list,
      );
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: proposalKeys.comments(id) }),
        queryClient.invalidateQueries({ queryKey: proposalKeys.events(id) }),
      ]);
    },
  });
}
