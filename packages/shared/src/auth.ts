import { z } from 'zod';
import { APP_LANGUAGE_TAGS } from './i18n/languages';
import { declared as i18n } from './i18n/declare';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export const ZEmail = z
  .string(i18n._('Enter your email address.'))
  .trim()
  .min(1, i18n._('Enter your email address.'))
  .max(254, i18n._('That email address is too long.'))
  .email(i18n._('Enter a valid email address, like name@example.com.'));

export const ZPassword = z
  .string()
  .min(PASSWORD_MIN, `Use at least ${PASSWORD_MIN} characters.`)
  .max(PASSWORD_MAX, `Use at most ${PASSWORD_MAX} characters.`);

export const ZName = z
  .string(i18n._('Enter your name.'))
  .trim()
  .min(1, i18n._('Enter your name.'))
  .max(100, i18n._('Use at most 100 characters.'));

export const ZSignIn = z.object({ email: ZEmail, password: z.string().min(1, i18n._('Enter your password.')) });
export type TSignIn = z.infer<typeof ZSignIn>;

export const ZSignUp = z.object({ name: ZName, email: ZEmail, password: ZPassword });
export type TSignUp = z.infer<typeof ZSignUp>;

export const ZChangePassword = z.object({
  currentPassword: z.string().min(1, i18n._('Enter your current password.')),
  newPassword: ZPassword,
});

/** The account's own name, as it is shown in the app and in emails to the user. */
export const ZChangeName = z.object({ name: ZName });
export type TChangeName = z.infer<typeof ZChangeName>;

/**
 * A new address for the account: it takes effect once the link mailed to it is opened. The
 * password guards a session left open on a shared computer from handing the account away.
 */
export const ZChangeEmail = z.object({
  newEmail: ZEmail,
  password: z.string(i18n._('Enter your password to confirm.')).min(1, i18n._('Enter your password to confirm.')),
});
export type TChangeEmail = z.infer<typeof ZChangeEmail>;

/**
 * Deleting the account always asks for the password: better-auth would let a session younger than
 * a day do it without one. Checked by the form and by the server in front of better-auth.
 */
export const ZDeleteAccount = z.object({
  password: z.string(i18n._('Enter your password to confirm.')).min(1, i18n._('Enter your password to confirm.')),
});

/** What the client sees of a session (S8): the credentials stay in httpOnly cookies. */
export const ZSessionUser = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  /** The language the owner chose for the app's screens in Profile; null: the browser's. */
  appLanguage: z.enum(APP_LANGUAGE_TAGS).nullable(),
});
export type TSessionUser = z.infer<typeof ZSessionUser>;
export type TSession = { user: TSessionUser; expiresAt: string };

/** The app's language chosen in Profile; null goes back to the browser's. */
export const ZAppLanguagePut = z.object({
  appLanguage: z
    .enum(APP_LANGUAGE_TAGS, `Choose one of the app's languages: ${APP_LANGUAGE_TAGS.join(', ')}.`)
    .nullable(),
});
export type TAppLanguagePut = z.infer<typeof ZAppLanguagePut>;
