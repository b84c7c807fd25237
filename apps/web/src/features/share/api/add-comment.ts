import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TComment, TSharedProposal } from '@draftwell/shared/share/share-api';
import { shareKeys } from './keys';
import { sharePost, shareUrl, type TShareAnswer, type TShareBody, type TShareRoutes } from './share-request';

export type TCommentInput = { name: string; body: string };

export function addComment(token: string, input: TCommentInput): Promise<TComment> {
  const body: TShareBody<TShareRoutes['comments']['$post']> = input;
  return sharePost<TShareAnswer<TShareRoutes['comments']['$post']>>(shareUrl(token, '/comments'), body);
}

/** Posts the client's comment and adds it to the thread on the page. */
export function useAddComment(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TCommentInput) => addComment(token, input),
    onSuccess: (comment) => {
      queryClient.setQueryData<TSharedProposal>(shareKeys.proposal(token), (page) =>
        page && !page.comments.some((c) => c.id === comment.id)
          ? { ...page, comments: [...page.comments, comment] }
          : page,
      );
    },
  });
}
