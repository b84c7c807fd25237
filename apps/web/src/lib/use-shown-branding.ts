import { useLingui } from '@lingui/react';
import { brandingShown } from '@draftwell/shared/document/display';
import { formatList } from '@draftwell/shared/i18n/format';
import { PLAN_LIST, PLANS, type TPlan } from '@draftwell/shared/plans';
import { paths } from '@/config/paths';
import type { TDocumentBranding } from '@/components/document-view/document-view';
import { useBusinessProfile } from '@/lib/api/business-profile';
import { useBilling } from '@/lib/api/billing-state';

export type TShownBranding = {
  /** The logo and colour the client will see, as the plan shows them. */
  branding: TDocumentBranding;
  /** The client's page and PDF carry "Made with Draftwell" instead. */
  madeWithFooter: boolean;
  /** The owner's plan; null while it loads or when it did not. */
  plan: TPlan | null;
};

/** The plans that show the sender's own logo and colour, by name, as the app's language lists them: "Pro or Business". */
export function useBrandingPlans(): string {
  const { i18n } = useLingui();
  return formatList(
    PLAN_LIST.filter((p) => p.features.ownBranding).map((p) => p.name),
    i18n.locale,
    'disjunction',
  );
}

/**
 * The sender's branding as their clients will see it now: the profile's logo and colour through
 * the same plan rule the server applies to the client's page and the PDF (brandingShown). While
 * the plan is unknown nothing of it is shown, rather than a logo the client may not see.
 */
export function useShownBranding(): TShownBranding {
  const profile = useBusinessProfile();
  const billing = useBilling();
  const plan = billing.data ? PLANS[billing.data.plan] : null;
  const { sender, madeWithFooter } = brandingShown(
    { brandColor: profile.data?.brandColor ?? '', logoFileId: profile.data?.logoFileId ?? null },
    plan?.features.ownBranding ?? false,
  );
  return {
    branding: { brandColor: sender.brandColor, logoUrl: sender.logoFileId ? paths.file(sender.logoFileId) : null },
    madeWithFooter: plan !== null && madeWithFooter,
    plan,
  };
}
