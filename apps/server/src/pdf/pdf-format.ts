import { BILLING_KINDS, type TBillingKind, type TPricingTotals } from '@draftwell/shared/document/pricing';
import { lineChoice } from '@draftwell/shared/document/display';
import type { TPricingSelection, TPricingTable } from '@draftwell/shared/document/schema';
import type { TDocumentContext } from '@draftwell/shared/document/variables';
import type { TRevisionSnapshot } from '@draftwell/shared/share/revision';

/**
 * The PDF's own wording and arithmetic; what it shares with the client's page (billing labels,
 * percentages, milestones, which lines the client takes) is `@draftwell/shared/document/display`.
 */

/** The UTC calendar day of an instant: "March 4, 2026" (the instant itself when it is not one). */
export function formatUtcDate(iso: string, locale = 'en-US'): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return iso;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(time);
}

/** An instant in UTC for people: "March 4, 2026 at 10:20:30 UTC". */
export function formatUtcInstant(iso: string, locale = 'en-US'): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return iso;
  const clock = new Intl.DateTimeFormat(locale, {
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
    timeZone: 'UTC',
  }).format(time);
  return `${formatUtcDate(iso, locale)} at ${clock} UTC`;
}

/** The first 12 hex digits: enough to tell revisions apart on a page footer. */
export function shortHash(hash: string): string {
  return hash.slice(0, 12);
}

const FILE_SRC = /^\/api\/files\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

/** The stored file an image node points at, or null for any other source (QUALITY A15). */
export function fileIdFromSrc(src: unknown): string | null {
  if (typeof src !== 'string') return null;
  return FILE_SRC.exec(src)?.[1] ?? null;
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

/** The billing kinds with any amount in them, in a fixed order; one-off when all are zero. */
export function kindsWithAmounts(totals: TPricingTotals): TBillingKind[] {
  const kinds = BILLING_KINDS.filter((kind) => totals[kind].total !== 0 || totals[kind].net !== 0);
  return kinds.length > 0 ? kinds : ['one_off'];
}

/** Variables are filled from the snapshot alone: what was sent is what is printed. */
export function documentContext(snapshot: TRevisionSnapshot, totals: TPricingTotals): TDocumentContext {
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
  };
}

type TRgb = [number, number, number];

const DEFAULT_ACCENT = '#1f2937';
const WHITE: TRgb = [255, 255, 255];
const MIN_CONTRAST = 4.6;

function parseHexColor(value: string | undefined | null): TRgb | null {
  const match = /^#?([0-9a-f]{6})$/i.exec(value?.trim() ?? '');
  if (!match?.[1]) return null;
  const hex = match[1];
  return [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16)) as TRgb;
}

function luminance(rgb: TRgb): number {
  const [r, g, b] = rgb.map((value) => {
    const c = value / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as TRgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrastOnWhite(rgb: TRgb): number {
  return (luminance(WHITE) + 0.05) / (luminance(rgb) + 0.05);
}

/**
 * The brand colour as an accent for text on white paper: darkened just enough for WCAG AA
 * contrast, as the client's page does; a missing or malformed colour gives a neutral slate.
 */
export function accentColor(brandColor: string | undefined | null): string {
  const rgb = parseHexColor(brandColor);
  if (!rgb) return DEFAULT_ACCENT;
  for (let step = 0; step <= 20; step++) {
    const candidate = rgb.map((c) => Math.round(c - c * (step / 20))) as TRgb;
    if (contrastOnWhite(candidate) >= MIN_CONTRAST) {
      return `#${candidate.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
    }
  }
  return '#000000';
}

/** The brand colour itself (for bars and rules, where contrast with text does not matter). */
export function brandColor(value: string | undefined | null): string {
  const rgb = parseHexColor(value);
  return rgb ? `#${rgb.map((c) => c.toString(16).padStart(2, '0')).join('')}` : DEFAULT_ACCENT;
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
