import { BadgeCheck, Download, MailWarning } from 'lucide-react';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { PageFrame } from '@/components/layouts/page-frame';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { useResendVerification, useSignOutEverywhere } from '@/features/auth/api/auth-actions';
import { useSession } from '@/features/auth/api/session';
import { ChangePasswordCard } from '@/features/profile/components/change-password-card';
import { DeleteAccountCard } from '@/features/profile/components/delete-account-card';
import { ThemeChoice } from '@/features/theme/components/theme-toggle';

export default function ProfilePage() {
  const { data: session } = useSession();
  const resend = useResendVerification();
  const everywhere = useSignOutEverywhere();
  const navigate = useNavigate();

  useEffect(() => {
    document.title = 'Profile — Draftwell';
  }, []);

  if (!session) return null;
  const { user } = session;

  return (
    <PageFrame title="Profile" description="Your account, security and appearance." className="max-w-3xl">
      <div className="grid gap-6">
        <Card>
          <CardHeader>
            <CardTitle>Account</CardTitle>
            <CardDescription>The name and email your clients see on proposals you send.</CardDescription>
          </CardHeader>
          <CardContent>
            <dl className="grid gap-3 text-sm sm:grid-cols-[8rem_1fr]">
              <dt className="text-muted-foreground">Name</dt>
              <dd>{user.name}</dd>
              <dt className="text-muted-foreground">Email</dt>
              <dd className="flex flex-wrap items-center gap-2">
                <span>{user.email}</span>
                {user.emailVerified ? (
                  <span className="text-success inline-flex items-center gap-1">
                    <BadgeCheck className="size-4" aria-hidden="true" /> Confirmed
                  </span>
                ) : (
                  <span className="inline-flex flex-wrap items-center gap-2">
                    <span className="inline-flex items-center gap-1 text-amber-700 dark:text-amber-300">
                      <MailWarning className="size-4" aria-hidden="true" /> Not confirmed yet
                    </span>
                    <Button
                      variant="link"
                      size="sm"
                      disabled={resend.isPending || resend.isSuccess}
                      onClick={() =>
                        resend.mutate(user.email, {
                          onSuccess: () =>
                            toast.success('Confirmation email sent', {
                              description: `Check the inbox of ${user.email}.`,
                            }),
                          onError: (err) => toast.error('Could not send the email', { description: err.message }),
                        })
                      }
                    >
                      {resend.isSuccess ? 'Email sent' : 'Send the confirmation email again'}
                    </Button>
                  </span>
                )}
              </dd>
            </dl>
          </CardContent>
        </Card>

        <ChangePasswordCard />

        <Card>
          <CardHeader>
            <CardTitle>Sessions</CardTitle>
            <CardDescription>
              Signed in on a computer you no longer use? Sign out of every device, this one included.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <Button
              variant="outline"
              disabled={everywhere.isPending}
              onClick={() =>
                everywhere.mutate(undefined, {
                  onSuccess: () => {
                    toast.success('Signed out everywhere', { description: 'Every session of your account has ended.' });
                    void navigate(paths.landing, { replace: true });
                  },
                  onError: (err) => toast.error('Could not sign out everywhere', { description: err.message }),
                })
              }
            >
              Sign out everywhere
            </Button>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>Appearance</CardTitle>
            <CardDescription>Light, dark, or follow your system setting. Stored on this device only.</CardDescription>
          </CardHeader>
          <CardContent>
            <ThemeChoice />
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>Export my data</CardTitle>
            <CardDescription>
              Everything in your account as one JSON file: your profile, clients, saved items, templates and proposals
              with their documents. Yours to keep or to move elsewhere.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <Button variant="outline" asChild>
              <a href={paths.exportData} download>
                <Download aria-hidden="true" />
                Download my data (JSON)
              </a>
            </Button>
          </CardContent>
        </Card>

        <DeleteAccountCard />
      </div>
    </PageFrame>
  );
}
