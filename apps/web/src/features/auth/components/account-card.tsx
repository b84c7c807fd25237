import { zodResolver } from '@hookform/resolvers/zod';
import { ZChangeEmail, ZChangeName, type TChangeEmail, type TChangeName, type TSessionUser } from '@draftwell/shared';
import type { I18n } from '@draftwell/shared/i18n/i18n';
import { Trans, useLingui } from '@lingui/react';
import { BadgeCheck, MailWarning } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { FormError } from '@/components/form/form-error';
import { FormField } from '@/components/form/form-field';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { useChangeEmail, useChangeName, useResendVerification } from '@/features/auth/api/auth-actions';
import { ApiError } from '@/lib/api-client';
import { appI18n } from '@/lib/app-language';
import { translated } from '@/lib/translated';

/** The server's message on the field it names, else on the whole form. */
function showError<T extends FieldValues>(
  i18n: I18n,
  form: UseFormReturn<T>,
  err: unknown,
  fields: readonly Path<T>[],
) {
  const e = err instanceof ApiError ? err : null;
  let placed = false;
  for (const field of fields) {
    const message = e?.fields[field];
    if (message) {
      form.setError(field, { message });
      placed = true;
    }
  }
  if (!placed) form.setError('root', { message: e?.message ?? i18n._('Something went wrong. Try again.') });
}

function NameForm({ name }: { name: string }) {
  const { i18n } = useLingui();
  const form = useForm<TChangeName>({ resolver: zodResolver(ZChangeName), values: { name } });
  const change = useChangeName();
  const submit = form.handleSubmit((values) =>
    change.mutateAsync(values).then(
      () =>
        toast.success(i18n._('Name saved'), {
          description: i18n._('Your account is now in the name of {name}.', { name: values.name }),
        }),
      (err: unknown) => showError(i18n, form, err, ['name']),
    ),
  );
  const { errors, isSubmitting, isDirty } = form.formState;
  return (
    <form onSubmit={submit} noValidate className="grid gap-3" aria-label={i18n._('Change name')}>
      <div className="flex flex-wrap items-end gap-3">
        <div className="min-w-0 flex-1 basis-56">
          <FormField label={i18n._('Name')} error={errors.name?.message}>
            <Input autoComplete="name" maxLength={120} {...form.register('name')} />
          </FormField>
        </div>
        <Button type="submit" variant="outline" disabled={isSubmitting || !isDirty}>
          {isSubmitting ? i18n._('Saving…') : i18n._('Save name')}
        </Button>
      </div>
      <FormError message={errors.root?.message} />
    </form>
  );
}

function ChangeEmailForm({ onSent }: { onSent: (email: string) => void }) {
  const { i18n } = useLingui();
  const form = useForm<TChangeEmail>({
    resolver: zodResolver(ZChangeEmail),
    defaultValues: { newEmail: '', password: '' },
  });
  const change = useChangeEmail();
  const submit = form.handleSubmit((values) =>
    change.mutateAsync(values).then(
      () => onSent(values.newEmail.trim().toLowerCase()),
      (err: unknown) => showError(i18n, form, err, ['newEmail', 'password']),
    ),
  );
  const { errors, isSubmitting } = form.formState;
  return (
    <form onSubmit={submit} noValidate className="grid gap-4" aria-label={i18n._('Change email')}>
      <FormField label={i18n._('New email')} error={errors.newEmail?.message}>
        {/* eslint-disable-next-line jsx-a11y/no-autofocus -- the dialog opens to type the address */}
        <Input type="email" autoComplete="email" autoFocus {...form.register('newEmail')} />
      </FormField>
      <FormField label={i18n._('Your password')} error={errors.password?.message}>
        <Input type="password" autoComplete="current-password" {...form.register('password')} />
      </FormField>
      <FormError message={errors.root?.message} />
      <DialogFooter>
        <DialogClose asChild>
          <Button type="button" variant="outline">
            {i18n._('Cancel')}
          </Button>
        </DialogClose>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? i18n._('Sending…') : i18n._('Send confirmation link')}
        </Button>
      </DialogFooter>
    </form>
  );
}

