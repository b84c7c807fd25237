import { QUANTITY_SCALE, type TBillingKind } from './pricing';
import type { TMilestone, TPricingLine, TPricingSelection, TPricingTable } from './schema';
import { formatCalendarDate } from './variables';

/**
 * How a document's figures read, the same wherever it is shown: the editor, the client's page
 * and the PDF. Types only from the schema: the client's page imports this and must not pull zod.
 */

/** The billing kind as a choice in a form: "Monthly". */
export const BILLING_KIND_NAMES: Record<TBillingKind, string> = {
  one_off: 'One-off',
  monthly: 'Monthly',
  yearly: 'Yearly',
};

/** The billing kind after a total: "$1,200 per month". */
export const BILLING_LABELS: Record<TBillingKind, string> = {
  one_off: 'one-off',
  monthly: 'per month',
  yearly: 'per year',
};

/** Shown after a price: "$90 / month". */
export const BILLING_SUFFIX: Record<TBillingKind, string> = {
  one_off: '',
  monthly: ' / month',
  yearly: ' / year',
};

/** Basis points as a percentage: 1250 -> "12.5%". */
export function formatPercent(basisPoints: number, locale = 'en-US'): string {
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(basisPoints / 10_000);
}

const DURATION_UNITS = { days: ['day', 'days'], weeks: ['week', 'weeks'], months: ['month', 'months'] } as const;

/** "March 3, 2027" for a date, "2 weeks" for a duration. */
export function formatMilestoneWhen(when: TMilestone['when'], locale = 'en-US'): string {
  if (when.kind === 'date') return formatCalendarDate(when.date, locale);
  const [one, many] = DURATION_UNITS[when.unit];
  return `${when.value} ${when.value === 1 ? one : many}`;
}

/** What the client takes of one line: the selection first, else the line's own defaults. */
export function lineChoice(
  table: TPricingTable,
  line: TPricingLine,
  selection: TPricingSelection | undefined,
): { included: boolean; quantity: number } {
  // hasOwn: a line id such as "constructor" must not pick up Object.prototype members.
  const choice = selection && Object.hasOwn(selection, line.id) ? selection[line.id] : undefined;
  const selectable = table.kind === 'choice' || line.optional;
  return {
    included: selectable ? (choice?.selected ?? line.selected) : true,
    quantity: line.quantityRange && choice?.quantity !== undefined ? choice.quantity : line.quantity,
  };
}

/** Units that read the same in the plural, or are not counted. */
const SAME_IN_PLURAL = new Set([
  'aircraft',
  'content',
  'data',
  'each',
  'equipment',
  'feedback',
  'fish',
  'furniture',
  'hardware',
  'information',
  'research',
  'series',
  'sheep',
  'software',
  'species',
  'staff',
  'support',
]);

const IRREGULAR_PLURALS: Record<string, string> = {
  analysis: 'analyses',
  child: 'children',
  crisis: 'crises',
  criterion: 'criteria',
  echo: 'echoes',
  foot: 'feet',
  half: 'halves',
  hero: 'heroes',
  knife: 'knives',
  leaf: 'leaves',
  life: 'lives',
  man: 'men',
  person: 'people',
  potato: 'potatoes',
  quiz: 'quizzes',
  shelf: 'shelves',
  thesis: 'theses',
  tomato: 'tomatoes',
  tooth: 'teeth',
  woman: 'women',
};
const IRREGULAR_SINGULARS = Object.fromEntries(
  Object.entries(IRREGULAR_PLURALS).map(([one, many]) => [many, one]),
) as Record<string, string>;
/** Words ending in "s" that are not plurals of a shorter word. */
const NOT_PLURALS = new Set(['atlas', 'bias', 'canvas', 'chaos', 'gas', 'lens', 'means', 'news', 'plus', 'yes']);

/** Short forms of units, which English writes the same whatever the number ("3 hr", "2 kg"). */
const ABBREVIATIONS = new Set([
  'hr',
  'hrs',
  'min',
  'mins',
  'sec',
  'secs',
  'pcs',
  'pax',
  'qty',
  'sqm',
  'sqft',
  'wk',
  'wks',
  'yr',
  'yrs',
  'mos',
  'pkg',
  'kwh',
  'lbs',
]);

/** `replacement` spelled with the capital `word` starts with, if any. */
function sameCase(word: string, replacement: string): string {
  return word[0] === word[0]!.toLowerCase() ? replacement : replacement[0]!.toUpperCase() + replacement.slice(1);
}

/** Plain words only ("hour", "Page"): short forms, codes and symbols (GB, m², hr.) stay as typed. */
function isInflectable(word: string): boolean {
  if (!/^[A-Za-z][a-z]*$/.test(word)) return false;
  const lower = word.toLowerCase();
  return lower.length > 2 && !ABBREVIATIONS.has(lower) && !SAME_IN_PLURAL.has(lower) && !NOT_PLURALS.has(lower);
}

/** The plural of an English word typed in the singular; a plural stays as it is. */
function pluralWord(word: string): string {
  if (!isInflectable(word)) return word;
  const lower = word.toLowerCase();
  if (Object.hasOwn(IRREGULAR_SINGULARS, lower)) return word;
  if (Object.hasOwn(IRREGULAR_PLURALS, lower)) return sameCase(word, IRREGULAR_PLURALS[lower]!);
  if (/(ss|us)$/.test(lower)) return `${word}es`;
  // Already plural: "hours", "pages".
  if (lower.endsWith('s')) return word;
  if (/(x|z|ch|sh)$/.test(lower)) return `${word}es`;
  if (/[^aeiou]y$/.test(lower)) return `${word.slice(0, -1)}ies`;
  return `${word}s`;
}

/** The singular of an English word typed in the plural ("pages" for 1 page); a singular stays. */
function singularWord(word: string): string {
  if (!isInflectable(word)) return word;
  const lower = word.toLowerCase();
  if (Object.hasOwn(IRREGULAR_SINGULARS, lower)) return sameCase(word, IRREGULAR_SINGULARS[lower]!);
  if (/(ss|us|is)$/.test(lower) || !lower.endsWith('s')) return word;
  if (/[^aeiou]ies$/.test(lower)) return `${word.slice(0, -3)}y`;
  if (/(x|ch|sh|ss)es$/.test(lower)) return word.slice(0, -2);
  return word.slice(0, -1);
}

/**
 * A pricing line's unit as it reads after its quantity (in thousandths, as the document keeps
 * it): "1 page", "10 pages", "0.5 hours", "3 hours of support", "2 man-days", "5 GB". The word
 * that counts is the last one before "of", "per", "/" or "(", else the last one.
 */
export function unitLabel(unit: string, quantity: number): string {
  const trimmed = unit.trim();
  if (trimmed === '') return trimmed;
  const qualifier = /\s+(of|per)\s|\s*[/(]/i.exec(trimmed);
  const head = qualifier ? trimmed.slice(0, qualifier.index) : trimmed;
  const rest = qualifier ? trimmed.slice(qualifier.index) : '';
  const word = /[A-Za-z]+$/.exec(head);
  if (!word || (word.index > 0 && !/[\s-]/.test(head[word.index - 1]!))) return trimmed;
  const inflect = quantity === QUANTITY_SCALE ? singularWord : pluralWord;
  return `${head.slice(0, word.index)}${inflect(word[0])}${rest}`;
}
