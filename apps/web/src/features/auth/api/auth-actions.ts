import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { TSignIn, TSignUp } from '@draftwell/shared';
import { paths } from '@/config/paths';
import { postJson } from '@/lib/api-client';
import { broadcastAuth } from '../auth-broadcast';
import { fetchSession, sessionQueryKey } from './session';

const AUTH = '/api/auth';

/**
 * Another account's cached data goes when someone signs in. It is not dropped at sign-out:
 * screens still mounted would refetch it at once, without a session (a 401), on their way out.
 */
const dropOtherUsersData = (qc: QueryClient) =>
  qc.removeQueries({ predicate: (q) => q.queryKey[0] !== sessionQueryKey[0] });

function useAfterSignIn() {
  const qc = useQueryClient();
  return async () => {
    dropOtherUsersData(qc);
    qc.setQueryData(sessionQueryKey, await fetchSession());
    broadcastAuth('signed-in');
  };
}

export function useSignIn() {
  const after = useAfterSignIn();
  return useMutation({
    mutationFn: (input: TSignIn) => postJson(`${AUTH}/sign-in/email`, { ...input, rememberMe: true }),
    onSuccess: after,
  });
}

export function useSignUp() {
  const after = useAfterSignIn();
  return useMutation({
    mutationFn: (input: TSignUp) =>
      postJson(`${AUTH}/sign-up/email`, { ...input, callbackURL: `${paths.dashboard}?verified=1` }),
    onSuccess: after,
  });
}

export function useSignOut() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      // Requests in flight would reach the server after the session is gone (a 401): stop them.
      await qc.cancelQueries({ predicate: (q) => q.queryKey[0] !== sessionQueryKey[0] });
      return postJson(`${AUTH}/sign-out`);
    },
    onSettled: () => {
      qc.setQueryData(sessionQueryKey, null);
      broadcastAuth('signed-out');
    },
  });
}

export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (email: string) =>
      postJson(`${AUTH}/request-password-reset`, { email, redirectTo: `${paths.auth}?view=reset` }),
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (input: { token: string; newPassword: string }) => postJson(`${AUTH}/reset-password`, input),
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (input: { currentPassword: string; newPassword: string }) =>
      postJson(`${AUTH}/change-password`, { ...input, revokeOtherSessions: true }),
  });
}

export function useSignOutEverywhere() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => postJson(`${AUTH}/revoke-sessions`),
    onSuccess: async () => {
      await postJson(`${AUTH}/sign-out`).catch(() => undefined);
      qc.setQueryData(sessionQueryKey, null);
      broadcastAuth('signed-out');
    },
  });
}

export function useDeleteAccount() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (password: string) => postJson(`${AUTH}/delete-user`, { password }),
    onSuccess: () => {
      qc.clear();
      qc.setQueryData(sessionQueryKey, null);
      broadcastAuth('signed-out');
    },
  });
}

export function useResendVerification() {
  return useMutation({
    mutationFn: (email: string) =>
      postJson(`${AUTH}/send-verification-email`, { email, callbackURL: `${paths.dashboard}?verified=1` }),
  });
}
