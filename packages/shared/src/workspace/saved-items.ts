import { z } from 'zod';
import { BILLING_KINDS, MAX_UNIT_PRICE, type TBillingKind } from '../document/pricing';
import { optionalText, ZBasisPoints, ZCurrency, ZVersion } from './common';
import { declared as i18n } from '../i18n/declare';

const savedItemFields = {
  description: z
    .string(i18n._('Enter a description.'))
    .trim()
    .min(1, i18n._('Enter a description.'))
    .max(500, i18n._('Use at most 500 characters.')),
  unit: optionalText(20),
  /** Minor units of `currency`. */
  unitPrice: z
    .number(i18n._('Enter a price.'))
    .int(i18n._('Send the price in minor units (cents), as a whole number.'))
    .min(0, i18n._('A price cannot be negative.'))
    .max(MAX_UNIT_PRICE, i18n._('That price is too large.')),
  currency: ZCurrency,
  taxRate: ZBasisPoints,
  billing: z.enum(BILLING_KINDS, i18n._('Choose one-off, monthly or yearly.')),
};

/** A priced line of the user's catalogue, to pick into pricing tables. */
export const ZSavedItemInput = z.strictObject({
  ...savedItemFields,
  unit: savedItemFields.unit.default(''),
  taxRate: savedItemFields.taxRate.default(0),
  billing: savedItemFields.billing.default('one_off'),
});
export type TSavedItemInput = z.input<typeof ZSavedItemInput>;

/** Any of the fields, with the version the change was made against. */
export const ZSavedItemPatch = z.strictObject(savedItemFields).partial().extend({ version: ZVersion });
export type TSavedItemPatch = z.infer<typeof ZSavedItemPatch>;

export type TSavedItem = {
  id: string;
  description: string;
  unit: string;
  unitPrice: number;
  currency: string;
  taxRate: number;
  billing: TBillingKind;
  version: number;
  createdAt: string;
  updatedAt: string;
};
