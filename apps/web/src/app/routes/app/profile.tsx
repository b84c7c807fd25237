import { Download } from 'lucide-react';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { flash } from '@/lib/flash';
import { PageFrame } from '@/components/layouts/page-frame';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { paths } from '@/config/paths';
import { PlanTab } from '@/features/billing/components/plan-tab';
import { PaymentsTab } from '@/features/payments/components/payments-tab';
import { useSignOutEverywhere } from '@/features/auth/api/auth-actions';
import { useSession } from '@/lib/api/session';
import { ClientList } from '@/features/clients/components/client-list';
import { useBusinessProfile } from '@/lib/api/business-profile';
import { AccountCard } from '@/features/auth/components/account-card';
import { AppLanguageCard } from '@/features/profile/components/app-language-card';
import { BusinessProfileTab } from '@/features/profile/components/business-profile-tab';
import { ChangePasswordCard } from '@/features/auth/components/change-password-card';
import { DeleteAccountCard } from '@/features/auth/components/delete-account-card';
import { SavedItemList } from '@/features/saved-items/components/saved-item-list';
import { ApiKeysCard } from '@/features/developers/components/api-keys-card';
import { WebhooksCard } from '@/features/developers/components/webhooks-card';
import { ThemeChoice } from '@/features/theme/components/theme-toggle';

const TABS = ['account', 'business', 'plan', 'payments', 'clients', 'items', 'developers'] as const;
type TTab = (typeof TABS)[number];

const TAB_TITLES: Record<TTab, string> = {
  account: 'Profile',
  business: 'Business profile',
  plan: 'Plan and usage',
  payments: 'Payments',
  clients: 'Clients',
  items: 'Saved items',
  developers: 'Developers',
};

function tabOf(value: string | null): TTab {
  return TABS.find((t) => t === value && t !== 'account') ?? 'account';
}

/** Saved items default to the business profile's currency; the profile may still be loading. */
function SavedItemsTab() {
  const profile = useBusinessProfile();
  return <SavedItemList defaultCurrency={profile.data?.defaultCurrency ?? 'USD'} />;
}

export default function ProfilePage() {
  const [params, setParams] = useSearchParams();
  const tab = tabOf(params.get('tab'));

  useEffect(() => {
    document.title = tab === 'account' ? 'Profile — Draftwell' : `${TAB_TITLES[tab]} — Profile — Draftwell`;
  }, [tab]);

  const selectTab = (value: string) => {
    const next = tabOf(value);
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === 'account') updated.delete('tab');
        else updated.set('tab', next);
        return updated;
      },
      { replace: true },
    );
  };

  return (
    <PageFrame
      title="Profile"
      description="Your account, your business details, your plan, how clients pay you, and the clients and items you reuse."
      className="max-w-3xl"
    >
      <Tabs value={tab} onValueChange={selectTab} className="grid grid-cols-1 gap-6">
        <TabsList aria-label="Profile sections" className="grid h-auto grid-cols-3 gap-1 sm:flex sm:h-10">
          <TabsTrigger value="account">Account</TabsTrigger>
          <TabsTrigger value="business">Business profile</TabsTrigger>
          <TabsTrigger value="plan">Plan</TabsTrigger>
          <TabsTrigger value="payments">Payments</TabsTrigger>
          <TabsTrigger value="clients">Clients</TabsTrigger>
          <TabsTrigger value="items">Saved items</TabsTrigger>
          <TabsTrigger value="developers">Developers</TabsTrigger>
        </TabsList>
        <TabsContent value="account">
          <AccountTab />
        </TabsContent>
        <TabsContent value="business">
          <BusinessProfileTab />
        </TabsContent>
        <TabsContent value="plan">
          <PlanTab />
        </TabsContent>
        <TabsContent value="payments">
          <PaymentsTab />
        </TabsContent>
        <TabsContent value="clients">
          <ClientList />
        </TabsContent>
        <TabsContent value="items">
          <SavedItemsTab />
        </TabsContent>
        <TabsContent value="developers">
          <div className="grid grid-cols-1 gap-6">
            <ApiKeysCard />
            <WebhooksCard />
          </div>
        </TabsContent>
      </Tabs>
    </PageFrame>
  );
}

function AccountTab() {
  const { data: session } = useSession();
  const everywhere = useSignOutEverywhere();
  const navigate = useNavigate();

  if (!session) return null;
  const { user } = session;

  return (
    <div className="grid grid-cols-1 gap-6">
      <AccountCard user={user} />

      <AppLanguageCard choice={user.appLanguage} />

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
                  flash({
                    type: 'success',
                    title: 'Signed out everywhere',
                    description: 'Every session of your account has ended.',
                  });
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
  );
}
