import { useState, type FormEvent } from 'react';
import { FormError } from '@/components/form/form-error';
import { FormField } from '@/components/form/form-field';
import { Button } from '@/components/ui/button';
import { Input, Textarea } from '@/components/ui/input';
import { ApiError } from '@/lib/http';
import { useAddComment } from '../api/add-comment';
import { ACCENT_BUTTON } from './accent';
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

/**
 * The form that adds the client's comment to the thread: its own chunk, fetched as the reader
 * comes near it, so a first load carries none of its code (QUALITY P8).
 */
export function CommentForm({
  token,
  senderName,
  yourName,
}: {
  token: string;
  senderName: string;
  /** The link's signer: the name the form starts with. */
  yourName: string;
}) {
  const add = useAddComment(token);
  const [name, setName] = useState(yourName);
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
  );
}
