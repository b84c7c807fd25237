import { describe, expect, it } from 'vitest';
import { LANGUAGE_LIST } from '@draftwell/shared/i18n/languages';
import type { TBusinessProfile } from '@draftwell/shared/workspace/profile';
import { businessProfileFormValues, ZBusinessProfileForm } from './business-profile-form';

const profile: TBusinessProfile = {
  displayName: 'Ada Lovelace',
  company: 'Analytical Ltd',
  jobTitle: 'Founder',
  phone: '+44 20 7946 0000',
  website: 'https://analytical.example',
  address: '1 Engine Row\nLondon',
  brandColor: '#4338ca',
  defaultCurrency: 'GBP',
  defaultTaxRate: 1250,
  defaultValidityDays: 30,
  emailSignature: 'Ada',
  locale: 'en-GB',
  defaultLanguage: 'de',
  logoFileId: null,
  version: 3,
  updatedAt: '2026-01-01T00:00:00.000Z',
};

describe('ZBusinessProfileForm', () => {
  it('shows the tax rate as a percentage and sends it back as basis points', () => {
    const values = businessProfileFormValues(profile);
    expect(values.defaultTaxRate).toBe('12.5');
    const { logoFileId: _logo, version: _version, updatedAt: _at, ...input } = profile;
    expect(ZBusinessProfileForm.parse(values)).toEqual(input);
    expect(ZBusinessProfileForm.parse({ ...values, defaultTaxRate: '7.25' }).defaultTaxRate).toBe(725);
  });

  it('gives the shared schema messages and the rate message on their fields', () => {
    const result = ZBusinessProfileForm.safeParse({
      ...businessProfileFormValues(profile),
      displayName: '',
      website: 'analytical.example',
      brandColor: 'blue',
      defaultTaxRate: '12.345',
      defaultValidityDays: Number.NaN,
      locale: 'fr-BE' as TBusinessProfile['locale'],
      defaultLanguage: 'klingon' as TBusinessProfile['defaultLanguage'],
    });
    expect(result.success).toBe(false);
    const byPath = Object.fromEntries(result.error!.issues.map((i) => [i.path.join('.'), i.message]));
    expect(byPath).toEqual({
      displayName: 'Enter the name to show on proposals.',
      website: 'Enter a full web address starting with https://, or leave it empty.',
      brandColor: 'Use a colour like #4338ca.',
      defaultTaxRate: 'Use at most 2 decimals, like 7.25.',
      defaultValidityDays: 'Enter a number of days.',
      locale: 'Choose how dates are written from the list.',
      defaultLanguage: `Choose one of the supported languages: ${LANGUAGE_LIST}.`,
    });
  });
});
