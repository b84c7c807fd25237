import type { TSignIn, TSignUp } from '@draftwell/shared';
import { paths } from '@/config/paths';
import { postJson } from '@/lib/http';
import { broadcastAuth } from '../auth-broadcast';

const AUTH = '/api/auth';

/**
 * Signing in and up happen on the public pages (their own entry, without the query cache), which
 * then load the dashboard's document: nothing cached here to update, only the other tabs to tell.
 */
export async function signIn(input: TSignIn): Promise<void> {
  await postJson(`${AUTH}/sign-in/email`, { ...input, rememberMe: true });
  broadcastAuth('signed-in');
}

export async function signUp(input: TSignUp): Promise<void> {
  await postJson(`${AUTH}/sign-up/email`, { ...input, callbackURL: `${paths.dashboard}?verified=1` });
  broadcastAuth('signed-in');
}

export async function requestPasswordReset(email: string): Promise<void> {
  await postJson(`${AUTH}/request-password-reset`, { email, redirectTo: `${paths.auth}?view=reset` });
}

export async function resetPassword(input: { token: string; newPassword: string }): Promise<void> {
  await postJson(`${AUTH}/reset-password`, input);
}
