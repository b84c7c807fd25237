import { zodResolver } from '@hookform/resolvers/zod';
import { ZChangeEmail, ZChangeName, type TChangeEmail, type TChangeName, type TSessionUser } from '@draftwell/shared';
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

/** The server's message on the field it names, else on the whole form. */
function showError<T extends FieldValues>(form: UseFormReturn<T>, err: unknown, fields: readonly Path<T>[]) {
  const e = err instanceof ApiError ? err : null;
  let placed = false;
  for (const field of fields) {
    const message = e?.fields[field];
    if (message) {
      form.setError(field, { message });
      placed = true;
    }
  }
  if (!placed) form.setError('root', { message: e?.message ?? 'Something went wrong. Try again.' });
}

function NameForm({ name }: { name: string }) {
  const form = useForm<TChangeName>({ resolver: zodResolver(ZChangeName), values: { name } });
  const change = useChangeName();
  const submit = form.handleSubmit((values) =>
    change.mutateAsync(values).then(
      () => toast.success('Name saved', { description: `Your account is now in the name of ${values.name}.` }),
      (err: unknown) => showError(form, err, ['name']),
    ),
  );
  const { errors, isSubmitting, isDirty } = form.formState;
  return (
    <form onSubmit={submit} noValidate className="grid gap-3" aria-label="Change name">
      <div className="flex flex-wrap items-end gap-3">
        <div className="min-w-0 flex-1 basis-56">
          <FormField label="Name" error={errors.name?.message}>
            <Input autoComplete="name" maxLength={120} {...form.register('name')} />
          </FormField>
        </div>
        <Button type="submit" variant="outline" disabled={isSubmitting || !isDirty}>
          {isSubmitting ? 'Saving…' : 'Save name'}
        </Button>
      </div>
      <FormError message={errors.root?.message} />
    </form>
  );
}

function ChangeEmailForm({ onSent }: { onSent: (email: string) => void }) {
  const form = useForm<TChangeEmail>({
    resolver: zodResolver(ZChangeEmail),
    defaultValues: { newEmail: '', password: '' },
  });
  const change = useChangeEmail();
  const submit = form.handleSubmit((values) =>
    change.mutateAsync(values).then(
      () => onSent(values.newEmail.trim().toLowerCase()),
      (err: unknown) => showError(form, err, ['newEmail', 'password']),
    ),
  );
  const { errors, isSubmitting } = form.formState;
  return (
    <form onSubmit={submit} noValidate className="grid gap-4" aria-label="Change email">
      <FormField label="New email" error={errors.newEmail?.message}>
        {/* eslint-disable-next-line jsx-a11y/no-autofocus -- the dialog opens to type the address */}
        <Input type="email" autoComplete="email" autoFocus {...form.register('newEmail')} />
      </FormField>
      <FormField label="Your password" error={errors.password?.message}>
        <Input type="password" autoComplete="current-password" {...form.register('password')} />
      </FormField>
      <FormError message={errors.root?.message} />
      <DialogFooter>
        <DialogClose asChild>
          <Button type="button" variant="outline">
            Cancel
          </Button>
        </DialogClose>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Sending…' : 'Send confirmation link'}
        </Button>
      </DialogFooter>
    </form>
  );
}

function ResendVerification({ email }: { email: string }) {
  const resend = useResendVerification();
  return (
    <Button
      variant="link"
      size="sm"
      disabled={resend.isPending || resend.isSuccess}
      onClick={() =>
        resend.mutate(email, {
          onSuccess: () => toast.success('Confirmation email sent', { description: `Check the inbox of ${email}.` }),
          onError: (err) => toast.error('Could not send the email', { description: err.message }),
        })
      }
    >
      {resend.isSuccess ? 'Email sent' : 'Send the confirmation email again'}
    </Button>
  );
}

const LINK_ERRORS: Record<string, string> = {
  EMAIL_IN_USE: 'Another account took that address since the link was sent. Your email has not changed.',
};

/** The link mailed to a new address lands here: say whether the change went through. */
function useEmailChangeLanding() {
  const [params, setParams] = useSearchParams();
  const changed = params.get('email') === 'changed';
  const linkError = params.get('error');
  useEffect(() => {
    if (!changed && !linkError) return;
    if (linkError) {
      toast.error('Your email has not changed', {
        description:
          LINK_ERRORS[linkError] ??
          'That confirmation link has expired or was used already. Ask for a new one with Change email.',
      });
    } else {
      toast.success('Email changed', { description: 'Sign in with your new address from now on.' });
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
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState<string | null>(null);
  useEmailChangeLanding();

  return (
    <Card>
      <CardHeader>
        <CardTitle>Account</CardTitle>
        <CardDescription>
          Your name, and the email you sign in with and receive replies from clients at.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <NameForm name={user.name} />
        <div className="grid gap-2">
          <h3 className="text-sm font-medium">Email</h3>
          <div className="flex flex-wrap items-center gap-x-3 gap-y-2 text-sm">
            <span className="break-all">{user.email}</span>
            {user.emailVerified ? (
              <span className="text-success inline-flex items-center gap-1">
                <BadgeCheck className="size-4" aria-hidden="true" /> Confirmed
              </span>
            ) : (
              <span className="inline-flex flex-wrap items-center gap-2">
                <span className="inline-flex items-center gap-1 text-amber-700 dark:text-amber-300">
                  <MailWarning className="size-4" aria-hidden="true" /> Not confirmed yet
                </span>
                <ResendVerification email={user.email} />
              </span>
            )}
          </div>
          <Dialog open={open} onOpenChange={setOpen}>
            <DialogTrigger asChild>
              <Button variant="outline" className="justify-self-start">
                Change email
              </Button>
            </DialogTrigger>
            <DialogContent>
              <DialogHeader>
                <DialogTitle>Change your email</DialogTitle>
                <DialogDescription>
                  We send a link to the new address. Your email changes when you open it; until then you sign in with{' '}
                  {user.email}.
                </DialogDescription>
              </DialogHeader>
              <ChangeEmailForm
                onSent={(email) => {
                  setOpen(false);
                  setPending(email);
                  toast.success('Check your new inbox', { description: `We sent a confirmation link to ${email}.` });
                }}
              />
            </DialogContent>
          </Dialog>
          <div role="status">
            {pending && pending !== user.email ? (
              <p className="bg-accent text-accent-foreground rounded-md px-3 py-2 text-sm">
                We sent a confirmation link to <strong className="break-all">{pending}</strong>. Your email stays{' '}
                <span className="break-all">{user.email}</span> until you open it.
              </p>
            ) : null}
          </div>
        </div>
      </CardContent>
    </Card>
  );
}
