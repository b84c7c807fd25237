/**
 * The client's page checks its forms as the server does (share-schemas.ts) with the same
 * messages, without loading zod into the page (QUALITY P8). The server still decides.
 */

export type TFieldErrors<K extends string> = Partial<Record<K, string>>;

export const NAME_MESSAGE = 'Type your full name.';
export const CONSENT_MESSAGE = 'Tick the box to agree to the terms of the electronic signature.';
const EMAIL_MESSAGE = 'Enter a valid email address, like name@example.com.';

function nameError(name: string): string | undefined {
  const trimmed = name.trim();
  if (trimmed.length < 2) return NAME_MESSAGE;
  if (trimmed.length > 200) return 'Use at most 200 characters for your name.';
  return undefined;
}

/** One @, something before it, a dot in the domain, no spaces: what a person can fix by looking. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type TAcceptFields = 'name' | 'email' | 'consent';

export function validateAccept(input: { name: string; email: string; consent: boolean }): TFieldErrors<TAcceptFields> {
  const errors: TFieldErrors<TAcceptFields> = {};
  const name = nameError(input.name);
  if (name) errors.name = name;
  const email = input.email.trim();
  if (!EMAIL.test(email) || email.length > 254) errors.email = EMAIL_MESSAGE;
  if (!input.consent) errors.consent = CONSENT_MESSAGE;
  return errors;
}

export type TCommentFields = 'name' | 'body';

export function validateComment(input: { name: string; body: string }): TFieldErrors<TCommentFields> {
  const errors: TFieldErrors<TCommentFields> = {};
  const name = nameError(input.name);
  if (name) errors.name = name;
  const body = input.body.trim();
  if (body.length === 0) errors.body = 'Write a comment.';
  else if (body.length > 5000) errors.body = 'Use at most 5000 characters.';
  return errors;
}

export const hasErrors = (errors: object) => Object.keys(errors).length > 0;
