import { declared as i18n } from '@draftwell/shared/i18n/declare';
import type { I18n } from '@draftwell/shared/i18n/i18n';
import { leftToRight } from '@draftwell/shared/text';

/**
 * What the server says above a 400's field messages (apps/server/src/http/validate.ts, whose
 * words stay in the server's own catalog): declared here so the catalogs the browser loads have
 * them, and a toast that shows `error.message` reads in the reader's language.
 */
export const VALIDATION_REFUSALS = [
  i18n._('Some fields need attention.'),
  i18n._('Some parameters need attention.'),
] as const;

/**
 * A message that reached the screen as text, translated by its English: a zod schema's message
 * (declared with `packages/shared/src/i18n/declare.ts`, so its English is in the catalogs), from
 * the form's own check or from the server's 400 (`error.message`, a field's message). Text the
 * catalogs do not have (a message with a value in it, one already in the reader's language)
 * comes back as it is, as does a message a screen already translated.
 *
 * The instance is not named `i18n` here on purpose: the id is not a literal, so there is nothing
 * for `lingui extract` to find; the declarations bring the messages into the catalogs.
 */
/**
 * A 500's words (`INTERNAL_ERROR_MESSAGE` in the shared errors.ts, which the server fills): the
 * request's id found again in the English, and the sentence said in the reader's language.
 */
export const INTERNAL_ERROR = i18n._(
  'Something went wrong on our side. If it keeps happening, contact us and quote request {requestId}.',
);
const [before, after] = INTERNAL_ERROR.split('{requestId}') as [string, string];

function internalErrorId(message: string): string | null {
  if (!message.startsWith(before) || !message.endsWith(after)) return null;
  const id = message.slice(before.length, message.length - after.length);
  return /^[\w-]{1,100}$/.test(id) ? id : null;
}

export function translated(language: I18n, message: string): string;
export function translated(language: I18n, message: string | undefined): string | undefined;
export function translated(language: I18n, message: string | undefined): string | undefined {
  if (!message) return message;
  const requestId = internalErrorId(message);
  if (requestId) return language._(INTERNAL_ERROR, { requestId: leftToRight(requestId) });
  // Text with ICU syntax the catalogs lack would go through Lingui's message compiler as it is.
  if (/[{}]/.test(message)) return message;
  return language._(message);
}
