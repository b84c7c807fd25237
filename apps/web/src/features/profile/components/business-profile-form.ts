import { z } from 'zod';
import { ZBusinessProfile, type TBusinessProfile } from '@draftwell/shared/workspace/profile';
import { formatPercentInput, parsePercentInput } from '@/lib/percent-input';

/**
 * The business profile form: the shared schema, with the default tax rate as the percentage the
 * user types ("12.5"), sent as basis points (1250).
 */
export const ZBusinessProfileForm = ZBusinessProfile.extend({
  defaultTaxRate: z.string().transform((text, ctx) => {
    const rate = parsePercentInput(text);
    if (!rate.ok) {
      ctx.addIssue({ code: 'custom', message: rate.message });
      return z.NEVER;
    }
    return rate.basisPoints;
  }),
});

export type TBusinessProfileFormIn = z.input<typeof ZBusinessProfileForm>;
export type TBusinessProfileFormOut = z.output<typeof ZBusinessProfileForm>;

export function businessProfileFormValues(profile: TBusinessProfile): TBusinessProfileFormIn {
  return {
    displayName: profile.displayName,
    company: profile.company,
    jobTitle: profile.jobTitle,
    phone: profile.phone,
    website: profile.website,
    address: profile.address,
    brandColor: profile.brandColor,
    defaultCurrency: profile.defaultCurrency,
    defaultTaxRate: formatPercentInput(profile.defaultTaxRate),
    defaultValidityDays: profile.defaultValidityDays,
    emailSignature: profile.emailSignature,
    locale: profile.locale,
    defaultLanguage: profile.defaultLanguage,
  };
}
