import '@/lib/zod-jitless';
import { z } from 'zod';
import { ZEmail, ZPassword, ZSignIn, ZSignUp } from '@draftwell/shared/auth';
import type { I18n } from '@draftwell/shared/i18n/i18n';

/**
 * What the sign-in page's forms check before they are sent: the server's own schemas, and the two
 * that only the page has. Loaded on first use (auth-forms.tsx), zod with them.
 */
export const authSchemas = (i18n: I18n) => ({
  signIn: ZSignIn,
  signUp: ZSignUp,
  forgot: z.object({ email: ZEmail }),
  newPassword: z
    .object({ password: ZPassword, confirm: z.string() })
    .refine((v) => v.password === v.confirm, { path: ['confirm'], message: i18n._('The two passwords differ.') }),
});
export type TAuthSchemas = ReturnType<typeof authSchemas>;
