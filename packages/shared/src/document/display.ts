import type { I18n } from '../i18n/i18n';
import { languageOf } from '../i18n/languages';
import type { TAcceptanceCertificate, TRevisionSnapshot } from '../share/revision';
import type { TSignatureEvidence, TSignatureMarkData } from '../share/signing';
import { BILLING_KINDS, QUANTITY_SCALE, type TBillingKind, type TPricingAmounts, type TPricingTotals } from './pricing';
import type { TMilestone, TPricingLine, TPricingSelection, TPricingTable, TSignatureBlock } from './schema';
import { DEFAULT_LOCALE, documentLocale, readerLocale } from './locale';
import { formatMoney } from '../money';
import { formatCalendarDate, type TDocumentContext } from './variables';
import { formatDate, formatRatioPercent } from '../i18n/format';

/**
 * How a document reads, the same wherever it is shown: the editor's preview, the client's page,
 * the owner's view of a sent proposal and the PDF. Its figures and wording, its variables, the
 * sender's branding as the plan shows it, which links and files it may show, and its UTC dates.
 * Types only from the schema: the client's page imports this and must not pull zod.
 */

// ---------------------------------------------------------------- totals and wording

/** The billing kind as a choice in a form or a value in a list: "Monthly". */
export function billingKindName(i18n: I18n, kind: TBillingKind): string {
  switch (kind) {
    case 'one_off':
      return i18n._('One-off');
    case 'monthly':
      return i18n._('Monthly');
    case 'yearly':
      return i18n._('Yearly');
  }
}

/** A price (already formatted) with its billing: "$90 / month"; a one-off price as it is. */
export function priceWithBilling(i18n: I18n, price: string, kind: TBillingKind): string {
  switch (kind) {
    case 'one_off':
      return price;
    case 'monthly':
      return i18n._('{price} / month', { price });
    case 'yearly':
      return i18n._('{price} / year', { price });
  }
}

/** Basis points as a percentage: 1250 -> "12.5%". */
export function formatPercent(basisPoints: number, locale = 'en-US'): string {
  return formatRatioPercent(basisPoints / 10_000, locale);
}

/** A duration of a timeline: "1 week", "2 weeks" (at most 999, so never a grouped number). */
export function formatDuration(i18n: I18n, value: number, unit: 'days' | 'weeks' | 'months'): string {
  switch (unit) {
    case 'days':
      return i18n._('{count, plural, one {# day} other {# days}}', { count: value });
    case 'weeks':
      return i18n._('{count, plural, one {# week} other {# weeks}}', { count: value });
    case 'months':
      return i18n._('{count, plural, one {# month} other {# months}}', { count: value });
  }
}

