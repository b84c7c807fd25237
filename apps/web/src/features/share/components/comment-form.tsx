import type { I18n } from '@draftwell/shared/i18n/i18n';
import { useLingui } from '@lingui/react';
import { useState, type FormEvent } from 'react';
import { FormError } from '@/components/form/form-error';
import { FormField } from '@/components/form/form-field';
import { Button } from '@/components/ui/button';
import { Input, Textarea } from '@/components/ui/input';
import { ApiError } from '@/lib/http';
import { useAddComment } from '../api/add-comment';
import { ACCENT_BUTTON } from './accent';
import { errorMessage } from '../utils/share-error';
import { hasErrors, validateComment, type TCommentFields, type TFieldErrors } from '../utils/validate';

/** Too many comments: when to try again, in seconds under a minute and a half, else in minutes. */
function tooManyText(i18n: I18n, seconds: number): string {
  if (seconds < 90) {
    return i18n._(
      'You have posted many comments in a short time. Try again in {seconds, plural, one {# second} other {# seconds}}.',
      { seconds },
    );
  }
  return i18n._(
    'You have posted many comments in a short time. Try again in {minutes, plural, one {# minute} other {# minutes}}.',
    { minutes: Math.ceil(seconds / 60) },
  );
}

function commentError(i18n: I18n, error: Error): { fields: TFieldErrors<TCommentFields>; form?: string } {
  if (!(error instanceof ApiError)) return { fields: {}, form: i18n._('Something went wrong. Try again.') };
  if (error.status === 429) {
    return {
      fields: {},
      form: error.retryAfter
        ? tooManyText(i18n, error.retryAfter)
        : i18n._('You have posted many comments in a short time. {reason}', { reason: errorMessage(i18n, error) }),
    };
  }
  const fields: TFieldErrors<TCommentFields> = {};
  if (error.fields.name) fields.name = error.fields.name;
  if (error.fields.body) fields.body = error.fields.body;
  return { fields, form: hasErrors(fields) ? undefined : errorMessage(i18n, error) };
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
  const { i18n } = useLingui();
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
    const found = validateComment(i18n, { name, body });
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
          setPosted(i18n._('Your comment was posted. {sender} has been told.', { sender: senderName }));
        },
        onError: (error) => {
          const next = commentError(i18n, error);
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
      aria-label={i18n._('Add a comment')}
      className="grid gap-4 border-t p-5 sm:p-8 print:hidden"
    >
      <div className="sm:max-w-sm">
        <FormField label={i18n._('Your name')} error={errors.name}>
          <Input
            data-field="name"
            autoComplete="name"
            value={name}
            onChange={(e) => setName(e.target.value)}
            maxLength={200}
          />
        </FormField>
      </div>
      <FormField label={i18n._('Comment')} error={errors.body}>
        <Textarea data-field="body" value={body} onChange={(e) => setBody(e.target.value)} maxLength={5000} />
      </FormField>
      <FormError message={formError} />
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={add.isPending} className={ACCENT_BUTTON}>
          {add.isPending ? i18n._('Posting…') : i18n._('Post comment')}
        </Button>
        <p role="status" className="text-success text-sm">
          {posted}
        </p>
      </div>
    </form>
  );
}
