import { DOCUMENT_MESSAGES } from '@draftwell/shared/document/schema-messages';
import { matchMessage } from '@draftwell/shared/i18n/declare';
import type { I18n } from '@draftwell/shared/i18n/i18n';
import { translated } from '@/lib/translated';

const TEMPLATES = Object.values(DOCUMENT_MESSAGES);

/** The body's document: a proposal's or template's `document`, a saved section's `content`. */
const IN_DOCUMENT = /^(?:document|content)(?:\.|$)/;

/**
 * What the save status says when the server refused a save (a 400, 413 or 422), in the owner's
 * language. A refused document has no field on screen to mark (a pasted text over the limit, a
 * quantity out of its range), so its own reason is shown rather than the 400's "Some fields need
 * attention."; a refused title or email is marked at its field, and the summary points there. A
 * reason with a value in it (`DOCUMENT_MESSAGES`) is found by its template and translated with the
 * values it came with; any other by its English (`translated`).
 */
export function saveRefusal(i18n: I18n, message: string, fields: Record<string, string> | undefined): string {
  const inDocument = Object.entries(fields ?? {}).find(([key]) => IN_DOCUMENT.test(key));
  const reason = inDocument?.[1] ?? message;
  const filled = matchMessage(reason, TEMPLATES);
  return filled ? i18n._(filled.template, filled.values) : translated(i18n, reason);
}
