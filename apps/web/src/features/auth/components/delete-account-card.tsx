import { useLingui } from '@lingui/react';
import { useState } from 'react';
import { ZDeleteAccount } from '@draftwell/shared/auth';
import { useNavigate } from 'react-router';
import { flash } from '@/lib/flash';
import { FormField } from '@/components/form/form-field';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { paths } from '@/config/paths';
import { useDeleteAccount } from '@/features/auth/api/auth-actions';
import { ApiError } from '@/lib/api-client';

export function DeleteAccountCard() {
  const { i18n } = useLingui();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const remove = useDeleteAccount();
  const navigate = useNavigate();

  const confirm = (e: React.FormEvent) => {
    e.preventDefault();
    const confirmed = ZDeleteAccount.safeParse({ password });
    if (!confirmed.success) {
      setError(confirmed.error.issues[0]!.message);
      return;
    }
    remove.mutate(password, {
      onSuccess: () => {
        setOpen(false);
        flash({
          type: 'success',
          title: i18n._('Account deleted'),
          description: i18n._('Your account and all its data are gone.'),
        });
        void navigate(paths.landing, { replace: true });
      },
      onError: (err) => {
        setError(
          err instanceof ApiError && err.code === 'INVALID_PASSWORD'
            ? i18n._('That password is not right.')
            : err.message,
        );
      },
    });
  };

  return (
    <Card className="border-destructive/40">
      <CardHeader>
        <CardTitle>{i18n._('Delete account')}</CardTitle>
        <CardDescription>
          {i18n._(
            'Deletes your account and everything in it, at once and for good: proposals, clients, templates and your business profile. Links you sent stop working.',
          )}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <AlertDialog
          open={open}
          onOpenChange={(next) => {
            setOpen(next);
            setPassword('');
            setError(undefined);
          }}
        >
          <AlertDialogTrigger asChild>
            <Button variant="destructive">{i18n._('Delete my account…')}</Button>
          </AlertDialogTrigger>
          <AlertDialogContent>
            <AlertDialogTitle>{i18n._('Delete your account?')}</AlertDialogTitle>
            <AlertDialogDescription>
              {i18n._('This cannot be undone. Enter your password to confirm.')}
            </AlertDialogDescription>
            <form onSubmit={confirm} noValidate className="grid gap-4" aria-label={i18n._('Confirm account deletion')}>
              <FormField label={i18n._('Password')} error={error}>
                <Input
                  type="password"
                  autoComplete="current-password"
                  value={password}
                  onChange={(e) => setPassword(e.target.value)}
                />
              </FormField>
              <div className="flex justify-end gap-2">
                <AlertDialogCancel asChild>
                  <Button type="button" variant="outline">
                    {i18n._('Cancel')}
                  </Button>
                </AlertDialogCancel>
                <Button type="submit" variant="destructive" disabled={remove.isPending}>
                  {remove.isPending ? i18n._('Deleting…') : i18n._('Delete everything')}
                </Button>
              </div>
            </form>
          </AlertDialogContent>
        </AlertDialog>
      </CardContent>
    </Card>
  );
}
