import type { I18n } from '@draftwell/shared/i18n/i18n';
import { useLingui } from '@lingui/react';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { PageFrame } from '@/components/layouts/page-frame';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { SavedItemList } from '@/features/saved-items/components/saved-item-list';
import { SavedSectionList } from '@/features/saved-sections/components/saved-section-list';
import { useBusinessProfile } from '@/lib/api/business-profile';

const TABS = ['sections', 'items'] as const;
type TTab = (typeof TABS)[number];

const tabTitles = (i18n: I18n): Record<TTab, string> => ({
  sections: i18n._('Saved sections'),
  items: i18n._('Saved items'),
});

const tabOf = (value: string | null): TTab => TABS.find((t) => t === value) ?? 'sections';

/** Saved items default to the business profile's currency; the profile may still be loading. */
function SavedItemsTab() {
  const profile = useBusinessProfile();
  return <SavedItemList defaultCurrency={profile.data?.defaultCurrency ?? 'USD'} />;
}

/** `/library`: what the user reuses in proposals, the saved sections and (second tab) the saved items. */
export default function LibraryPage() {
  const { i18n } = useLingui();
  const [params, setParams] = useSearchParams();
  const tab = tabOf(params.get('tab'));

  useEffect(() => {
    document.title = i18n._('{tab} — Library — Draftwell', { tab: tabTitles(i18n)[tab] });
  }, [tab, i18n]);

  const selectTab = (value: string) => {
    const next = tabOf(value);
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === 'sections') updated.delete('tab');
        else updated.set('tab', next);
        return updated;
      },
      { replace: true },
    );
  };

  return (
    <PageFrame
      title={i18n._('Library')}
      description={i18n._('The sections and priced items you reuse, ready to insert into any proposal or template.')}
      className="max-w-3xl"
    >
      <Tabs value={tab} onValueChange={selectTab} className="grid grid-cols-1 gap-6">
        <TabsList aria-label={i18n._('Library')} className="grid h-auto grid-cols-2 gap-1 sm:flex sm:h-10">
          <TabsTrigger value="sections">{i18n._('Sections')}</TabsTrigger>
          <TabsTrigger value="items">{i18n._('Saved items')}</TabsTrigger>
        </TabsList>
        <TabsContent value="sections">
          <SavedSectionList />
        </TabsContent>
        <TabsContent value="items">
          <SavedItemsTab />
        </TabsContent>
      </Tabs>
    </PageFrame>
  );
}