/** "March 3, 2027" for a date (in the document's `locale`), "2 weeks" for a duration. */
export function formatMilestoneWhen(i18n: I18n, when: TMilestone['when'], locale: string = DEFAULT_LOCALE): string {
  if (when.kind === 'date') return formatCalendarDate(when.date, locale);
  return formatDuration(i18n, when.value, when.unit);
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

/** The billing kind as a total's name on its own: "Monthly total". */
export function totalName(i18n: I18n, kind: TBillingKind): string {
  switch (kind) {
    case 'one_off':
      return i18n._('One-off total');
    case 'monthly':
      return i18n._('Monthly total');
    case 'yearly':
      return i18n._('Yearly total');
  }
}

/**
 * The billing kinds to total: those with a line the client takes (a monthly total of nothing is
 * noise), else the first kind the tables have, so there is always a total.
 */
export function kindsToTotal(
  tables: readonly TPricingTable[],
  selection: TPricingSelection | undefined,
): TBillingKind[] {
  const lines = tables.flatMap((table) => table.lines.map((line) => ({ table, line })));
  const taken = BILLING_KINDS.filter((kind) =>
    lines.some(({ table, line }) => line.billing === kind && lineChoice(table, line, selection).included),
  );
  if (taken.length > 0) return taken;
  const first = BILLING_KINDS.find((kind) => lines.some(({ line }) => line.billing === kind));
  return first ? [first] : [];
}

/** Totals without their document (a certificate's): the kinds with any amount, else one-off (which may be zero). */
export function kindsWithAmounts(totals: TPricingTotals): TBillingKind[] {
  const kinds = BILLING_KINDS.filter((kind) => totals[kind].total !== 0 || totals[kind].net !== 0);
  return kinds.length > 0 ? kinds : ['one_off'];
}

/** A total per billing kind, in minor units of one currency: `{ one_off, monthly, yearly }`. */
export type TKindTotals = Record<TBillingKind, number>;

/** The total of each billing kind of `totals` (after discount and tax): what a list or a dashboard shows. */
export function totalsByKind(totals: TPricingTotals): TKindTotals {
  return { one_off: totals.one_off.total, monthly: totals.monthly.total, yearly: totals.yearly.total };
}

/**
 * One-off and recurring totals as one phrase, the kinds with nothing left out:
 * "$2,750 + $5,940 / month + $1,200 / year", "$90 / month"; "$0" when all are nothing.
 */
export function formatKindTotals(i18n: I18n, totals: TKindTotals, currency: string, locale = DEFAULT_LOCALE): string {
  const parts = BILLING_KINDS.filter((kind) => totals[kind] !== 0).map((kind) =>
    priceWithBilling(i18n, formatMoney(totals[kind], currency, locale), kind),
  );
  return parts.length > 0 ? parts.join(' + ') : formatMoney(0, currency, locale);
}

export type TTotalsRow = {
  kind: 'subtotal' | 'discount' | 'net' | 'tax' | 'total';
  term: string;
  /** Minor units; a discount is positive and shown with a minus sign. */
  amount: number;
};

/** "Subtotal per month"; "Subtotal" when the kind goes without saying (`named` false). */
function subtotalTerm(i18n: I18n, kind: TBillingKind, named: boolean): string {
  if (!named) return i18n._('Subtotal');
  switch (kind) {
    case 'one_off':
      return i18n._('Subtotal one-off');
    case 'monthly':
      return i18n._('Subtotal per month');
    case 'yearly':
      return i18n._('Subtotal per year');
  }
}

/** "Total per month", or the caller's own `label` with the kind ("You pay per month"). */
function totalTerm(i18n: I18n, kind: TBillingKind, named: boolean, label: string | undefined): string {
  if (label === undefined) {
    if (!named) return i18n._('Total');
    switch (kind) {
      case 'one_off':
        return i18n._('Total one-off');
      case 'monthly':
        return i18n._('Total per month');
      case 'yearly':
        return i18n._('Total per year');
    }
  }
  if (!named) return label;
  switch (kind) {
    case 'one_off':
      return i18n._('{label} one-off', { label });
    case 'monthly':
      return i18n._('{label} per month', { label });
    case 'yearly':
      return i18n._('{label} per year', { label });
  }
}

/**
 * One billing kind's totals as rows: the subtotal, discount, net and tax where they say something,
 * then the total. `nameKind`: say "one-off" even when it is the only kind (other kinds exist).
 * `label`: the total's name, already in the reader's language (default "Total").
 */
export function totalsRows(
  i18n: I18n,
  amounts: TPricingAmounts,
  kind: TBillingKind,
  opts: { kindsShown: number; nameKind: boolean; label?: string },
): TTotalsRow[] {
  const named = opts.nameKind || opts.kindsShown > 1 || kind !== 'one_off';
  const rows: TTotalsRow[] = [];
  const detailed = amounts.discount > 0 || amounts.tax > 0;
  if (detailed) {
    rows.push({ kind: 'subtotal', term: subtotalTerm(i18n, kind, named), amount: amounts.net + amounts.discount });
  }
  if (amounts.discount > 0) rows.push({ kind: 'discount', term: i18n._('Discount'), amount: amounts.discount });
  if (amounts.discount > 0 && amounts.tax > 0) rows.push({ kind: 'net', term: i18n._('Net'), amount: amounts.net });
  if (amounts.tax > 0) rows.push({ kind: 'tax', term: i18n._('Tax'), amount: amounts.tax });
  rows.push({ kind: 'total', term: totalTerm(i18n, kind, named, opts.label), amount: amounts.total });
  return rows;
}

// ---------------------------------------------------------------- variables, sender, signatures

/** What a sent revision's variables are filled from; `totals` with the client's choices when given. */
export function snapshotContext(
  snapshot: TRevisionSnapshot,
  totals: TPricingTotals = snapshot.totals,
): TDocumentContext {
  return {
    proposal: {
      title: snapshot.title,
      number: snapshot.number,
      validUntil: snapshot.validUntil,
      currency: snapshot.currency,
      totals,
    },
    client: { name: snapshot.client.name, company: snapshot.client.company, email: snapshot.client.email },
    sender: { name: snapshot.sender.name, company: snapshot.sender.company },
    // Its dates as a reader of its language writes them (the sender's format where it is of it).
    locale: readerLocale(languageOf(snapshot.language), documentLocale(snapshot.sender.locale)),
    language: languageOf(snapshot.language),
  };
}

/** The sender as the client knows them ("Prepared by", the page's header): company, else name; '' when neither. */
export function preparedBy(sender: { name: string; company: string }): string {
  return sender.company.trim() || sender.name.trim();
}

const joinParts = (...parts: string[]) =>
  parts
    .map((p) => p.trim())
    .filter(Boolean)
    .join(', ');

export type TSigner = {
  label: string;
  /** "Name, Company"; '' when unknown. */
  name: string;
  role: string;
  /** Who accepted and when, once the client has: "Accepted by Dana Reyes", "on March 4, 2027 at 10:20:30 UTC". */
  accepted: { by: string; on: string; date: string } | null;
  /** The signature as given (typed, drawn or uploaded), once signed; null before, and on older acceptances. */
  mark: TSignatureMarkData | null;
};

type TSignedBy = Pick<TAcceptanceCertificate, 'name' | 'acceptedAt'> & {
  signatures?: readonly Pick<TSignatureEvidence, 'party' | 'name' | 'role' | 'signedAt' | 'mark'>[];
};

/**
 * The boxes of a signature block: the sender's, and the client's, which names who accepted and
 * when once the proposal is accepted (the certificate's name and server time, in UTC). With
 * several signers, each client signature has its own box, and the sender's box carries their
 * countersignature.
 */
export function signatureParties(
  i18n: I18n,
  block: TSignatureBlock,
  context: TDocumentContext,
  acceptance: TSignedBy | null | undefined,
): { sender: TSigner; client: TSigner; clients: TSigner[] } {
  const { sender, client } = context;
  const senderDefault = preparedBy(sender) || i18n._('Sender');
  // Two lines of the box, each a message: "Accepted by Dana Reyes" above "on March 4, 2027 at …".
  const signed = (name: string, at: string, verb: 'accepted' | 'signed' = 'accepted') => ({
    by: verb === 'accepted' ? i18n._('Accepted by {name}', { name }) : i18n._('Signed by {name}', { name }),
    on: i18n._('on {date}', { date: formatUtcInstant(at, context.locale) }),
    date: formatUtcDate(at, context.locale),
  });
  const signatures = acceptance?.signatures ?? [];
  const owner = signatures.find((g) => g.party === 'owner');
  const clientLabel = block.client?.label?.trim() || i18n._('Client');
  const clientRole = block.client?.role?.trim() ?? '';
  const senderBox: TSigner = {
    label: block.sender?.label?.trim() || senderDefault,
    name: joinParts(sender.name, sender.company.trim() === senderDefault ? '' : sender.company),
    role: block.sender?.role?.trim() ?? '',
    accepted: owner ? signed(owner.name, owner.signedAt, 'signed') : null,
    mark: owner?.mark ?? null,
  };
  const firstClient = signatures.find((g) => g.party === 'client');
  const clientBox: TSigner = {
    label: clientLabel,
    name: joinParts(acceptance ? acceptance.name : client.name, client.company),
    role: clientRole,
    accepted: acceptance ? signed(acceptance.name, firstClient?.signedAt ?? acceptance.acceptedAt) : null,
    mark: firstClient?.mark ?? null,
  };
  const others = signatures
    .filter((g) => g.party === 'client' && g !== firstClient)
    .map((g): TSigner => ({
      label: clientLabel,
      name: joinParts(g.name, client.company),
      role: g.role || clientRole,
      accepted: signed(g.name, g.signedAt, 'signed'),
      mark: g.mark,
    }));
  return { sender: senderBox, client: clientBox, clients: [clientBox, ...others] };
}

// ---------------------------------------------------------------- branding

/**
 * What of the sender's branding the owner's plan shows (PRODUCT §7): their logo and colour on
 * plans with own branding, else Draftwell's look and a "Made with Draftwell" footer. The client's
 * page, the PDF and the editor's preview all ask this.
 */
export function brandingShown<T extends { brandColor: string; logoFileId: string | null }>(
  sender: T,
  ownBranding: boolean,
): { sender: T; madeWithFooter: boolean } {
  if (ownBranding) return { sender, madeWithFooter: false };
  return { sender: { ...sender, brandColor: '', logoFileId: null }, madeWithFooter: true };
}

export type TRgb = [number, number, number];

const WHITE: TRgb = [255, 255, 255];
/** The dark theme's card colour, oklch(0.21 0.018 265), in sRGB. */
export const DARK_CARD: TRgb = [23, 27, 36];
/** WCAG AA is 4.5:1; a little above it absorbs rounding in the browser's colour maths. */
const MIN_CONTRAST = 4.6;
/** The accent where there is no brand colour and no app theme to fall back on: print and the PDF. */
export const NEUTRAL_ACCENT = '#1f2937';

/** "#4338ca", "#43C" or "4338ca" (any case) as RGB; null for anything else. */
export function parseHexColor(value: string | undefined | null): TRgb | null {
  if (typeof value !== 'string') return null;
  const match = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(value.trim());
  if (!match?.[1]) return null;
  const hex = match[1].length === 3 ? [...match[1]].map((c) => c + c).join('') : match[1];
  return [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16)) as TRgb;
}

