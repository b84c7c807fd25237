import type { I18n } from '@draftwell/shared/i18n/i18n';
import { Trans, useLingui } from '@lingui/react';
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
  <K extends keyof TAuthSchemas>(i18n: I18n, name: K) =>
  async (): Promise<TAuthSchemas[K]> =>
    (await import('../auth-schemas')).authSchemas(i18n)[name];

/** The server's word on a sent form, beside the field it is about (or above the button). */
function placeError(i18n: I18n, form: TLightFormHelpers, fields: string[], err: unknown) {
  const { field, message } = authErrorPlacement(i18n, err);
  form.setError(fields.includes(field) ? field : 'root', message);
}

export function SignInForm({ onSuccess, onForgot }: { onSuccess: () => void; onForgot: () => void }) {
  const { i18n } = useLingui();
  const form = useLightForm(loadSchema(i18n, 'signIn'), (values, helpers) =>
    signIn(values).then(onSuccess, (err: unknown) => placeError(i18n, helpers, ['email', 'password'], err)),
  );
  const { errors } = form;
  return (
    <form {...form.formProps} className="grid gap-4" aria-label={i18n._('Sign in')}>
      <FormField label={i18n._('Email')} error={errors.email}>
        <Input name="email" type="email" autoComplete="email" />
      </FormField>
      <FormField label={i18n._('Password')} error={errors.password}>
        <Input name="password" type="password" autoComplete="current-password" />
      </FormField>
      <FormError message={errors.root} />
      <Button type="submit" disabled={form.submitting}>
        {form.submitting ? i18n._('Signing in…') : i18n._('Sign in')}
      </Button>
      <Button type="button" variant="link" className="justify-self-start" onClick={onForgot}>
        {i18n._('Forgot your password?')}
      </Button>
    </form>
  );
}

export function SignUpForm({ onSuccess }: { onSuccess: (email: string) => void }) {
  const { i18n } = useLingui();
  const form = useLightForm(loadSchema(i18n, 'signUp'), (values, helpers) =>
    signUp(values).then(
      () => onSuccess(values.email),
      (err: unknown) => placeError(i18n, helpers, ['name', 'email', 'password'], err),
    ),
  );
  const { errors } = form;
  return (
    <form {...form.formProps} className="grid gap-4" aria-label={i18n._('Sign up')}>
      <FormField label={i18n._('Name')} error={errors.name}>
        <Input name="name" autoComplete="name" />
      </FormField>
      <FormField label={i18n._('Email')} error={errors.email}>
        <Input name="email" type="email" autoComplete="email" />
      </FormField>
      <FormField
        label={i18n._('Password')}
        error={errors.password}
        hint={i18n._('At least 8 characters. A short sentence is easy to remember and hard to guess.')}
      >
        <Input name="password" type="password" autoComplete="new-password" />
      </FormField>
      <FormError message={errors.root} />
      <Button type="submit" disabled={form.submitting}>
        {form.submitting ? i18n._('Creating your account…') : i18n._('Create account')}
      </Button>
    </form>
  );
}

export function ForgotPasswordForm({ onBack }: { onBack: () => void }) {
  const { i18n } = useLingui();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useLightForm(loadSchema(i18n, 'forgot'), ({ email }, helpers) =>
    requestPasswordReset(email).then(
      () => setSentTo(email),
      (err: unknown) => placeError(i18n, helpers, ['email'], err),
    ),
  );
  if (sentTo !== null) {
    return (
      <div className="grid gap-4" role="status">
        <p>
          <Trans
            id="If an account exists for <0>{email}</0>, we have sent it a link to choose a new password. The link works for one hour."
            values={{ email: <>{sentTo}</> }}
            components={{ 0: <strong /> }}
          />
        </p>
        <Button variant="outline" onClick={onBack}>
          {i18n._('Back to sign in')}
        </Button>
      </div>
    );
  }
  return (
    // What to enter is the screen's subtitle.
    <form {...form.formProps} className="grid gap-4" aria-label={i18n._('Reset your password')}>
      <FormField label={i18n._('Email')} error={form.errors.email}>
        <Input name="email" type="email" autoComplete="email" />
      </FormField>
      <FormError message={form.errors.root} />
      <Button type="submit" disabled={form.submitting}>
        {form.submitting ? i18n._('Sending…') : i18n._('Send reset link')}
      </Button>
      <Button type="button" variant="link" className="justify-self-start" onClick={onBack}>
        {i18n._('Back to sign in')}
      </Button>
    </form>
  );
}

export function ResetPasswordForm({ token, onDone }: { token: string; onDone: () => void }) {
  const { i18n } = useLingui();
  const form = useLightForm(loadSchema(i18n, 'newPassword'), (values, helpers) =>
    resetPassword({ token, newPassword: values.password }).then(onDone, (err: unknown) =>
      placeError(i18n, helpers, ['password', 'confirm'], err),
    ),
  );
  const { errors } = form;
  return (
    <form {...form.formProps} className="grid gap-4" aria-label={i18n._('Choose a new password')}>
      <FormField label={i18n._('New password')} error={errors.password} hint={i18n._('At least 8 characters.')}>
        <Input name="password" type="password" autoComplete="new-password" />
      </FormField>
      <FormField label={i18n._('Repeat the new password')} error={errors.confirm}>
        <Input name="confirm" type="password" autoComplete="new-password" />
      </FormField>
      <FormError message={errors.root} />
      <Button type="submit" disabled={form.submitting}>
        {form.submitting ? i18n._('Saving…') : i18n._('Save new password')}
      </Button>
    </form>
  );
}
