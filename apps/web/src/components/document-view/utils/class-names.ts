/**
 * Joins class names. The document view avoids the app's `@/` imports so that the client's public
 * page can load it with nothing but React and shared code.
 */
export function cx(...parts: (string | false | null | undefined)[]): string {
  return parts.filter(Boolean).join(' ');
}
