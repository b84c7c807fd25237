/**
 * The section a rewrite acts on: around the cursor, from the heading that opens it (or the
 * structured block or document start before it) to the next heading or structured block.
 * Works on the top-level nodes' kinds only, so it is pure and testable without an editor.
 */
export type TTopLevelKind = 'heading' | 'text' | 'block';

export function sectionBounds(kinds: readonly TTopLevelKind[], index: number): { start: number; end: number } | null {
  if (index < 0 || index >= kinds.length || kinds[index] === 'block') return null;
  let start = index;
  while (start > 0 && kinds[start] !== 'heading' && kinds[start - 1] !== 'block') start -= 1;
  let end = index + 1;
  while (end < kinds.length && kinds[end] === 'text') end += 1;
  return { start, end };
}
