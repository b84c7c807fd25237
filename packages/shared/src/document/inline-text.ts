/**
 * How a paragraph's inline nodes read once variables are filled in, for every renderer (the
 * client's page, the editor's preview and the PDF). Types only: the client's page imports this.
 */

/** Punctuation that sits right against the word before it ("by Studio Lind."). */
const CLOSING_PUNCTUATION = /^[.,;:!?…)\]}’”]/;

type TInlineLike = { type?: unknown; text?: unknown };

/**
 * The nodes with the plain spaces between a variable and the punctuation after it dropped: the
 * editor used to put a space after every variable it inserted, so "by {{sender.company}}." was
 * stored as "by {{sender.company}} ." and read "by Studio Lind ." once filled in. Only U+0020
 * goes: a no-break space before "!" or "?" is French typography, typed on purpose.
 */
export function tidyInlines<T extends TInlineLike>(nodes: readonly T[]): T[] {
  const out: (T | null)[] = [...nodes];
  for (let i = 0; i < out.length; i++) {
    if (out[i]?.type !== 'variable') continue;
    // The spaces may be spread over several text nodes (their marks differ).
    for (let j = i + 1; j < out.length; j++) {
      const node = out[j]!;
      if (node.type !== 'text' || typeof node.text !== 'string') break;
      const rest = node.text.replace(/^ +/, '');
      if (rest === '') continue;
      if (CLOSING_PUNCTUATION.test(rest)) {
        for (let k = i + 1; k < j; k++) out[k] = null;
        out[j] = { ...node, text: rest };
      }
      break;
    }
  }
  return out.filter((node): node is T => node !== null);
}
