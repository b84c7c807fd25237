import type { TComment } from '@draftwell/shared/share/share-api';
import { RotateCw, Send } from 'lucide-react';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useLingui } from '@lingui/react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Label, Textarea } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { appI18n } from '@/lib/app-language';
import { cn } from '@/lib/cn';
import { useAddProposalComment } from '../api/add-proposal-comment';
import { useProposalComments } from '../api/get-proposal-comments';
import { TimeStamp } from './time-stamp';

const REPLY_MAX = 5000;

function CommentItem({ comment }: { comment: TComment }) {
  const { i18n } = useLingui();
  const mine = comment.author === 'owner';
  return (
    <li className={cn('rounded-lg border p-3', mine ? 'bg-primary/5 border-primary/20 ml-6' : 'bg-muted/40 mr-6')}>
      <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
        <span className="font-semibold wrap-anywhere">
          {comment.authorName || (mine ? i18n._('You') : i18n._('Your client'))}
        </span>
        <span className="text-muted-foreground text-xs">{mine ? i18n._('You') : i18n._('Client')}</span>
      </p>
      <p className="mt-1 text-sm wrap-anywhere whitespace-pre-wrap">{comment.body}</p>
      <TimeStamp iso={comment.createdAt} className="mt-1.5" />
    </li>
  );
}

/** The conversation with the client about this proposal, and the owner's reply form. */
export function CommentsThread({ proposalId, canReply }: { proposalId: string; canReply: boolean }) {
  const { i18n } = useLingui();
  const comments = useProposalComments(proposalId);
  const reply = useAddProposalComment();
  const [body, setBody] = useState('');
  const replyId = useId();
  const errorId = useId();

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!body.trim()) return;
    reply.mutate(
      { id: proposalId, body: body.trim() },
      {
        onSuccess: () => {
          setBody('');
          const i18n = appI18n();
          toast.success(i18n._('Reply sent'), {
            description: i18n._('Your client sees it on the proposal and gets it by email.'),
          });
        },
      },
    );
  };

  let list: ReactNode;
  if (comments.isPending) {
    list = (
      <div role="status" aria-label={i18n._('Loading the comments')} className="space-y-3">
        <Skeleton className="h-16 w-full" />
        <Skeleton className="h-16 w-5/6" />
      </div>
    );
  } else if (comments.isError) {
    list = (
      <div role="alert" className="text-sm">
        <p className="text-destructive">
          {i18n._('The comments did not load.')} {comments.error.message}
        </p>
        <Button variant="outline" size="sm" className="mt-2" onClick={() => void comments.refetch()}>
          <RotateCw aria-hidden="true" /> {i18n._('Retry')}
        </Button>
      </div>
    );
  } else if (comments.data.length === 0) {
    list = (
      <p className="text-muted-foreground text-sm">{i18n._('No comments yet. Your client’s questions show here.')}</p>
    );
  } else {
    list = (
      <ol aria-label={i18n._('Comments, oldest first')} className="space-y-3">
        {comments.data.map((c) => (
          <CommentItem key={c.id} comment={c} />
        ))}
      </ol>
    );
  }

  return (
    <Card role="region" aria-labelledby="proposal-comments-heading">
      <CardHeader className="pb-3">
        <CardTitle id="proposal-comments-heading" className="text-base">
          {i18n._('Comments')}
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        {list}
        {canReply ? (
          <form onSubmit={onSubmit} className="grid gap-2" aria-label={i18n._('Reply to your client')}>
            <Label htmlFor={replyId}>{i18n._('Your reply')}</Label>
            <Textarea
              id={replyId}
              value={body}
              maxLength={REPLY_MAX}
              onChange={(e) => setBody(e.target.value)}
              className="min-h-20"
              aria-invalid={reply.isError || undefined}
              aria-describedby={reply.isError ? errorId : undefined}
            />
            {reply.isError ? (
              <p id={errorId} role="alert" className="text-destructive text-sm">
                {reply.error.message}
              </p>
            ) : null}
            <div className="flex justify-end">
              <Button
                type="submit"
                size="sm"
                disabled={reply.isPending || !body.trim()}
                aria-busy={reply.isPending || undefined}
              >
                <Send aria-hidden="true" /> {reply.isPending ? i18n._('Sending…') : i18n._('Send reply')}
              </Button>
            </div>
          </form>
        ) : (
          <p className="text-muted-foreground text-sm">
            {i18n._('Send the proposal to reply: your client cannot see a draft.')}
          </p>
        )}
      </CardContent>
    </Card>
  );
}
