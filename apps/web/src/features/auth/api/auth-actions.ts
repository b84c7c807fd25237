import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TChangeEmail, TChangeName } from '@draftwell/shared';
import { paths } from '@/config/paths';
import { postJson } from '@/lib/api-client';
import { broadcastAuth } from '../auth-broadcast';
import { fetchSession, sessionQueryKey } from '@/lib/api/session';

const AUTH = '/api/auth';

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

export function useChangeName() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: TChangeName) => postJson(`${AUTH}/update-user`, input),
    onSuccess: async () => {
      qc.setQueryData(sessionQueryKey, await fetchSession());
    },
  });
}

/** Where the link mailed to the new address lands once opened (the profile says so). */
export const EMAIL_CHANGED_CALLBACK = `${paths.profile}?email=changed`;

/** Asks for a new email: nothing changes until the link mailed to it is opened. */
export function useChangeEmail() {
  return useMutation({
    mutationFn: (input: TChangeEmail) =>
      postJson(`${AUTH}/change-email`, { ...input, callbackURL: EMAIL_CHANGED_CALLBACK }),
  });
}
