import {
  CLIENT_LANGUAGE_COOKIE,
  closestAppLanguage,
  supportedAppLanguage,
  type TAppLanguage,
} from '@draftwell/shared/i18n/languages';
import { PUBLIC_ROUTES, publicPageLanguage } from '@draftwell/shared/paths';
import { eq } from 'drizzle-orm';
import type { TDb } from '../db/client';
import { users } from '../db/schema';
import { acceptedLanguages } from './accept-language';

/**
 * The language the owner reads their screens in, as the app picks it (issue 25 part 7): the one
 * chosen in Profile (users.app_language), else the request's browser's closest of the app's six
 * (Accept-Language), else English. The starters' gallery and the example sections speak it.
 */
export async function ownerAppLanguage(
  db: TDb,
  userId: string,
  acceptLanguage: string | undefined,
): Promise<TAppLanguage> {
  const [row] = await db.select({ appLanguage: users.appLanguage }).from(users).where(eq(users.id, userId));
  return supportedAppLanguage(row?.appLanguage) ?? closestAppLanguage(acceptedLanguages(acceptLanguage));
}

/**
 * The language someone signs up in: the one the sign-up page was shown in (publicPageLanguage:
 * the language chosen on this device in the public pages' footer, else the browser's closest of
 * the app's six, else English). A new account has no app language of its own yet.
 */
export function signUpLanguage(headers: Headers | undefined): TAppLanguage {
  const cookie = headers?.get('cookie') ?? '';
  const chosen = cookie
    .split(';')
    .map((part) => part.trim().split('='))
    .find(([name]) => name === CLIENT_LANGUAGE_COOKIE)?.[1];
  const shown = publicPageLanguage(
    PUBLIC_ROUTES.auth,
    chosen,
    acceptedLanguages(headers?.get('accept-language') ?? undefined),
  );
  return supportedAppLanguage(shown) ?? 'en';
}
