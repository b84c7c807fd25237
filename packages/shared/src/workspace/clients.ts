import type { TSignerContact } from '../share/signing';
import { z } from 'zod';
import type { TLanguage } from '../i18n/languages';
import { optionalEmail, optionalText, ZLanguage, ZVersion } from './common';
import { declared as i18n } from '../i18n/declare';

const clientFields = {
  name: z
    .string(i18n._('Enter a name.'))
    .trim()
    .min(1, i18n._('Enter a name.'))
    .max(200, i18n._('Use at most 200 characters.')),
  company: optionalText(200),
  email: optionalEmail(),
  phone: optionalText(50),
  address: optionalText(1000),
  notes: optionalText(5000),
  /** The language the client reads; null leaves it to the profile's default. */
  language: ZLanguage.nullable(),
};

/** A saved client; everything but the name may be left empty. */
export const ZClientInput = z.strictObject({
  name: clientFields.name,
  company: clientFields.company.default(''),
  email: clientFields.email.default(''),
  phone: clientFields.phone.default(''),
  address: clientFields.address.default(''),
  notes: clientFields.notes.default(''),
  language: clientFields.language.default(null),
});
export type TClientInput = z.input<typeof ZClientInput>;

/** Any of the fields, with the version the change was made against. */
export const ZClientPatch = z.strictObject(clientFields).partial().extend({ version: ZVersion });
export type TClientPatch = z.infer<typeof ZClientPatch>;

export type TClient = {
  id: string;
  name: string;
  company: string;
  email: string;
  phone: string;
  address: string;
  notes: string;
  /** The language this client reads: their proposals are written for it. Null when not set. */
  language: TLanguage | null;
  /** Who signed for this client at the last send, offered again in the next send dialog. */
  signers: TSignerContact[];
  version: number;
  createdAt: string;
  updatedAt: string;
};
