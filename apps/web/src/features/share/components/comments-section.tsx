import { MessageSquare } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import type { TComment } from '@draftwell/shared/share/share-api';
import { FormError } from '@/components/form/form-error';
import { FormField } from '@/components/form/form-field';
import { Button } from '@/components/ui/button';
import { Input, Textarea } from '@/components/ui/input';
import { ApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { useAddComment } from '../api/add-comment';
import { ACCENT_BUTTON } from './accent';
import { formatLocalDateTime } from '../utils/format';
import { hasErrors, validateComment, type TCommentFields, type TFieldErrors } from '../utils/validate';

function minutes(seconds: number): string {
  if (seconds < 90) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  return `${Math.ceil(seconds / 60)} minutes`;
}

function commentError(error: Error): { fields: TFieldErrors<TCommentFields>; form?: string } {
  if (!(error instanceof ApiError)) return { fields: {}, form: 'Something went wrong. Try again.' };
  if (error.status === 429) {
    return {
      fields: {},
      form: error.retryAfter
        ? `You have posted many comments in a short time. Try again in ${minutes(error.retryAfter)}.`
        : `You have posted many comments in a short time. ${error.message}`,
    };
  }
  const fields: TFieldErrors<TCommentFields> = {};
  if (error.fields.name) fields.name = error.fields.name;
  if (error.fields.body) fields.body = error.fields.body;
  return { fields, form: hasErrors(fields) ? undefined : error.message };
}

function CommentItem({ comment, senderName, locale }: { comment: TComment; senderName: string; locale: string }) {
  const fromSender = comment.author === 'owner';
  return (
    <li
      className={cn('rounded-lg border p-4', fromSender && 'border-l-4 border-l-(--dv-accent) bg-muted/40')}
      data-author={comment.author}
    >
      <p className="flex flex-wrap items-baseline gap-x-2 gap-y-0.5 text-sm">
        <span className="font-semibold">{comment.authorName}</span>
        <span className="text-muted-foreground">{fromSender ? senderName : 'Client'}</span>
        <span aria-hidden="true" className="text-muted-foreground">
          ·
        </span>
        <time dateTime={comment.createdAt} className="text-muted-foreground">
          {formatLocalDateTime(comment.createdAt, locale)}
        </time>
      </p>
      <p className="mt-2 text-[0.9375rem] break-words whitespace-pre-line">{comment.body}</p>
    </li>
  );
}

/** The conversation with the sender: both sides, oldest first, and a form to add to it. */
export function CommentsSection({
  token,
  comments,
  senderName,
  locale,
}: {
  token: string;
  comments: TComment[];
  senderName: string;
  /** The document's locale, which writes the comments' dates. */
  locale: string;
}) {
  const add = useAddComment(token);
  const [name, setName] = useState('');
  const [body, setBody] = useState('');
  const [errors, setErrors] = useState<TFieldErrors<TCommentFields>>({});
  const [formError, setFormError] = useState<string | undefined>();
  const [posted, setPosted] = useState('');

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(undefined);
    setPosted('');
    const found = validateComment({ name, body });
    setErrors(found);
    if (hasErrors(found)) {
      event.currentTarget.querySelector<HTMLElement>(`[data-field="${found.name ? 'name' : 'body'}"]`)?.focus();
      return;
    }
    add.mutate(
      { name: name.trim(), body: body.trim() },
      {
        onSuccess: () => {
          setBody('');
          setPosted(`Your comment was posted. ${senderName} has been told.`);
        },
        onError: (error) => {
          const next = commentError(error);
          setErrors(next.fields);
          setFormError(next.form);
        },
      },
    );
  };

  return (
    <section id="comments" aria-labelledby="comments-title" className="bg-card scroll-mt-6 rounded-lg border">
      <div className="p-5 sm:p-8">
        <h2 id="comments-title" className="flex items-center gap-2 text-xl font-semibold tracking-tight">
          <MessageSquare aria-hidden="true" className="size-5 text-(--dv-accent)" />
          Questions and comments
        </h2>
        <p className="text-muted-foreground mt-2 text-sm">
          Ask {senderName} about anything in this proposal. They are told by email and reply here.
        </p>
        {comments.length === 0 ? (
          <p className="text-muted-foreground mt-6 rounded-lg border border-dashed px-4 py-6 text-center text-sm">
            No comments yet.
          </p>
        ) : (
          <ol aria-label="Comments" className="mt-6 space-y-3">
            {comments.map((comment) => (
              <CommentItem key={comment.id} comment={comment} senderName={senderName} locale={locale} />
            ))}
          </ol>
        )}
      </div>
      <form
        noValidate
        onSubmit={submit}
        aria-label="Add a comment"
        className="grid gap-4 border-t p-5 sm:p-8 print:hidden"
      >
        <div className="sm:max-w-sm">
          <FormField label="Your name" error={errors.name}>
            <Input
              data-field="name"
              autoComplete="name"
              value={name}
              onChange={(e) => setName(e.target.value)}
              maxLength={200}
            />
          </FormField>
        </div>
        <FormField label="Comment" error={errors.body}>
          <Textarea data-field="body" value={body} onChange={(e) => setBody(e.target.value)} maxLength={5000} />
        </FormField>
        <FormError message={formError} />
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={add.isPending} className={ACCENT_BUTTON}>
            {add.isPending ? 'Posting…' : 'Post comment'}
          </Button>
          <p role="status" className="text-success text-sm">
            {posted}
          </p>
        </div>
      </form>
    </section>
  );
}
