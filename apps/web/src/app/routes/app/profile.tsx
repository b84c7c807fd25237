import type { I18n } from '@draftwell/shared/i18n/i18n';
import { useLingui } from '@lingui/react';
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
import { translated } from '@/lib/translated';

const TABS = ['account', 'business', 'plan', 'payments', 'clients', 'items', 'developers'] as const;
type TTab = (typeof TABS)[number];

const tabTitles = (i18n: I18n): Record<TTab, string> => ({
  account: i18n._('Profile'),
  business: i18n._('Business profile'),
  plan: i18n._('Plan and usage'),
  payments: i18n._('Payments'),
  clients: i18n._('Clients'),
  items: i18n._('Saved items'),
  developers: i18n._('Developers'),
});

function tabOf(value: string | null): TTab {
  return TABS.find((t) => t === value && t !== 'account') ?? 'account';
}

/** Saved items default to the business profile's currency; the profile may still be loading. */
function SavedItemsTab() {
  const profile = useBusinessProfile();
  return <SavedItemList defaultCurrency={profile.data?.defaultCurrency ?? 'USD'} />;
}

export default function ProfilePage() {
  const { i18n } = useLingui();
  const [params, setParams] = useSearchParams();
  const tab = tabOf(params.get('tab'));

  useEffect(() => {
    document.title =
      tab === 'account'
        ? i18n._('Profile — Draftwell')
        : i18n._('{tab} — Profile — Draftwell', { tab: tabTitles(i18n)[tab] });
  }, [tab, i18n]);

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
      title={i18n._('Profile')}
      description={i18n._(
        'Your account, your business details, your plan, how clients pay you, and the clients and items you reuse.',
      )}
      className="max-w-3xl"
    >
      <Tabs value={tab} onValueChange={selectTab} className="grid grid-cols-1 gap-6">
        <TabsList aria-label={i18n._('Profile sections')} className="grid h-auto grid-cols-3 gap-1 sm:flex sm:h-10">
          <TabsTrigger value="account">{i18n._('Account')}</TabsTrigger>
          <TabsTrigger value="business">{i18n._('Business profile')}</TabsTrigger>
          <TabsTrigger value="plan">{i18n._('Plan')}</TabsTrigger>
          <TabsTrigger value="payments">{i18n._('Payments')}</TabsTrigger>
          <TabsTrigger value="clients">{i18n._('Clients')}</TabsTrigger>
          <TabsTrigger value="items">{i18n._('Saved items')}</TabsTrigger>
          <TabsTrigger value="developers">{i18n._('Developers')}</TabsTrigger>
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
  const { i18n } = useLingui();
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
          <CardTitle>{i18n._('Sessions')}</CardTitle>
          <CardDescription>
            {i18n._('Signed in on a computer you no longer use? Sign out of every device, this one included.')}
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
                    title: i18n._('Signed out everywhere'),
                    description: i18n._('Every session of your account has ended.'),
                  });
                  void navigate(paths.landing, { replace: true });
                },
                onError: (err) =>
                  toast.error(i18n._('Could not sign out everywhere'), { description: translated(i18n, err.message) }),
              })
            }
          >
            {i18n._('Sign out everywhere')}
          </Button>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>{i18n._('Appearance')}</CardTitle>
          <CardDescription>
            {i18n._('Light, dark, or follow your system setting. Stored on this device only.')}
          </CardDescription>
        </CardHeader>
        <CardContent>
          <ThemeChoice />
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>{i18n._('Export my data')}</CardTitle>
          <CardDescription>
            {i18n._(
              'Everything in your account as one JSON file: your profile, clients, saved items, templates and proposals with their documents. Yours to keep or to move elsewhere.',
            )}
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Button variant="outline" asChild>
            <a href={paths.exportData} download>
              <Download aria-hidden="true" />
              {i18n._('Download my data (JSON)')}
            </a>
          </Button>
        </CardContent>
      </Card>

      <DeleteAccountCard />
    </div>
  );
}