function ResendVerification({ email }: { email: string }) {
  const { i18n } = useLingui();
  const resend = useResendVerification();
  return (
    <Button
      variant="link"
      size="sm"
      disabled={resend.isPending || resend.isSuccess}
      onClick={() =>
        resend.mutate(email, {
          onSuccess: () =>
            toast.success(i18n._('Confirmation email sent'), {
              description: i18n._('Check the inbox of {email}.', { email }),
            }),
          onError: (err) =>
            toast.error(i18n._('Could not send the email'), { description: translated(i18n, err.message) }),
        })
      }
    >
      {resend.isSuccess ? i18n._('Email sent') : i18n._('Send the confirmation email again')}
    </Button>
  );
}

const linkErrors = (i18n: I18n): Record<string, string> => ({
  EMAIL_IN_USE: i18n._('Another account took that address since the link was sent. Your email has not changed.'),
});

/** The link mailed to a new address lands here: say whether the change went through. */
function useEmailChangeLanding() {
  const [params, setParams] = useSearchParams();
  const changed = params.get('email') === 'changed';
  const linkError = params.get('error');
  useEffect(() => {
    if (!changed && !linkError) return;
    const i18n = appI18n();
    if (linkError) {
      toast.error(i18n._('Your email has not changed'), {
        description:
          linkErrors(i18n)[linkError] ??
          i18n._('That confirmation link has expired or was used already. Ask for a new one with Change email.'),
      });
    } else {
      toast.success(i18n._('Email changed'), { description: i18n._('Sign in with your new address from now on.') });
    }
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('email');
        next.delete('error');
        return next;
      },
      { replace: true },
    );
  }, [changed, linkError, setParams]);
}

/** The account's name and sign-in email, each changeable; a new email waits for its link. */
export function AccountCard({ user }: { user: TSessionUser }) {
  const { i18n } = useLingui();
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState<string | null>(null);
  useEmailChangeLanding();

  return (
    <Card>
      <CardHeader>
        <CardTitle>{i18n._('Account')}</CardTitle>
        <CardDescription>
          {i18n._('Your name, and the email you sign in with and receive replies from clients at.')}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <NameForm name={user.name} />
        <div className="grid gap-2">
          <h3 className="text-sm font-medium">{i18n._('Email')}</h3>
          <div className="flex flex-wrap items-center gap-x-3 gap-y-2 text-sm">
            <span className="break-all">{user.email}</span>
            {user.emailVerified ? (
              <span className="text-success inline-flex items-center gap-1">
                <BadgeCheck className="size-4" aria-hidden="true" /> {i18n._('Confirmed')}
              </span>
            ) : (
              <span className="inline-flex flex-wrap items-center gap-2">
                <span className="inline-flex items-center gap-1 text-amber-700 dark:text-amber-300">
                  <MailWarning className="size-4" aria-hidden="true" /> {i18n._('Not confirmed yet')}
                </span>
                <ResendVerification email={user.email} />
              </span>
            )}
          </div>
          <Dialog open={open} onOpenChange={setOpen}>
            <DialogTrigger asChild>
              <Button variant="outline" className="justify-self-start">
                {i18n._('Change email')}
              </Button>
            </DialogTrigger>
            <DialogContent>
              <DialogHeader>
                <DialogTitle>{i18n._('Change your email')}</DialogTitle>
                <DialogDescription>
                  {i18n._(
                    'We send a link to the new address. Your email changes when you open it; until then you sign in with {email}.',
                    { email: user.email },
                  )}
                </DialogDescription>
              </DialogHeader>
              <ChangeEmailForm
                onSent={(email) => {
                  setOpen(false);
                  setPending(email);
                  toast.success(i18n._('Check your new inbox'), {
                    description: i18n._('We sent a confirmation link to {email}.', { email }),
                  });
                }}
              />
            </DialogContent>
          </Dialog>
          <div role="status">
            {pending && pending !== user.email ? (
              <p className="bg-accent text-accent-foreground rounded-md px-3 py-2 text-sm">
                <Trans
                  id="We sent a confirmation link to <0>{pending}</0>. Your email stays <1>{email}</1> until you open it."
                  values={{ pending: <>{pending}</>, email: <>{user.email}</> }}
                  components={{ 0: <strong className="break-all" />, 1: <span className="break-all" /> }}
                />
              </p>
            ) : null}
          </div>
        </div>
      </CardContent>
    </Card>
  );
}
