import '@/lib/zod-jitless';
import { z } from 'zod';
import { PASSWORD_MAX, PASSWORD_MIN, ZEmail, ZSignIn, ZSignUp } from '@draftwell/shared/auth';
import type { I18n } from '@draftwell/shared/i18n/i18n';

/**
 * What the sign-in page's forms check before they are sent: the server's own schemas, and the two
 * that only the page has. Loaded on first use (auth-forms.tsx), zod with them.
 */
export const authSchemas = (i18n: I18n) => {
  // The server's ZPassword, with its two messages that carry a length written whole in the
  // reader's language (a declared message cannot hold a value; packages/shared/src/i18n/declare.ts).
  const password = z
    .string()
    .min(PASSWORD_MIN, i18n._('Use at least {count} characters.', { count: PASSWORD_MIN }))
    .max(PASSWORD_MAX, i18n._('Use at most {count} characters.', { count: PASSWORD_MAX }));
  return {
    signIn: ZSignIn,
    signUp: ZSignUp.extend({ password }),
    forgot: z.object({ email: ZEmail }),
    newPassword: z
      .object({ password, confirm: z.string() })
      .refine((v) => v.password === v.confirm, { path: ['confirm'], message: i18n._('The two passwords differ.') }),
  };
};
export type TAuthSchemas = ReturnType<typeof authSchemas>;
