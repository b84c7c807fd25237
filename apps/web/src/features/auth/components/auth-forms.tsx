import { useState } from 'react';
import { FormError } from '@/components/form/form-error';
import { FormField } from '@/components/form/form-field';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useLightForm, type TLightFormHelpers } from '@/lib/light-form';
import type { TAuthSchemas } from '../auth-schemas';
import { requestPasswordReset, resetPassword, signIn, signUp } from '../api/auth-requests';
import { authErrorPlacement } from '../auth-errors';

/** The forms' schemas (auth-schemas.ts), loaded when a form is first used (lib/light-form.ts). */
const loadSchema =
  <K extends keyof TAuthSchemas>(name: K) =>
  async (): Promise<TAuthSchemas[K]> =>
    (await import('../auth-schemas')).AUTH_SCHEMAS[name];

/** The server's word on a sent form, beside the field it is about (or above the button). */
function placeError(form: TLightFormHelpers, fields: string[], err: unknown) {
  const { field, message } = authErrorPlacement(err);
  form.setError(fields.includes(field) ? field : 'root', message);
}

export function SignInForm({ onSuccess, onForgot }: { onSuccess: () => void; onForgot: () => void }) {
  const form = useLightForm(loadSchema('signIn'), (values, helpers) =>
    signIn(values).then(onSuccess, (err: unknown) => placeError(helpers, ['email', 'password'], err)),
  );
  const { errors } = form;
  return (
    <form {...form.formProps} className="grid gap-4" aria-label="Sign in">
      <FormField label="Email" error={errors.email}>
        <Input name="email" type="email" autoComplete="email" />
      </FormField>
      <FormField label="Password" error={errors.password}>
        <Input name="password" type="password" autoComplete="current-password" />
      </FormField>
      <FormError message={errors.root} />
      <Button type="submit" disabled={form.submitting}>
        {form.submitting ? 'Signing in…' : 'Sign in'}
      </Button>
      <Button type="button" variant="link" className="justify-self-start" onClick={onForgot}>
        Forgot your password?
      </Button>
    </form>
  );
}

export function SignUpForm({ onSuccess }: { onSuccess: (email: string) => void }) {
  const form = useLightForm(loadSchema('signUp'), (values, helpers) =>
    signUp(values).then(
      () => onSuccess(values.email),
      (err: unknown) => placeError(helpers, ['name', 'email', 'password'], err),
    ),
  );
  const { errors } = form;
  return (
    <form {...form.formProps} className="grid gap-4" aria-label="Sign up">
      <FormField label="Name" error={errors.name}>
        <Input name="name" autoComplete="name" />
      </FormField>
      <FormField label="Email" error={errors.email}>
        <Input name="email" type="email" autoComplete="email" />
      </FormField>
      <FormField
        label="Password"
        error={errors.password}
        hint="At least 8 characters. A short sentence is easy to remember and hard to guess."
      >
        <Input name="password" type="password" autoComplete="new-password" />
      </FormField>
      <FormError message={errors.root} />
      <Button type="submit" disabled={form.submitting}>
        {form.submitting ? 'Creating your account…' : 'Create account'}
      </Button>
    </form>
  );
}

export function ForgotPasswordForm({ onBack }: { onBack: () => void }) {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useLightForm(loadSchema('forgot'), ({ email }, helpers) =>
    requestPasswordReset(email).then(
      () => setSentTo(email),
      (err: unknown) => placeError(helpers, ['email'], err),
    ),
  );
  if (sentTo !== null) {
    return (
      <div className="grid gap-4" role="status">
        <p>
          If an account exists for <strong>{sentTo}</strong>, we have sent it a link to choose a new password. The link
          works for one hour.
        </p>
        <Button variant="outline" onClick={onBack}>
          Back to sign in
        </Button>
      </div>
    );
  }
  return (
    // What to enter is the screen's subtitle.
    <form {...form.formProps} className="grid gap-4" aria-label="Reset your password">
      <FormField label="Email" error={form.errors.email}>
        <Input name="email" type="email" autoComplete="email" />
      </FormField>
      <FormError message={form.errors.root} />
      <Button type="submit" disabled={form.submitting}>
        {form.submitting ? 'Sending…' : 'Send reset link'}
      </Button>
      <Button type="button" variant="link" className="justify-self-start" onClick={onBack}>
        Back to sign in
      </Button>
    </form>
  );
}

export function ResetPasswordForm({ token, onDone }: { token: string; onDone: () => void }) {
  const form = useLightForm(loadSchema('newPassword'), (values, helpers) =>
    resetPassword({ token, newPassword: values.password }).then(onDone, (err: unknown) =>
      placeError(helpers, ['password', 'confirm'], err),
    ),
  );
  const { errors } = form;
  return (
    <form {...form.formProps} className="grid gap-4" aria-label="Choose a new password">
      <FormField label="New password" error={errors.password} hint="At least 8 characters.">
        <Input name="password" type="password" autoComplete="new-password" />
      </FormField>
      <FormField label="Repeat the new password" error={errors.confirm}>
        <Input name="confirm" type="password" autoComplete="new-password" />
      </FormField>
      <FormError message={errors.root} />
      <Button type="submit" disabled={form.submitting}>
        {form.submitting ? 'Saving…' : 'Save new password'}
      </Button>
    </form>
  );
}
