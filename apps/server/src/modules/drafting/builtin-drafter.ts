import { formatMoney } from '@draftwell/shared';
import {
  BASIS_POINTS_SCALE,
  formatCalendarDate,
  lineTotal,
  moneyLocale,
  readerLocale,
  type TBlock,
  type TMilestone,
  type TPricingLine,
  type TRichTextNode,
} from '@draftwell/shared/document';
import { formatList, formatNumber } from '@draftwell/shared/i18n/format';
import type { I18n } from '@draftwell/shared/i18n/i18n';
import { supportedAppLanguage, type TAppLanguage } from '@draftwell/shared/i18n/languages';
import {
  h,
  p,
  section,
  signature,
  timeline,
  ul,
  variable,
  type TInline,
} from '@draftwell/shared/templates/starter-templates';
import { PROPOSAL_TITLE_MAX } from '@draftwell/shared/workspace/proposals';
import { cutText } from '@draftwell/shared/text';
import { contentI18n } from '../../lib/i18n';
import type { TDraftHeading, TDraftInput, TDraftPart, TDraftSavedItem, TDrafter } from './drafter';
import { draftWords, phrasebook, type TPhrasebook } from './builtin-phrasebooks';
import { bestMatch } from './saved-item-match';

/**
 * The drafter that always works: no network, no model, the same brief always gives the same
 * draft (ids are fixed names and counters; dates count from the `today` it is given). It writes
 * the proposal the starter templates model, from the brief's own words and the user's prices, in
 * the proposal's language when it is one of the app's six (the content catalog), else in English.
 */

// ---------------------------------------------------------------- text

/** Cut to `max` characters at a word boundary where one is near, never inside a character. */
export function fit(text: string, max: number): string {
  if (text.length <= max) return text;
  let cut = cutText(text, max - 1);
  const space = cut.lastIndexOf(' ');
  if (space > max * 0.6) cut = cut.slice(0, space);
  return `${cut.trimEnd()}…`;
}

const capFirst = (s: string) => s.charAt(0).toLocaleUpperCase('en') + s.slice(1);

/**
 * "Logo design" -> "logo design", but "API design" and "iOS app" stay as they are; German keeps
 * its capitals (its nouns have them), and a language without case is left alone.
 */
function lowerFirst(s: string, language: TAppLanguage = 'en'): string {
  if (language === 'de' || language === 'ja') return s;
  const [first = '', second = ''] = s;
  const isUpper = (c: string) => c !== c.toLocaleLowerCase('en');
  return isUpper(first) && !isUpper(second) && second !== '' ? first.toLocaleLowerCase('en') + s.slice(1) : s;
}

const stripEndPunctuation = (s: string) => s.replace(/[\s.;:,!]+$/u, '');

/**
 * A complete sentence: capital first, a full stop last unless it already ends a sentence (a
 * Japanese or Chinese one's full stop after its own script).
 */
function asSentence(s: string): string {
  const t = capFirst(s.trim());
  if (/[.!?…)"'”’。！？）」』]$/u.test(t)) return t;
  return /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]$/u.test(t) ? `${t}。` : `${t}.`;
}

/** The brief is written about the client; the proposal speaks to them. */
function toSecondPerson(text: string): string {
  const swaps: [RegExp, string][] = [
    [/\bthemselves\b/gi, 'yourselves'],
    [/\btheirs\b/gi, 'yours'],
    [/\btheir\b/gi, 'your'],
    [/\bthem\b/gi, 'you'],
    [/\bthey['’]re\b/gi, 'you’re'],
    [/\bthey\b/gi, 'you'],
  ];
  return swaps.reduce(
    (out, [pattern, replacement]) =>
      out.replace(pattern, (match) => (match[0] === match[0]!.toUpperCase() ? capFirst(replacement) : replacement)),
    text,
  );
}

/** Lines of free text, list markers ("- ", "* ", "• ", "1.") dropped. */
function lines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.replace(/^\s*(?:[-*•–]|\d+[.)])\s+/u, '').trim())
    .filter((line) => line !== '');
}

