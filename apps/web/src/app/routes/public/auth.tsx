import { useLingui } from '@lingui/react';
import { useEffect } from 'react';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { LightTabs } from '@/components/ui/light-tabs';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { usePublicSession } from '@/lib/api/public-session';
import { ForgotPasswordForm, ResetPasswordForm, SignInForm, SignUpForm } from '@/features/auth/components/auth-forms';
import { flash } from '@/lib/flash';
import { showToast } from '@/lib/light-toast';
import { navigate, usePublicSearch } from '@/lib/navigation';
import { usePageTitle } from '@/lib/page-title';

type TTab = 'sign-in' | 'sign-up';

export default function AuthPage() {
  const { i18n } = useLingui();
  const [params, setParams] = usePublicSearch();
  const session = usePublicSession();
  const view = params.get('view');
  const token = params.get('token');
  const linkError = params.get('error');
  const tab: TTab = params.get('tab') === 'sign-up' ? 'sign-up' : 'sign-in';

  usePageTitle(i18n._('Sign in — Draftwell'));

  const go = setParams;
  // Someone signed in has nothing to do here (but choose a new password from a mailed link).
  const signedIn = !!session && view !== 'reset';
  useEffect(() => {
    if (signedIn) navigate(paths.dashboard, { replace: true });
  }, [signedIn]);

  if (session === undefined || signedIn) {
    return (
      <div className="flex min-h-[50vh] items-center justify-center">
        <Spinner label={i18n._('Checking your session')} />
      </div>
    );
  }
  const toDashboard = () => navigate(paths.dashboard, { replace: true });

  let title = i18n._('Welcome to Draftwell');
  let description = i18n._('Sign in to your proposals, or create a free account in a minute.');
  let body;
  if (view === 'reset' && token && !linkError) {
    title = i18n._('Choose a new password');
    description = i18n._('Your other sessions will be signed out.');
    body = (
      <ResetPasswordForm
        token={token}
        onDone={() => {
          showToast({
            type: 'success',
            title: i18n._('Password changed'),
            description: i18n._('Sign in with your new password.'),
          });
          go({ tab: 'sign-in' });
        }}
      />
    );
  } else if (view === 'forgot' || (view === 'reset' && (linkError || !token))) {
    title = i18n._('Forgot your password?');
    description =
      view === 'reset'
        ? i18n._('That reset link has expired or was already used. Ask for a new one below.')
        : i18n._('Enter the email you signed up with, and we will send you a link to choose a new password.');
    body = <ForgotPasswordForm onBack={() => go({ tab: 'sign-in' })} />;
  } else {
    body = (
      <LightTabs<TTab>
        label={i18n._('Sign in or sign up')}
        value={tab}
        onChange={(v) => go({ tab: v })}
        tabs={[
          {
            value: 'sign-in',
            label: i18n._('Sign in'),
            panel: <SignInForm onSuccess={toDashboard} onForgot={() => go({ view: 'forgot' })} />,
          },
          {
            value: 'sign-up',
            label: i18n._('Sign up'),
            panel: (
              <SignUpForm
                onSuccess={(email) => {
                  // Said on the dashboard, which is the app's own document.
                  flash({
                    type: 'success',
                    title: i18n._('Your account is ready'),
                    description: i18n._(
                      'We sent a confirmation link to {email}. Confirm it before you send your first proposal.',
                      { email },
                    ),
                  });
                  toDashboard();
                }}
              />
            ),
          },
        ]}
      />
    );
  }

  return (
    <div className="mx-auto flex w-full max-w-md flex-col px-4 py-12">
      <Card>
        <CardHeader>
          <h1 className="text-xl leading-tight font-semibold">{title}</h1>
          <CardDescription>{description}</CardDescription>
        </CardHeader>
        <CardContent>{body}</CardContent>
      </Card>
    </div>
  );
}
