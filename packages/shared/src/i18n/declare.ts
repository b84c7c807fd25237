/**
 * A message declared where no reader's I18n exists yet (a zod schema's messages, read by the
 * server and the browser alike): `import { declared as i18n } from '../i18n/declare'`, then
 * `i18n._('Enter your email address.')`. It returns the English unchanged, so the schema still
 * speaks English (the API's answers, the tests), while `lingui extract`, which finds `i18n._('…')`
 * on any identifier named `i18n`, puts the English into the catalogs; where the message is shown,
 * the web translates it by its English (apps/web/src/lib/translated.ts).
 *
 * A message with a value in it (a limit, a list) is declared as a template with `{name}`
 * placeholders, kept in a list the screen that shows it can import (as
 * `document/schema-messages.ts`); the schema writes it with `fillMessage`, and the screen finds the
 * template and its values again with `matchMessage`, then translates the template with them.
 */
export const declared = {
  _<const T extends string>(id: T): T {
    return id;
  },
};

const PLACEHOLDER = /\{(\w+)\}/g;

/** The template with its `{name}` placeholders replaced by the values (a missing one stays as it is). */
export function fillMessage(template: string, values: Readonly<Record<string, string | number>>): string {
  return template.replace(PLACEHOLDER, (whole, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : whole,
  );
}

const patterns = new Map<string, { pattern: RegExp; names: string[] } | null>();

function patternOf(template: string): { pattern: RegExp; names: string[] } | null {
  let known = patterns.get(template);
  if (known === undefined) {
    const names: string[] = [];
    const source = template
      .split(PLACEHOLDER)
      .map((part, i) => {
        // split with a capture group alternates text and placeholder names.
        if (i % 2 === 0) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        names.push(part);
        return '([^]+?)';
      })
      .join('');
    known = names.length > 0 ? { pattern: new RegExp(`^${source}$`), names } : null;
    patterns.set(template, known);
  }
  return known;
}

/**
 * Which template (one with placeholders) `message` was filled from, and with which values; null
 * when none fits. The first template that fits wins, so list the longer of two that could both fit
 * first.
 */
export function matchMessage(
  message: string,
  templates: Iterable<string>,
): { template: string; values: Record<string, string> } | null {
  for (const template of templates) {
    const known = patternOf(template);
    const found = known?.pattern.exec(message);
    if (!known || !found) continue;
    const values: Record<string, string> = {};
    known.names.forEach((name, i) => (values[name] = found[i + 1]!));
    return { template, values };
  }
  return null;
}
