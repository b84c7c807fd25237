import { useLingui } from '@lingui/react';
import { MessageSquare } from 'lucide-react';
import type { TComment } from '@draftwell/shared/share/share-api';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { useReaderClock } from '../hooks/use-reader-clock';
import { formatLocalDateTime } from '../utils/format';
import { CommentForm } from './lazy-parts';
import { NearSlot } from './near-slot';

function CommentItem({ comment, senderName, locale }: { comment: TComment; senderName: string; locale: string }) {
  const { i18n } = useLingui();
  const fromSender = comment.author === 'owner';
  const { timeZone } = useReaderClock();
  return (
    <li
      className={cn('rounded-lg border p-4', fromSender && 'border-s-4 border-s-(--dv-accent) bg-muted/40')}
      data-author={comment.author}
    >
      <p className="flex flex-wrap items-baseline gap-x-2 gap-y-0.5 text-sm">
        <span className="font-semibold">{comment.authorName}</span>
        <span className="text-muted-foreground">{fromSender ? senderName : i18n._('Client')}</span>
        <span aria-hidden="true" className="text-muted-foreground">
          ·
        </span>
        {/* Its time of day by the reader's Intl, which may write it unlike the server's (YourTime). */}
        <time dateTime={comment.createdAt} className="text-muted-foreground" suppressHydrationWarning>
          {formatLocalDateTime(comment.createdAt, locale, timeZone)}
        </time>
      </p>
      <p className="mt-2 text-[0.9375rem] wrap-anywhere whitespace-pre-line">{comment.body}</p>
    </li>
  );
}

/** The conversation with the sender: both sides, oldest first, and a form to add to it. */
export function CommentsSection({
  token,
  comments,
  senderName,
  yourName,
  locale,
}: {
  token: string;
  comments: TComment[];
  senderName: string;
  /** The link's signer, whom the comment form takes to be writing. */
  yourName: string;
  /** The document's locale, which writes the comments' dates. */
  locale: string;
}) {
  const { i18n } = useLingui();
  return (
    <section id="comments" aria-labelledby="comments-title" className="bg-card scroll-mt-6 rounded-lg border">
      <div className="p-5 sm:p-8">
        <h2 id="comments-title" className="flex items-center gap-2 text-xl font-semibold tracking-tight">
          <MessageSquare aria-hidden="true" className="size-5 text-(--dv-accent)" />
          {i18n._('Questions and comments')}
        </h2>
        <p className="text-muted-foreground mt-2 text-sm">
          {i18n._('Ask {sender} about anything in this proposal. They are told by email and reply here.', {
            sender: senderName,
          })}
        </p>
        {comments.length === 0 ? (
          <p className="text-muted-foreground mt-6 rounded-lg border border-dashed px-4 py-6 text-center text-sm">
            {i18n._('No comments yet.')}
          </p>
        ) : (
          <ol aria-label={i18n._('Comments')} className="mt-6 space-y-3">
            {comments.map((comment) => (
              <CommentItem key={comment.id} comment={comment} senderName={senderName} locale={locale} />
            ))}
          </ol>
        )}
      </div>
      <NearSlot
        fallback={
          <div
            role="status"
            aria-label={i18n._('Loading the comment form')}
            className="border-t p-5 sm:p-8 print:hidden"
          >
            <Skeleton className="h-64" />
          </div>
        }
      >
        <CommentForm token={token} senderName={senderName} yourName={yourName} />
      </NearSlot>
    </section>
  );
}
