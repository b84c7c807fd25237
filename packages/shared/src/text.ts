/**
 * Text as people write it. JavaScript strings are UTF-16: an emoji or a rare letter takes two
 * units (a surrogate pair), and some characters a reader sees as one are several code points
 * (a flag, a family emoji, a letter with accents). Lengths here are in UTF-16 units, the unit
 * every `max` of our schemas counts in, but text is only ever cut between characters.
 */

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Half of a surrogate pair with no other half: not a character at all. JSON can carry one
 * (`"\ud83d"`), but it has no UTF-8 form, so PostgreSQL refuses it in JSON and it would turn
 * into a replacement character in text.
 */
export const hasLoneSurrogate = (text: string): boolean => LONE_SURROGATE.test(text);

const graphemes = typeof Intl.Segmenter === 'function' ? new Intl.Segmenter('en', { granularity: 'grapheme' }) : null;

/**
 * The longest start of `text` that is at most `max` UTF-16 units long and ends between two
 * characters as a reader sees them (grapheme clusters), so that no emoji, flag or accented
 * letter is cut in half. A single cluster longer than `max` (a letter under hundreds of
 * combining marks) is cut between code points instead.
 */
export function cutText(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = 0;
  if (graphemes) {
    for (const { index, segment } of graphemes.segment(text)) {
      if (index + segment.length > max) break;
      end = index + segment.length;
    }
  }
  if (end === 0) {
    for (const ch of text) {
      if (end + ch.length > max) break;
      end += ch.length;
    }
  }
  return text.slice(0, end);
}

/**
 * Text that reads left to right whatever surrounds it (an id, a hash, a code), set inside a
 * sentence that may be right to left: Unicode's LEFT-TO-RIGHT ISOLATE and POP DIRECTIONAL
 * ISOLATE, so an Arabic or Hebrew sentence neither reorders its parts nor moves a hyphen or the
 * full stop after it to the other side.
 */
export const leftToRight = (text: string): string => `\u2066${text}\u2069`;
