import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { z } from 'zod';
import { ZEmail, ZPassword, ZSignIn, ZSignUp, type TSignIn, type TSignUp } from '@draftwell/shared';
import { FormError } from '@/components/form/form-error';
import { FormField } from '@/components/form/form-field';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useRequestPasswordReset, useResetPassword, useSignIn, useSignUp } from '../api/auth-actions';
import { authErrorPlacement } from '../auth-errors';

function applyError<T extends FieldValues>(form: UseFormReturn<T>, err: unknown) {
  const { field, message } = authErrorPlacement(err);
  const key = (field in form.getValues() ? field : 'root') as Path<T> | 'root';
  form.setError(key, { message });
  if (key !== 'root') form.setFocus(key);
}

export function SignInForm({ onSuccess, onForgot }: { onSuccess: () => void; onForgot: () => void }) {
  const form = useForm<TSignIn>({ resolver: zodResolver(ZSignIn), defaultValues: { email: '', password: '' } });
  const signIn = useSignIn();
  const submit = form.handleSubmit((values) =>
    signIn.mutateAsync(values).then(onSuccess, (err: unknown) => applyError(form, err)),
  );
  const { errors } = form.formState;
  return (
    <form onSubmit={submit} noValidate className="grid gap-4" aria-label="Sign in">
      <FormField label="Email" error={errors.email?.message}>
        <Input type="email" autoComplete="email" {...form.register('email')} />
      </FormField>
      <FormField label="Password" error={errors.password?.message}>
        <Input type="password" autoComplete="current-password" {...form.register('password')} />
      </FormField>
      <FormError message={errors.root?.message} />
      <Button type="submit" disabled={form.formState.isSubmitting}>
        {form.formState.isSubmitting ? 'Signing in…' : 'Sign in'}
      </Button>
      <Button type="button" variant="link" className="justify-self-start" onClick={onForgot}>
        Forgot your password?
      </Button>
    </form>
  );
}

export function SignUpForm({ onSuccess }: { onSuccess: (email: string) => void }) {
  const form = useForm<TSignUp>({
    resolver: zodResolver(ZSignUp),
    defaultValues: { name: '', email: '', password: '' },
  });
  const signUp = useSignUp();
  const submit = form.handleSubmit((values) =>
    signUp.mutateAsync(values).then(
      () => onSuccess(values.email),
      (err: unknown) => applyError(form, err),
    ),
  );
  const { errors } = form.formState;
  return (
    <form onSubmit={submit} noValidate className="grid gap-4" aria-label="Sign up">
      <FormField label="Name" error={errors.name?.message}>
        <Input autoComplete="name" {...form.register('name')} />
      </FormField>
      <FormField label="Email" error={errors.email?.message}>
        <Input type="email" autoComplete="email" {...form.register('email')} />
      </FormField>
      <FormField
        label="Password"
        error={errors.password?.message}
        hint="At least 8 characters. A short sentence is easy to remember and hard to guess."
      >
        <Input type="password" autoComplete="new-password" {...form.register('password')} />
      </FormField>
      <FormError message={errors.root?.message} />
      <Button type="submit" disabled={form.formState.isSubmitting}>
        {form.formState.isSubmitting ? 'Creating your account…' : 'Create account'}
      </Button>
    </form>
  );
}

const ZForgot = z.object({ email: ZEmail });

export function ForgotPasswordForm({ onBack }: { onBack: () => void }) {
  const form = useForm<z.infer<typeof ZForgot>>({ resolver: zodResolver(ZForgot), defaultValues: { email: '' } });
  const request = useRequestPasswordReset();
  const submit = form.handleSubmit((values) =>
    request.mutateAsync(values.email).catch((err: unknown) => applyError(form, err)),
  );
  if (request.isSuccess) {
    return (
      <div className="grid gap-4" role="status">
        <p>
          If an account exists for <strong>{form.getValues('email')}</strong>, we have sent it a link to choose a new
          password. The link works for one hour.
        </p>
        <Button variant="outline" onClick={onBack}>
          Back to sign in
        </Button>
      </div>
    );
  }
  return (
    // What to enter is the screen's subtitle.
    <form onSubmit={submit} noValidate className="grid gap-4" aria-label="Reset your password">
      <FormField label="Email" error={form.formState.errors.email?.message}>
        <Input type="email" autoComplete="email" {...form.register('email')} />
      </FormField>
      <FormError message={form.formState.errors.root?.message} />
      <Button type="submit" disabled={form.formState.isSubmitting}>
        {form.formState.isSubmitting ? 'Sending…' : 'Send reset link'}
      </Button>
      <Button type="button" variant="link" className="justify-self-start" onClick={onBack}>
        Back to sign in
      </Button>
    </form>
  );
}

const ZNewPassword = z
  .object({ password: ZPassword, confirm: z.string() })
  .refine((v) => v.password === v.confirm, { path: ['confirm'], message: 'The two passwords differ.' });

export function ResetPasswordForm({ token, onDone }: { token: string; onDone: () => void }) {
  const form = useForm<z.infer<typeof ZNewPassword>>({
    resolver: zodResolver(ZNewPassword),
    defaultValues: { password: '', confirm: '' },
  });
  const reset = useResetPassword();
  const submit = form.handleSubmit((values) =>
    reset.mutateAsync({ token, newPassword: values.password }).then(onDone, (err: unknown) => applyError(form, err)),
  );
  const { errors } = form.formState;
  return (
    <form onSubmit={submit} noValidate className="grid gap-4" aria-label="Choose a new password">
      <FormField label="New password" error={errors.password?.message} hint="At least 8 characters.">
        <Input type="password" autoComplete="new-password" {...form.register('password')} />
      </FormField>
      <FormField label="Repeat the new password" error={errors.confirm?.message}>
        <Input type="password" autoComplete="new-password" {...form.register('confirm')} />
      </FormField>
      <FormError message={errors.root?.message} />
      <Button type="submit" disabled={form.formState.isSubmitting}>
        {form.formState.isSubmitting ? 'Saving…' : 'Save new password'}
      </Button>
    </form>
  );
}
