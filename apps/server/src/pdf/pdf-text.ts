/**
 * Text for fonts that cannot draw everything. The PDF draws every script a proposal may be written
 * in (pdf-fonts.ts: Helvetica, DejaVu Sans, Noto Sans for Arabic, Hebrew, Devanagari, Thai and
 * CJK, Noto Emoji). What none of them covers would come out as garbage or empty boxes, so it is
 * replaced first:
 * - a compatibility form is decomposed (ﬁ -> fi, full-width Ａ -> A, ǆ -> dž);
 * - an emoji part no font has (a newer emoji, a modifier) is dropped: a box in its place says less;
 * - any other character becomes U+FFFD (or "?" without it), so nothing is lost silently;
 * - control characters go, tabs and unusual spaces become spaces.
 */

export type TCoverage = (codePoint: number) => boolean;

const EMOJI_PART = /\p{Extended_Pictographic}|\p{Emoji_Modifier}|\p{Regional_Indicator}|\u200d|\ufe0e|\ufe0f|\u20e3/u;
const TAG_CHARACTER = (cp: number) => cp >= 0xe0020 && cp <= 0xe007f;
const MARK = /\p{M}/u;
const FORMAT = /\p{Cf}/u;
const SPACE = /\p{Zs}/u;
const MEMO_LIMIT = 4096;

export function createTextCleaner(covered: TCoverage): (text: string) => string {
  const replacement = covered(0xfffd) ? '\ufffd' : '?';
  const memo = new Map<number, string>();

  const cleanCodePoint = (char: string, cp: number): string => {
    if (cp === 0x0a) return '\n';
    if (cp === 0x09) return ' ';
    if (cp < 0x20 || (cp >= 0x7f && cp < 0xa0)) return '';
    if (covered(cp)) return char;
    if (EMOJI_PART.test(char) || TAG_CHARACTER(cp)) return '';
    if (SPACE.test(char)) return ' ';
    if (MARK.test(char) || FORMAT.test(char)) return '';
    const decomposed = char.normalize('NFKD');
    if (decomposed !== char) {
      const kept = [...decomposed].filter((c) => !MARK.test(c));
      if (kept.length > 0 && kept.every((c) => covered(c.codePointAt(0)!))) return kept.join('');
    }
    return replacement;
  };

  return (text: string) => {
    let out = '';
    let plain = true;
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i);
      // Printable ASCII is by far the common case and always drawn: leave such text untouched.
      if (code < 0x20 || code > 0x7e) {
        plain = false;
        break;
      }
    }
    if (plain) return text;
    for (const char of text) {
      const cp = char.codePointAt(0)!;
      let cleaned = memo.get(cp);
      if (cleaned === undefined) {
        cleaned = cleanCodePoint(char, cp);
        // A worker lives for many renders: keep the memo from growing with every script it meets.
        if (memo.size >= MEMO_LIMIT) memo.clear();
        memo.set(cp, cleaned);
      }
      out += cleaned;
    }
    return out;
  };
}

/**
 * The characters of `texts` the PDF cannot show, each once in the order met: those the cleaner
 * replaces with U+FFFD, and the visible ones it drops (an emoji no font has, an accent mark). Not
 * spaces, controls or invisible format characters (a joiner, a variation selector): nothing of
 * them is seen, drawn or not.
 */
export function unshownCharacters(texts: readonly string[], covered: TCoverage): string[] {
  const seen = new Set<string>();
  for (const text of texts) {
    for (const char of text) {
      const cp = char.codePointAt(0)!;
      if (cp < 0xa0 || covered(cp) || seen.has(char)) continue;
      if (SPACE.test(char) || FORMAT.test(char) || /[\ufe0e\ufe0f\u20e3]/u.test(char) || TAG_CHARACTER(cp)) continue;
      const decomposed = char.normalize('NFKD');
      const kept = [...decomposed].filter((c) => !MARK.test(c));
      if (decomposed !== char && kept.length > 0 && kept.every((c) => covered(c.codePointAt(0)!))) continue;
      seen.add(char);
    }
  }
  return [...seen];
}

