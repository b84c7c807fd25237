import { zodResolver } from '@hookform/resolvers/zod';
import { useLingui } from '@lingui/react';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { PASSWORD_MAX, PASSWORD_MIN, ZChangePassword } from '@draftwell/shared';
import { z } from 'zod';
import { FormError } from '@/components/form/form-error';
import { FormField } from '@/components/form/form-field';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { useChangePassword } from '@/features/auth/api/auth-actions';
import { ApiError } from '@/lib/api-client';

type TValues = z.infer<typeof ZChangePassword>;

export function ChangePasswordCard() {
  const { i18n } = useLingui();
  // The server's schema, its new password's two messages that carry a length written whole in the
  // app's language (a schema's declared message cannot hold a value).
  const schema = useMemo(
    () =>
      ZChangePassword.extend({
        newPassword: z
          .string()
          .min(PASSWORD_MIN, i18n._('Use at least {count} characters.', { count: PASSWORD_MIN }))
          .max(PASSWORD_MAX, i18n._('Use at most {count} characters.', { count: PASSWORD_MAX })),
      }),
    [i18n],
  );
  const form = useForm<TValues>({
    resolver: zodResolver(schema),
    defaultValues: { currentPassword: '', newPassword: '' },
  });
  const change = useChangePassword();
  const submit = form.handleSubmit((values) =>
    change.mutateAsync(values).then(
      () => {
        form.reset();
        toast.success(i18n._('Password changed'), { description: i18n._('Your other devices have been signed out.') });
      },
      (err: unknown) => {
        const e = err instanceof ApiError ? err : null;
        if (e?.code === 'INVALID_PASSWORD')
          form.setError('currentPassword', { message: i18n._('That is not your current password.') });
        else if (e && ['WEAK_PASSWORD', 'PASSWORD_TOO_SHORT', 'PASSWORD_TOO_LONG'].includes(e.code))
          form.setError('newPassword', { message: e.message });
        else form.setError('root', { message: e?.message ?? i18n._('Something went wrong. Try again.') });
      },
    ),
  );
  const { errors, isSubmitting } = form.formState;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{i18n._('Password')}</CardTitle>
        <CardDescription>{i18n._('Changing it signs out every other device.')}</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} noValidate className="grid max-w-md gap-4" aria-label={i18n._('Change password')}>
          <FormField label={i18n._('Current password')} error={errors.currentPassword?.message}>
            <Input type="password" autoComplete="current-password" {...form.register('currentPassword')} />
          </FormField>
          <FormField
            label={i18n._('New password')}
            error={errors.newPassword?.message}
            hint={i18n._('At least 8 characters.')}
          >
            <Input type="password" autoComplete="new-password" {...form.register('newPassword')} />
          </FormField>
          <FormError message={errors.root?.message} />
          <Button type="submit" className="justify-self-start" disabled={isSubmitting}>
            {isSubmitting ? i18n._('Saving…') : i18n._('Change password')}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
