import type { I18n } from '@draftwell/shared/i18n/i18n';
import { ApiError } from '@/lib/http';

type TField = 'name' | 'email' | 'password' | 'root';

/** Where an auth error belongs on the form, and what it says there. */
export function authErrorPlacement(i18n: I18n, err: unknown): { field: TField; message: string } {
  if (!(err instanceof ApiError)) return { field: 'root', message: i18n._('Something went wrong. Try again.') };
  switch (err.code) {
    case 'INVALID_EMAIL_OR_PASSWORD':
      return { field: 'password', message: i18n._('Wrong email or password.') };
    case 'USER_ALREADY_EXISTS':
    case 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL':
      return { field: 'email', message: i18n._('An account with this email already exists. Sign in instead.') };
    case 'WEAK_PASSWORD':
    case 'PASSWORD_TOO_SHORT':
    case 'PASSWORD_TOO_LONG':
    case 'INVALID_PASSWORD':
      return { field: 'password', message: err.message };
    case 'INVALID_EMAIL':
      return { field: 'email', message: i18n._('Enter a valid email address, like name@example.com.') };
    case 'INVALID_TOKEN':
      return { field: 'root', message: i18n._('This reset link has expired or was already used. Ask for a new one.') };
    default:
      if (err.status === 429) return { field: 'root', message: err.message };
      return { field: 'root', message: err.message };
  }
}