function goalItems(goals: string): string[] {
  const byLine = lines(goals);
  if (byLine.length === 1 && byLine[0]!.includes(';')) {
    return byLine[0]!
      .split(';')
      .map((g) => g.trim())
      .filter((g) => g !== '');
  }
  return byLine;
}

/**
 * "a", "a and b", "a, b and c"; "hosting and care, and photos" when an item has an "and" of its
 * own. Other languages join as their own lists do ("a, b und c", "a、b、c").
 */
function joinList(items: readonly string[], language: TAppLanguage = 'en'): string {
  if (language !== 'en') return formatList(items, language);
  if (items.length <= 1) return items.join('');
  const serial = items.some((item) => / and /i.test(item)) ? ',' : '';
  return `${items.slice(0, -1).join(', ')}${serial} and ${items.at(-1)}`;
}

const NUMBER_WORDS = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
  'twenty',
];
/** A small number as a sentence writes it: in words in English ("three"), in figures elsewhere. */
const inWords = (n: number, language: TAppLanguage) =>
  language === 'en' ? (NUMBER_WORDS[n] ?? String(n)) : formatNumber(n, language);

/** What the client asked for, as a short noun phrase for the title: "a new booking website". */
function needSummary(need: string): string {
  const sentence = need.split(/(?<=[.!?])\s+|\r?\n/)[0] ?? need;
  // The main clause: "a website for the bakery, which opens in spring" -> "a website for the bakery".
  const clause = sentence.split(/\s*(?:[,;:(]|\s[–—-]\s)\s*/u)[0] ?? sentence;
  const first = clause.trim().length >= 12 ? clause : sentence;
  const phrase = stripEndPunctuation(first.trim()).replace(
    /^(?:(?:they|we|i|the client|client|the company)\s+)?(?:needs?|wants?|would like|(?:are|is|am)? ?looking for|requires?)\s+(?:to\s+)?/iu,
    '',
  );
  // The title is read by both sides: "their bakery" becomes "the bakery", neither ours nor yours.
  return fit((phrase || stripEndPunctuation(need.trim())).replace(/\btheir\b/giu, 'the'), 90);
}

// ---------------------------------------------------------------- dates

const DAY_MS = 86_400_000;

const dayNumber = (date: string) => Math.floor(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
const addDays = (date: string, days: number) => new Date((dayNumber(date) + days) * DAY_MS).toISOString().slice(0, 10);

// ---------------------------------------------------------------- rich text

/** A paragraph; empty strings are left out, since a text node may not be empty. */
const para = (...parts: TInline[]): TRichTextNode => p(...parts.filter((part) => part !== ''));

const ol = (items: readonly string[]): TRichTextNode => ({
  type: 'orderedList',
  content: items.map((item) => ({ type: 'listItem', content: [para(item)] })),
});

const bullets = (items: readonly TInline[][]): TRichTextNode => ul(...items);

// ---------------------------------------------------------------- the language

/**
 * What a draft is written with: the proposal's language (one of the app's six, else English),
 * its words and the locales of its dates (the account's format where it is of that language, as
 * readerLocale picks) and amounts.
 */
type TWriter = {
  language: TAppLanguage;
  i18n: I18n;
  book: TPhrasebook;
  words: ReturnType<typeof draftWords>;
  dateLocale: string;
  moneyLocale: string;
};

function writerFor(input: TDraftInput): TWriter {
  const language = supportedAppLanguage(input.language) ?? 'en';
  const i18n = contentI18n(language);
  return {
    language,
    i18n,
    book: phrasebook(i18n, input.brief.tone),
    words: draftWords(i18n),
    dateLocale: readerLocale(language, input.profile.locale),
    moneyLocale: moneyLocale(language),
  };
}

// ---------------------------------------------------------------- the plan

type TPhase = { title: string; deliverables: string[] };

/** Words after which a deliverable needs no "the": "two landing pages", "our audit", "3 videos". */
const DETERMINER = new RegExp(
  `^(?:\\p{N}|(?:a|an|the|this|these|those|our|your|their|its|some|any|each|every|all|both|${NUMBER_WORDS.join('|')})\\b)`,
  'iu',
);

/**
 * Deliverables inside a sentence: "the logo design, the brand guidelines and two landing pages".
 * Only English gets an article: the other languages' messages name them after a colon.
 */
const inSentence = (deliverables: readonly string[], language: TAppLanguage) =>
  joinList(
    deliverables.map((d) => {
      const item = lowerFirst(stripEndPunctuation(d), language);
      if (language !== 'en') return item;
      return DETERMINER.test(item) || !/^\p{L}/u.test(item) ? item : `the ${item}`;
    }),
    language,
  );

/**
 * Deliverables grouped into delivery phases: one each up to four, then two or so a phase,
 * five phases at most, the earlier phases taking the extra ones.
 */
function deliveryPhases(deliverables: readonly string[], { book, language }: TWriter): TPhase[] {
  const n = deliverables.length;
  if (n <= 4)
    return deliverables.map((d) => ({ title: fit(capFirst(stripEndPunctuation(d)), 120), deliverables: [d] }));
  const count = Math.min(5, Math.ceil(n / 2));
  const phases: TPhase[] = [];
  let next = 0;
  for (let i = 0; i < count; i++) {
    const size = Math.floor(n / count) + (i < n % count ? 1 : 0);
    const group = deliverables.slice(next, next + size);
    // Named by what it delivers when that is short enough to be a heading.
    const named = capFirst(
      joinList(
        group.map((d) => lowerFirst(stripEndPunctuation(d), language)),
        language,
      ),
    );
    phases.push({ title: named.length <= 60 ? named : book.groupTitle(i + 1), deliverables: group });
    next += size;
  }
  return phases;
}

/**
 * With a deadline: kick-off within a week (sooner on short projects), delivery phases spread
 * evenly after it, the last leaving about 15 % of the time for review, and handover on the day.
 * Without: durations, two weeks per deliverable in a phase (eight at most).
 */
function milestones(
  phases: readonly TPhase[],
  { book, language }: TWriter,
  today: string,
  deadline: string | null,
): { milestones: TMilestone[]; kickoff: string | null } {
  const phaseMilestone = (phase: TPhase, i: number, when: TMilestone['when']): TMilestone => ({
    id: `m-phase-${i + 1}`,
    title: fit(book.phaseMilestone(phase.title), 200),
    description: fit(book.phaseMilestoneDescription(inSentence(phase.deliverables, language)), 2000),
    when,
  });
  if (deadline) {
    const total = dayNumber(deadline) - dayNumber(today);
    const start = Math.min(total, Math.max(1, Math.min(7, Math.round(total * 0.1))));
    const reviewGap = Math.floor((total - start) * 0.15);
    const span = total - reviewGap - start;
    const kickoff = addDays(today, start);
    return {
      kickoff,
      milestones: [
        { id: 'm-kickoff', ...book.kickoffMilestone, when: { kind: 'date', date: kickoff } },
        ...phases.map((phase, i) =>
          phaseMilestone(phase, i, {
            kind: 'date',
            date: addDays(today, start + Math.round((span * (i + 1)) / phases.length)),
          }),
        ),
        { id: 'm-handover', ...book.handoverMilestone, when: { kind: 'date', date: deadline } },
      ],
    };
  }
  return {
    kickoff: null,
    milestones: [
      { id: 'm-kickoff', ...book.kickoffMilestone, when: { kind: 'duration', value: 1, unit: 'weeks' } },
      ...phases.map((phase, i) =>
        phaseMilestone(phase, i, {
          kind: 'duration',
          value: Math.min(8, 2 * phase.deliverables.length),
          unit: 'weeks',
        }),
      ),
      { id: 'm-handover', ...book.handoverMilestone, when: { kind: 'duration', value: 1, unit: 'weeks' } },
    ],
  };
}

/**
 * The largest price before tax whose line total, with `taxPercent` added as pricing.ts rounds it,
 * is at most `gross`. The total grows by one or two minor units a step, so it falls short of
 * `gross` by at most one.
 */
export function netWithin(gross: number, taxPercent: number): number {
  const total = (net: number) => lineTotal({ quantity: 1000, unitPrice: net, discountPercent: 0, taxPercent }).total;
  let net = Math.floor((gross * BASIS_POINTS_SCALE) / (BASIS_POINTS_SCALE + taxPercent));
  while (net > 0 && total(net) > gross) net -= 1;
  while (total(net + 1) <= gross) net += 1;
  return net;
}

/**
 * One line per deliverable: the best-matching saved item in the proposal's currency at its own
 * price, unit, tax and billing; otherwise the deliverable at a share of the budget left after
 * the matched one-off items, tax included: the client's budget is what they pay, so those lines
 * are priced before the default tax so that, with it, they add up to what is left (a minor unit
 * or so under it, never over). At 0 with no budget.
 */
function pricingLines(
  input: TDraftInput,
  currency: string,
  { words }: TWriter,
): { lines: TPricingLine[]; matchedOneOff: number } {
  const { brief, profile } = input;
  const candidates = input.savedItems.filter((item) => item.currency === currency);
  const matches = brief.deliverables.map((d) => bestMatch(d, candidates));
  const matchedOneOff = matches.reduce(
    (sum, item) =>
      sum +
      (item && item.billing === 'one_off'
        ? lineTotal({ quantity: 1000, unitPrice: item.unitPrice, discountPercent: 0, taxPercent: item.taxRate }).total
        : 0),
    0,
  );
  const unmatched = matches.filter((m) => m === undefined).length;
  const remaining = brief.budget ? Math.max(0, brief.budget.amount - matchedOneOff) : 0;
  const share = unmatched > 0 ? Math.floor(remaining / unmatched) : 0;
  let extra = unmatched > 0 ? remaining % unmatched : 0;

  const fromItem = (id: string, item: TDraftSavedItem): TPricingLine => ({
    id,
    description: item.description,
    quantity: 1000,
    unit: item.unit,
    unitPrice: item.unitPrice,
    discountPercent: 0,
    taxPercent: item.taxRate,
    billing: item.billing,
    optional: false,
    selected: true,
    savedItemId: item.id,
  });
  const lines = brief.deliverables.map((deliverable, i): TPricingLine => {
    const id = `line-${i + 1}`;
    const item = matches[i];
    if (item) return fromItem(id, item);
    const unitPrice = netWithin(share + (extra > 0 ? 1 : 0), profile.defaultTaxRate);
    if (extra > 0) extra -= 1;
    return {
      id,
      description: capFirst(deliverable),
      quantity: 1000,
      unit: words.deliverableUnit,
      unitPrice,
      discountPercent: 0,
      taxPercent: profile.defaultTaxRate,
      billing: 'one_off',
      optional: false,
      selected: true,
    };
  });
  return { lines, matchedOneOff };
}

// ---------------------------------------------------------------- the draft

function heading(input: TDraftInput, { words }: TWriter): TDraftHeading {
  const { brief, profile, client, today } = input;
  const who = fit(client.company || client.name || words.yourTeam, 100);
  return {
    title: fit(words.title(capFirst(needSummary(brief.need)), who), PROPOSAL_TITLE_MAX),
    currency: brief.budget?.currency ?? profile.defaultCurrency,
    validUntil: addDays(today, profile.defaultValidityDays),
  };
}

function blocks(input: TDraftInput, currency: string, writer: TWriter): TBlock[] {
  const { brief, profile, client, today } = input;
  const { book, words, language } = writer;
  const who = fit(client.company || client.name || words.yourTeam, 150);
  // Dates in the proposal's language, in the account's format where it is of that language.
  const longDate = (date: string) => formatCalendarDate(date, writer.dateLocale);
  const deadline = brief.deadline ? longDate(brief.deadline) : null;
  const phases = deliveryPhases(brief.deliverables, writer);
  const plan = milestones(phases, writer, today, brief.deadline);
  const pricing = pricingLines(input, currency, writer);
  const goals = goalItems(brief.goals);
  const count = brief.deliverables.length;
  // The brief speaks of the client ("they need…"), the proposal to them: in English only.
  const addressed = (text: string) => asSentence(language === 'en' ? toSecondPerson(text) : text);

  const introduction = section(
    'introduction',
    h(1, book.headline(who)),
    para(...book.greeting),
    para(...book.opening(client.company !== '')),
  );

  const understanding = section(
    'understanding',
    h(2, book.understandingHeading),
    para(book.understandingLead),
    ...lines(brief.need).map((line) => para(addressed(line))),
    ...(goals.length > 0
      ? [para(book.goalsLead), bullets(goals.map((goal) => [addressed(goal)]))]
      : [para(book.noGoals)]),
    para(book.understandingClose(count, inWords(count, language), deadline)),
  );

  const approach = section(
    'approach',
    h(2, book.approachHeading),
    para(book.approachLead(inWords(phases.length + 2, language))),
    para(...book.discovery),
    ...phases.map((phase) => para(...book.phase(phase.title, inSentence(phase.deliverables, language)))),
    para(...book.review),
  );

  const deliverables = section(
    'deliverables',
    h(2, book.deliverablesHeading),
    para(book.deliverablesLead),
    bullets(brief.deliverables.map((d) => [capFirst(d)])),
  );

  const investmentText = book.investment(
    brief.budget
      ? {
          amount: formatMoney(brief.budget.amount, currency, writer.moneyLocale),
          over: pricing.matchedOneOff > brief.budget.amount,
        }
      : null,
  );

  const recurring = pricing.lines.some((line) => line.billing !== 'one_off');
  const terms = section(
    'terms',
    h(2, book.termsHeading),
    bullets([
      [book.payment],
      ...(recurring ? [[book.recurring]] : []),
      book.validity(profile.defaultValidityDays),
      [book.revisions],
      [book.confidentiality],
      [book.ownership],
    ]),
  );

  const nextSteps = section(
    'next-steps',
    h(2, book.nextStepsHeading),
    ol(book.nextSteps(plan.kickoff ? longDate(plan.kickoff) : null)),
    para(book.closing),
    p(book.signOff, { type: 'hardBreak' }, variable('sender.name')),
  );

  return [
    introduction,
    understanding,
    approach,
    deliverables,
    section('timeline-intro', h(2, book.timelineHeading), para(book.timelineLead(deadline))),
    timeline('timeline', plan.milestones),
    section('investment', h(2, book.investmentHeading), para(investmentText)),
    { id: 'pricing', type: 'pricing_table', title: book.pricingTitle, kind: 'lines', lines: pricing.lines },
    terms,
    nextSteps,
    signature(
      'signature',
      profile.company ? fit(words.forCompany(profile.company), 100) : fit(profile.displayName, 100),
      client.company ? fit(words.forCompany(client.company), 100) : words.client,
    ),
  ];
}

export const builtinDrafter: TDrafter = {
  name: 'built-in',
  async *draft(input: TDraftInput): AsyncGenerator<TDraftPart> {
    const writer = writerFor(input);
    const head = heading(input, writer);
    yield { kind: 'heading', ...head };
    for (const block of blocks(input, head.currency, writer)) yield { kind: 'block', block };
  },
};
