import { z } from 'zod';
import { DOCUMENT_LOCALE_IDS, type TDocumentLocale } from '../document/locale';
import type { TLanguage } from '../i18n/languages';
import { optionalText, ZBasisPoints, ZCurrency, ZLanguage, ZVersionOrNone } from './common';
import { declared as i18n } from '../i18n/declare';

/**
 * The business profile that fills every new proposal. The logo is not written here: it is set
 * by the upload endpoint, so `logoFileId` is an unknown key for this schema.
 */
export const ZBusinessProfile = z.strictObject({
  displayName: z
    .string(i18n._('Enter the name to show on proposals.'))
    .trim()
    .min(1, i18n._('Enter the name to show on proposals.'))
    .max(200, i18n._('Use at most 200 characters.')),
  company: optionalText(200),
  jobTitle: optionalText(200),
  phone: optionalText(50),
  website: z
    .string(i18n._('Enter a web address.'))
    .trim()
    .max(500, i18n._('Use at most 500 characters.'))
    .refine(
      (s) => s === '' || z.httpUrl().safeParse(s).success,
      i18n._('Enter a full web address starting with https://, or leave it empty.'),
    ),
  address: optionalText(1000),
  brandColor: z
    .string(i18n._('Choose a colour.'))
    .trim()
    .toLowerCase()
    .regex(/^#[0-9a-f]{6}$/, i18n._('Use a colour like #4338ca.')),
  defaultCurrency: ZCurrency,
  defaultTaxRate: ZBasisPoints,
  defaultValidityDays: z
    .number(i18n._('Enter a number of days.'))
    .int(i18n._('Use a whole number of days.'))
    .min(1, i18n._('Use at least 1 day.'))
    .max(365, i18n._('Use at most 365 days.')),
  emailSignature: optionalText(2000),
  /** How the sender's documents write dates; left out, the saved choice stays (en-US until one is made). */
  locale: z.enum(DOCUMENT_LOCALE_IDS, i18n._('Choose how dates are written from the list.')).optional(),
  /** The language of a new proposal whose client has none; left out, the saved choice stays (en until one is made). */
  defaultLanguage: ZLanguage.optional(),
});
export type TBusinessProfileInput = z.infer<typeof ZBusinessProfile>;

/** The whole profile with the version the client last saw: 0 when none was saved yet. */
export const ZBusinessProfilePut = ZBusinessProfile.extend({
  version: ZVersionOrNone,
});
export type TBusinessProfilePut = z.infer<typeof ZBusinessProfilePut>;

export type TBusinessProfile = Omit<TBusinessProfileInput, 'locale' | 'defaultLanguage'> & {
  locale: TDocumentLocale;
  defaultLanguage: TLanguage;
  logoFileId: string | null;
  /** 0 until the profile is first saved. */
  version: number;
  updatedAt: string | null;
};
