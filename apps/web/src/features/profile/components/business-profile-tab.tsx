import { useLingui } from '@lingui/react';
import { RotateCw, TriangleAlert } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useBusinessProfile } from '@/lib/api/business-profile';
import { BusinessLogoCard } from './business-logo-card';
import { BusinessProfileCard } from './business-profile-card';
import { FollowUpDefaultsCard } from './follow-up-defaults-card';

function BusinessProfileSkeleton() {
  const { i18n } = useLingui();
  return (
    <div role="status" aria-label={i18n._('Loading your business profile')} className="grid gap-6">
      {[2, 8].map((fields) => (
        <Card key={fields}>
          <CardHeader>
            <Skeleton className="h-5 w-40" />
            <Skeleton className="h-4 w-3/4" />
          </CardHeader>
          <CardContent className="grid gap-4 sm:grid-cols-2">
            {Array.from({ length: fields }, (_, i) => (
              <div key={i} className="grid gap-2">
                <Skeleton className="h-4 w-24" />
                <Skeleton className="h-10 w-full" />
              </div>
            ))}
          </CardContent>
        </Card>
      ))}
    </div>
  );
}

/** The business profile tab: the logo, the details that fill every new proposal, and their follow-up. */
export function BusinessProfileTab() {
  const { i18n } = useLingui();
  const profile = useBusinessProfile();
  if (profile.isPending) return <BusinessProfileSkeleton />;
  if (profile.isError) {
    return (
      <div role="alert" className="bg-card flex flex-col items-center rounded-lg border px-6 py-12 text-center">
        <div className="bg-accent text-accent-foreground mb-3 rounded-full p-2.5 [&_svg]:size-5">
          <TriangleAlert aria-hidden="true" />
        </div>
        <h2 className="font-semibold">{i18n._('Your business profile did not load')}</h2>
        <p className="text-muted-foreground mt-1 text-sm">{profile.error.message}</p>
        <Button variant="outline" size="sm" className="mt-3" onClick={() => void profile.refetch()}>
          <RotateCw aria-hidden="true" />
          {i18n._('Retry')}
        </Button>
      </div>
    );
  }
  return (
    <div className="grid grid-cols-1 gap-6">
      <BusinessLogoCard profile={profile.data} />
      <BusinessProfileCard profile={profile.data} />
      <FollowUpDefaultsCard />
    </div>
  );
}
