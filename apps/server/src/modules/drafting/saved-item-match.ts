/**
 * Which saved item prices a deliverable: a word-overlap score anyone can check by hand. Both
 * texts become sets of normalised words (lower case, accents dropped, common words and numbers
 * left out, a light stemming so "designs", "designed" and "designing" meet at "design"), and the
 * score is the Dice coefficient of the two sets: twice the shared words over the words of both.
 */

/** A deliverable and a saved item match from this score up: half their words in common. */
export const MATCH_THRESHOLD = 0.5;

const STOP_WORDS = new Set([
  'a',
  'an',
  'and',
  'as',
  'at',
  'by',
  'for',
  'from',
  'in',
  'into',
  'incl',
  'including',
  'is',
  'it',
  'its',
  'new',
  'of',
  'on',
  'or',
  'our',
  'per',
  'plus',
  'the',
  'their',
  'to',
  'up',
  'we',
  'with',
  'you',
  'your',
]);

/** "services" -> "servic", "designing" -> "design", "management" -> "manag". */
export function stem(word: string): string {
  if (!/^[a-z]+$/.test(word)) return word;
  let w = word;
  if (w.endsWith('ies') && w.length > 4) w = `${w.slice(0, -3)}y`;
  else if (w.endsWith('sses')) w = w.slice(0, -2);
  else if (w.endsWith('s') && !w.endsWith('ss') && w.length > 3) w = w.slice(0, -1);
  if (w.endsWith('ment') && w.length > 6) w = w.slice(0, -4);
  if (w.endsWith('ing') && w.length > 5) w = w.slice(0, -3);
  else if (w.endsWith('ed') && w.length > 4) w = w.slice(0, -2);
  if (w.endsWith('e') && w.length > 4) w = w.slice(0, -1);
  return w;
}

export function matchWords(text: string): Set<string> {
  const words = text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 1 && !STOP_WORDS.has(w) && !/^\p{N}+$/u.test(w));
  return new Set(words.map(stem));
}

export type TMatchScore = { score: number; shared: number };

export function matchScore(a: ReadonlySet<string>, b: ReadonlySet<string>): TMatchScore {
  if (a.size === 0 || b.size === 0) return { score: 0, shared: 0 };
  let shared = 0;
  for (const word of a) if (b.has(word)) shared += 1;
  return { score: (2 * shared) / (a.size + b.size), shared };
}

/**
 * The best match for `text` among `items` at or above the threshold: the highest score, then the
 * most shared words, then the earliest item, so the same input always picks the same item.
 */
export function bestMatch<T extends { description: string }>(text: string, items: readonly T[]): T | undefined {
  const words = matchWords(text);
  let best: { item: T; score: TMatchScore } | undefined;
  for (const item of items) {
    const score = matchScore(words, matchWords(item.description));
    if (score.score < MATCH_THRESHOLD) continue;
    if (
      !best ||
      score.score > best.score.score ||
      (score.score === best.score.score && score.shared > best.score.shared)
    ) {
      best = { item, score };
    }
  }
  return best?.item;
}
