import '@/lib/zod-jitless';
import { z } from 'zod';
import { ZEmail, ZPassword, ZSignIn, ZSignUp } from '@draftwell/shared/auth';

/**
 * What the sign-in page's forms check before they are sent: the server's own schemas, and the two
 * that only the page has. Loaded on first use (auth-forms.tsx), zod with them.
 */
export const AUTH_SCHEMAS = {
  signIn: ZSignIn,
  signUp: ZSignUp,
  forgot: z.object({ email: ZEmail }),
  newPassword: z
    .object({ password: ZPassword, confirm: z.string() })
    .refine((v) => v.password === v.confirm, { path: ['confirm'], message: 'The two passwords differ.' }),
};
export type TAuthSchemas = typeof AUTH_SCHEMAS;
