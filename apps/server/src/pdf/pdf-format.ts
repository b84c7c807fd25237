/**
 * What only the PDF needs: short hashes in its footer and list markers. How the document reads
 * (totals, labels, colours, links, files, dates, variables) is `@draftwell/shared/document/display`,
 * shared with the client's page and the editor's preview.
 */

/** The first 12 hex digits: enough to tell revisions apart on a page footer. */
export function shortHash(hash: string): string {
  return hash.slice(0, 12);
}

const ROMAN: [number, string][] = [
  [1000, 'm'],
  [900, 'cm'],
  [500, 'd'],
  [400, 'cd'],
  [100, 'c'],
  [90, 'xc'],
  [50, 'l'],
  [40, 'xl'],
  [10, 'x'],
  [9, 'ix'],
  [5, 'v'],
  [4, 'iv'],
  [1, 'i'],
];

function roman(n: number): string {
  let rest = n;
  let out = '';
  for (const [value, digits] of ROMAN) {
    while (rest >= value) {
      out += digits;
      rest -= value;
    }
  }
  return out;
}

function letters(n: number): string {
  let rest = n;
  let out = '';
  while (rest > 0) {
    rest -= 1;
    out = String.fromCharCode(97 + (rest % 26)) + out;
    rest = Math.floor(rest / 26);
  }
  return out;
}

/** The marker of item `n` (from 1, or `start`) of an ordered list of the given HTML type. */
export function orderedMarker(n: number, type: '1' | 'a' | 'A' | 'i' | 'I' | null | undefined): string {
  // Letters and numerals have no zero (and numerals stop at 3999): digits there, as browsers do.
  if (n < 1 || !type || type === '1') return `${n}.`;
  if (type === 'a' || type === 'A') return `${type === 'a' ? letters(n) : letters(n).toUpperCase()}.`;
  if (n > 3999) return `${n}.`;
  return `${type === 'i' ? roman(n) : roman(n).toUpperCase()}.`;
}
