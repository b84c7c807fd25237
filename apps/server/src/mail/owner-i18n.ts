import type { I18n } from '@draftwell/shared/i18n/i18n';
import { supportedAppLanguage } from '@draftwell/shared/i18n/languages';
import { eq } from 'drizzle-orm';
import type { TDb } from '../db/client';
import { users } from '../db/schema';
import { signUpLanguage } from '../lib/owner-language';
import { serverI18n } from '../lib/i18n';

/**
 * The I18n of a mail to the owner (an activity notification, a notice about their account): the
 * app language they chose in Profile (`users.app_language`), else English. Queued mail keeps it
 * (mail_outbox.language).
 */
export const ownerI18n = (appLanguage: unknown): I18n => serverI18n(supportedAppLanguage(appLanguage) ?? 'en');

/** The owner's email address and the I18n of mail to them; null when the account is gone. */
export async function ownerRecipient(db: TDb, ownerId: string): Promise<{ email: string; i18n: I18n } | null> {
  const [row] = await db
    .select({ email: users.email, appLanguage: users.appLanguage })
    .from(users)
    .where(eq(users.id, ownerId));
  return row ? { email: row.email, i18n: ownerI18n(row.appLanguage) } : null;
}

/**
 * The I18n of an account mail sent while answering a request (sign-up's verification, a password
 * reset, an email change): the account's app language, else the language the page was shown in
 * (the public pages' language cookie, else the browser's closest app language: `signUpLanguage`).
 */
export const accountI18n = (appLanguage: unknown, headers: Headers | undefined): I18n =>
  serverI18n(supportedAppLanguage(appLanguage) ?? signUpLanguage(headers));