function toHex(color: TRgb): string {
  return `#${color.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}

/** A brand colour as "#rrggbb" in lower case, or null when it is not one. */
export function normalizeHexColor(value: string | undefined | null): string | null {
  const rgb = parseHexColor(value);
  return rgb ? toHex(rgb) : null;
}

function channel(value: number): number {
  const c = value / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

function luminance([r, g, b]: TRgb): number {
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** WCAG contrast ratio of two colours, 1 to 21. */
export function contrastRatio(a: TRgb, b: TRgb): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

function mix(color: TRgb, toward: TRgb, amount: number): TRgb {
  return color.map((c, i) => Math.round(c + (toward[i]! - c) * amount)) as TRgb;
}

/** The brand colour moved toward black (light) or white (dark) just enough to be readable. */
function readableOn(color: TRgb, background: TRgb, toward: TRgb): TRgb {
  for (let step = 0; step <= 20; step++) {
    const candidate = mix(color, toward, step / 20);
    if (contrastRatio(candidate, background) >= MIN_CONTRAST) return candidate;
  }
  return toward;
}

/**
 * Accents for text in the light theme (on white, also print and the PDF) and the dark theme (on
 * the dark card): the brand colour, moved just enough for WCAG AA contrast, staying as close to its
 * hue as possible. Null when there is no valid brand colour: keep the app's own accent.
 */
export function brandAccents(brandColor: string | undefined | null): { light: string; dark: string } | null {
  const rgb = parseHexColor(brandColor);
  if (!rgb) return null;
  return {
    light: toHex(readableOn(rgb, WHITE, [0, 0, 0])),
    dark: toHex(readableOn(rgb, DARK_CARD, [255, 255, 255])),
  };
}

/** On paper: `text` readable on white, `rule` the brand colour itself (bars, where contrast does not matter). */
export function paperAccents(brandColor: string | undefined | null): { text: string; rule: string } {
  return {
    text: brandAccents(brandColor)?.light ?? NEUTRAL_ACCENT,
    rule: normalizeHexColor(brandColor) ?? NEUTRAL_ACCENT,
  };
}

// ---------------------------------------------------------------- links and files

/**
 * The renderers' own allowlist for URLs. The document schema refuses anything else already, but a
 * document may reach a renderer without passing through it (an old row, a bug elsewhere), and a
 * link or image is where a script would get in.
 */

/** http(s) with a host, or mailto: never javascript:, data:, vbscript: or a protocol-relative //host. */
export function isSafeHref(href: unknown): href is string {
  if (typeof href !== 'string' || href.length > 2048) return false;
  // Browsers drop spaces and control characters inside a scheme ("java\tscript:").
  for (let i = 0; i < href.length; i++) {
    const code = href.charCodeAt(i);
    if (code <= 0x20 || (code >= 0x7f && code <= 0x9f)) return false;
  }
  return /^https?:\/\/[^/?#]/i.test(href) || /^mailto:./i.test(href);
}

/** As the document schema writes an image's address: a lower-case UUID. */
const FILE_SRC = /^\/api\/files\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

/**
 * The stored file an image points at (`/api/files/<uuid>`), or null: images are only ever files
 * stored in Draftwell, nothing is fetched from another host (QUALITY A15).
 */
export function fileIdOf(src: unknown): string | null {
  if (typeof src !== 'string') return null;
  return FILE_SRC.exec(src)?.[1] ?? null;
}

/** A logo address: a path on our own origin or an https address, nothing else. */
export function isLogoSrc(src: unknown): src is string {
  return typeof src === 'string' && (/^\/(?![/\\])\S*$/.test(src) || /^https:\/\/[^/?#\s]\S*$/i.test(src));
}

// ---------------------------------------------------------------- dates

/** The UTC calendar day of an instant: "March 4, 2026" in en-US (the input itself when it is not one). */
export function formatUtcDate(iso: string, locale: string = DEFAULT_LOCALE): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return iso;
  return formatDate(time, locale, { dateStyle: 'long', timeZone: 'UTC' });
}

/**
 * An instant in UTC as the locale writes a date and a time, on a 24-hour clock: "March 4, 2026
 * at 10:20:30 UTC" in en-US, "4. März 2026 um 10:20:30 UTC" in de-DE. The certificate's time on
 * the web and in the PDF.
 */
export function formatUtcInstant(iso: string, locale: string = DEFAULT_LOCALE): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return iso;
  return formatDate(time, locale, { dateStyle: 'long', timeStyle: 'long', hourCycle: 'h23', timeZone: 'UTC' });
}

// ---------------------------------------------------------------- the certificate

/**
 * One line of a signature's evidence: `code` is set whole in a fixed-width face, `quote` as quoted
 * text, and a `time` keeps the instant it writes (`at`, ISO 8601) for the page's markup.
 */
export type TEvidenceFact = { term: string; value: string } & (
  { kind: 'text' | 'code' | 'quote' } | { kind: 'time'; at: string }
);

/**
 * A signature's evidence, line by line, as every certificate writes it (the client's page, the
 * owner's page and the PDF): each signer's own time (written once, with its zone), address,
 * browser and proof of address, and the statement they agreed to with its hash, which differs
 * between signers who signed in different ways.
 */
export function signatureFacts(
  i18n: I18n,
  signature: TSignatureEvidence,
  locale: string = DEFAULT_LOCALE,
): TEvidenceFact[] {
  const { email } = signature;
  const proof =
    signature.emailProof === 'account'
      ? i18n._('Signed in to Draftwell as the sender')
      : signature.emailProof === 'code'
        ? i18n._('Code emailed to {email}', { email })
        : i18n._('Link emailed to {email}', { email });
  const notRecorded = i18n._('Not recorded');
  return [
    { term: i18n._('Email'), value: email, kind: 'text' },
    {
      term: i18n._('Signed at'),
      value: formatUtcInstant(signature.signedAt, locale),
      kind: 'time',
      at: signature.signedAt,
    },
    // An owner's signature given as they sent, before sending recorded where from, has neither.
    { term: i18n._('IP address'), value: signature.ipAddress || notRecorded, kind: 'code' },
    { term: i18n._('Browser (user agent)'), value: signature.userAgent || notRecorded, kind: 'code' },
    { term: i18n._('Proof of address'), value: proof, kind: 'text' },
    // The statement as the signer read it, in the language they signed in (recorded, never translated).
    { term: i18n._('Consent statement'), value: signature.consentText, kind: 'quote' },
    { term: i18n._('Consent hash (SHA-256)'), value: signature.consentHash, kind: 'code' },
  ];
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
