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
        flash({ type: 'success', title: 'Account deleted', description: 'Your account and all its data are gone.' });
        void navigate(paths.landing, { replace: true });
      },
      onError: (err) => {
        setError(
          err instanceof ApiError && err.code === 'INVALID_PASSWORD' ? 'That password is not right.' : err.message,
        );
      },
    });
  };

  return (
    <Card className="border-destructive/40">
      <CardHeader>
        <CardTitle>Delete account</CardTitle>
        <CardDescription>
          Deletes your account and everything in it, at once and for good: proposals, clients, templates and your
          business profile. Links you sent stop working.
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
            <Button variant="destructive">Delete my account…</Button>
          </AlertDialogTrigger>
          <AlertDialogContent>
            <AlertDialogTitle>Delete your account?</AlertDialogTitle>
            <AlertDialogDescription>This cannot be undone. Enter your password to confirm.</AlertDialogDescription>
            <form onSubmit={confirm} noValidate className="grid gap-4" aria-label="Confirm account deletion">
              <FormField label="Password" error={error}>
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
                    Cancel
                  </Button>
                </AlertDialogCancel>
                <Button type="submit" variant="destructive" disabled={remove.isPending}>
                  {remove.isPending ? 'Deleting…' : 'Delete everything'}
                </Button>
              </div>
            </form>
          </AlertDialogContent>
        </AlertDialog>
      </CardContent>
    </Card>
  );
}
