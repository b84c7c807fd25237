import type { I18n } from '@draftwell/shared/i18n/i18n';

/**
 * The client's page checks its forms as the server does (share-schemas.ts) with the same
 * messages, in the page's language, without loading zod into the page (QUALITY P8). The server
 * still decides.
 */

export type TFieldErrors<K extends string> = Partial<Record<K, string>>;

function nameError(i18n: I18n, name: string): string | undefined {
  const trimmed = name.trim();
  if (trimmed.length < 2) return i18n._('Type your full name.');
  if (trimmed.length > 200) return i18n._('Use at most 200 characters for your name.');
  return undefined;
}

/** One @, something before it, a dot in the domain, no spaces: what a person can fix by looking. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type TAcceptFields = 'name' | 'email' | 'consent';

export function validateAccept(
  i18n: I18n,
  input: { name: string; email: string; consent: boolean },
): TFieldErrors<TAcceptFields> {
  const errors: TFieldErrors<TAcceptFields> = {};
  const name = nameError(i18n, input.name);
  if (name) errors.name = name;
  const email = input.email.trim();
  if (!EMAIL.test(email) || email.length > 254) {
    errors.email = i18n._('Enter a valid email address, like name@example.com.');
  }
  if (!input.consent) errors.consent = i18n._('Tick the box to agree to the terms of the electronic signature.');
  return errors;
}

export type TCommentFields = 'name' | 'body';

export function validateComment(i18n: I18n, input: { name: string; body: string }): TFieldErrors<TCommentFields> {
  const errors: TFieldErrors<TCommentFields> = {};
  const name = nameError(i18n, input.name);
  if (name) errors.name = name;
  const body = input.body.trim();
  if (body.length === 0) errors.body = i18n._('Write a comment.');
  else if (body.length > 5000) errors.body = i18n._('Use at most 5000 characters.');
  return errors;
}

export const hasErrors = (errors: object) => Object.keys(errors).length > 0;
