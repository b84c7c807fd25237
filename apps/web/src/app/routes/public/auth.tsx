import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/api/session';
import { ForgotPasswordForm, ResetPasswordForm, SignInForm, SignUpForm } from '@/features/auth/components/auth-forms';
import { usePageTitle } from '@/lib/page-title';

type TTab = 'sign-in' | 'sign-up';

export default function AuthPage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const session = useSession();
  const view = params.get('view');
  const token = params.get('token');
  const linkError = params.get('error');
  const tab: TTab = params.get('tab') === 'sign-up' ? 'sign-up' : 'sign-in';

  usePageTitle('Sign in — Draftwell');

  const go = (next: Record<string, string>) => setParams(next, { replace: true });

  if (session.isPending) {
    return (
      <div className="flex min-h-[50vh] items-center justify-center">
        <Spinner label="Checking your session" />
      </div>
    );
  }
  if (session.data && view !== 'reset') return <Navigate to={paths.dashboard} replace />;

  const toDashboard = () => void navigate(paths.dashboard, { replace: true });

  let title = 'Welcome to Draftwell';
  let description = 'Sign in to your proposals, or create a free account in a minute.';
  let body;
  if (view === 'reset' && token && !linkError) {
    title = 'Choose a new password';
    description = 'Your other sessions will be signed out.';
    body = (
      <ResetPasswordForm
        token={token}
        onDone={() => {
          toast.success('Password changed', { description: 'Sign in with your new password.' });
          go({ tab: 'sign-in' });
        }}
      />
    );
  } else if (view === 'forgot' || (view === 'reset' && (linkError || !token))) {
    title = 'Forgot your password?';
    description =
      view === 'reset'
        ? 'That reset link has expired or was already used. Ask for a new one below.'
        : 'Enter the email you signed up with, and we will send you a link to choose a new password.';
    body = <ForgotPasswordForm onBack={() => go({ tab: 'sign-in' })} />;
  } else {
    body = (
      <Tabs value={tab} onValueChange={(v) => go({ tab: v })}>
        <TabsList aria-label="Sign in or sign up" className="mb-6">
          <TabsTrigger value="sign-in">Sign in</TabsTrigger>
          <TabsTrigger value="sign-up">Sign up</TabsTrigger>
        </TabsList>
        <TabsContent value="sign-in">
          <SignInForm onSuccess={toDashboard} onForgot={() => go({ view: 'forgot' })} />
        </TabsContent>
        <TabsContent value="sign-up">
          <SignUpForm
            onSuccess={(email) => {
              toast.success('Your account is ready', {
                description: `We sent a confirmation link to ${email}. Confirm it before you send your first proposal.`,
              });
              toDashboard();
            }}
          />
        </TabsContent>
      </Tabs>
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