/** Words longer than this may break anywhere (links, hashes, user agents); shorter ones never do. */
const LONG_WORD = 28;
/**
 * Past a link's longest (2048 characters, the document schema's), a run is no text a person
 * reads: it breaks every 14 characters at react-pdf's hyphenation points (which draw "-"), as
 * breaks of no width cost its line breaker more time (a hostile run of 50,000 characters took
 * 7 s so instead of 1 to 4 s).
 */
const READABLE_RUN = 2048;
const HOSTILE_PIECE = 14;
const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

/**
 * Where react-pdf may break a word across lines (its hyphenation callback). English hyphenation
 * would split words ("pro-posal"), so a word breaks only when it is longer than `longest`, and
 * then after any character, so it fills every line and fits the narrowest column (issue 24: a
 * pasted link or a 120-character word). The pieces come back with an empty one between each
 * two: to react-pdf's line breaker an empty piece is a space of no width, a break that draws
 * nothing, where two pieces side by side are a hyphenation point that draws "-" and would change
 * a link a reader copies from the PDF.
 */
export function breakLongWord(word: string, longest = LONG_WORD): string[] {
  const unspaced = UNSPACED.test(word);
  if (word.length <= longest && !unspaced) return [word];
  const pieces: string[] = [];
  if (word.length > READABLE_RUN) {
    for (let i = 0; i < word.length; i += HOSTILE_PIECE) pieces.push(word.slice(i, i + HOSTILE_PIECE));
    return pieces;
  }
  for (const segment of unspaced ? units(word) : graphemeList(word)) {
    const last = pieces.length - 1;
    // Chinese and Japanese break between characters, but never before a closing mark (。、」) or
    // a small kana, nor after an opening bracket: those stay with their neighbour.
    if (unspaced && last >= 0 && (NO_BREAK_BEFORE.test(segment) || NO_BREAK_AFTER.test(pieces[last]!))) {
      pieces[last] += segment;
      continue;
    }
    if (pieces.length > 0) pieces.push('');
    pieces.push(segment);
  }
  return pieces;
}

/**
 * Text written without spaces between words (Chinese, Japanese, Thai): react-pdf sees a whole
 * sentence as one word, and where it must break one draws "-", which these scripts never do.
 * Their runs get breaks of no width whatever their length: Chinese and Japanese between
 * characters, Thai, Lao, Khmer and Myanmar only between words (a line may not end in the middle of
 * one: "ของท่าน" is one word), which ICU finds with its dictionaries (SEGMENTED_WORDS).
 */
const UNSPACED =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;
const SEGMENTED = /[\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;
/**
 * Words by ICU's dictionaries, which apply by script whatever the locale; it would also cut
 * Chinese and Japanese into words, which break between characters instead (units).
 */
const SEGMENTED_WORDS = new Intl.Segmenter('th', { granularity: 'word' });

function graphemeList(text: string): string[] {
  return Array.from(graphemes.segment(text), ({ segment }) => segment);
}

/** What a run without spaces breaks between: a Thai (Lao, Khmer, Myanmar) word whole, else a character. */
function units(word: string): string[] {
  if (!SEGMENTED.test(word)) return graphemeList(word);
  const out: string[] = [];
  for (const { segment } of SEGMENTED_WORDS.segment(word)) {
    if (SEGMENTED.test(segment)) out.push(segment);
    else out.push(...graphemeList(segment));
  }
  return out;
}
const NO_BREAK_BEFORE =
  /^[、。，．・：；？！）」』】〕〉》ー々ゝゞヽヾぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶ…‥％,.:;!?)\]}]/u;
const NO_BREAK_AFTER = /[（「『【〔〈《([{]$/u;
