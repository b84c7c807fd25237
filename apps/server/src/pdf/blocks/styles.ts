import { StyleSheet, type Styles } from '@react-pdf/renderer';

type Style = Styles[string];

/**
 * What every part of the PDF shares: the palette, the page's measures, keeps, and the styles
 * used by more than one part. Each part keeps its own styles beside it.
 */

const INK = '#111827';
export const MUTED = '#4b5563';
export const FAINT = '#9ca3af';
export const RULE = '#d1d5db';
export const TINT = '#f3f4f6';
export const MARGIN_X = 54;
export const CONTENT_WIDTH = 595.28 - 2 * MARGIN_X;
/** A keep asks for at most this much of a page: a larger one would leave most of a page empty. */
const MAX_KEEP = 360;
/** Added to every keep: react-pdf's page bottom comes a few points before the estimates' sums. */
const KEEP_SLACK = 10;

/** A `minPresenceAhead` for `points` of what follows (see pdf-keep.ts). */
export function keep(points: number): number {
  return points > 0 ? Math.min(points + KEEP_SLACK, MAX_KEEP) : 0;
}

/**
 * No lineHeight on a Page or the footer: it hides the fixed footer (react-pdf 4.9). A unitless
 * lineHeight is resolved against the fontSize of the same style (else react-pdf's default, 18), so
 * every style that sets one sets both, through `type`.
 */
export const type = (fontSize: number, lineHeight: number) => ({ fontSize, lineHeight });

/** Scripts drawn far below their baseline: Arabic's dots and Devanagari's vowel signs. */
const DEEP_SCRIPT = /[\p{Script=Arabic}\p{Script=Syriac}\p{Script=Devanagari}]/u;
/** The line height (in ems) such a script needs: its baseline one em below the line's top, its dots 0.4 em below that. */
const DEEP_LINE = 1.6;

/**
 * A tight line (a typed signature, a caption, set at 1.3 to 1.4) in `fontSize` for `text`: taller
 * when it is written in Arabic or Devanagari, whose marks below the baseline would otherwise touch
 * the line below (as the client's page, whose line box grows with the font's descent). Nothing
 * for other text.
 */
export function deepLine(text: string, fontSize: number, lineHeight: number): Style {
  return DEEP_SCRIPT.test(text) && lineHeight < DEEP_LINE ? type(fontSize, DEEP_LINE) : {};
}

export const base = StyleSheet.create({
  page: { paddingTop: 50, paddingBottom: 78, paddingHorizontal: MARGIN_X, fontSize: 10.5, color: INK },
  flow: type(10.5, 1.45),
  bar: { position: 'absolute', top: 0, left: 0, right: 0, height: 6 },
  kicker: { ...type(8.5, 1.3), fontWeight: 'bold', textTransform: 'uppercase', marginBottom: 4 },
  block: { ...type(10.5, 1.45), marginBottom: 18 },
  totals: { marginTop: 8, marginLeft: 'auto', width: 230 },
});

/*
 * Right to left (an Arabic or Hebrew proposal, decision 0024): react-pdf gives a Text the bidi
 * algorithm's base direction and aligns it right with `direction: 'rtl'`, which a Text does not
 * inherit from its parent, so each Text the PDF writes asks for it; Yoga lays rows out left to right
 * whatever the direction, so a row of the PDF's own (a term and its value, a table's columns)
 * asks to be reversed. Figures and codes (amounts, hashes, addresses) keep their own direction.
 */
const NONE: Style = {};
// The alignment too: a paragraph takes it, like its direction, from its first piece (a nested Text).
const RTL_TEXT: Style = { direction: 'rtl', textAlign: 'right' };
const LTR_RIGHT: Style = { direction: 'ltr', textAlign: 'right' };
const REVERSED_ROW: Style = { flexDirection: 'row-reverse' };
const RTL_LETTER = /[\p{Script=Hebrew}\p{Script=Arabic}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]/u;

/** Whether a text's first letter is written right to left; null when it has no letter. */
function startsRtl(text: string): boolean | null {
  const first = /\p{L}/u.exec(text)?.[0];
  return first === undefined ? null : RTL_LETTER.test(first);
}

/**
 * The PDF's own words in a right-to-left proposal: right to left and aligned right. With `text`,
 * a message not translated yet (its English) keeps its own direction, aligned right, so its full
 * stop stays at its end.
 */
export function textDir(model: { rtl: boolean }, text?: string): Style {
  if (!model.rtl) return NONE;
  return text !== undefined && startsRtl(text) === false ? LTR_RIGHT : RTL_TEXT;
}

/**
 * What the owner wrote as text of the proposal (its title, paragraphs, headings, milestones, a
 * signer's label and name) in a right-to-left proposal: right to left and aligned right whatever
 * its first letter, as the client's page sets the proposal's direction on the whole document. A
 * paragraph that starts with a Latin name ("Draftwell Ltd. מציעה …") is still a Hebrew sentence:
 * laid out left to right, its end would come first on the line.
 */
export function proseDir(model: { rtl: boolean }): Style {
  return model.rtl ? RTL_TEXT : NONE;
}

/**
 * A value written by someone that is no sentence (an address, a phone number, an email address, a
 * hash, a pricing line's description, as the page's `<bdi>`) in a right-to-left proposal: aligned
 * right, in the direction of its first letter, as HTML's `dir="auto"` (a phone number or an email
 * address read right to left would have its parts in reverse order).
 */
export function valueDir(model: { rtl: boolean }, text: string): Style {
  if (!model.rtl) return NONE;
  return startsRtl(text) ? RTL_TEXT : LTR_RIGHT;
}

/**
 * Words in a Text as wide as they are (a row's child without flex) in a right-to-left proposal:
 * their direction only. react-pdf lays such a Text out in the row's width and draws it in its
 * own, so a right alignment would shift it right by the difference, off the page. Without `text`,
 * the proposal's direction (a line of the PDF's own, whatever its first letter).
 */
export function fitDir(model: { rtl: boolean }, text?: string): Style {
  if (!model.rtl) return NONE;
  return { direction: text !== undefined && startsRtl(text) === false ? 'ltr' : 'rtl', textAlign: 'left' };
}

/**
 * A value (a number, a code, a hash) put in a sentence of a right-to-left proposal, isolated as
 * HTML's `<bdi dir="ltr">` would isolate it: a left-to-right mark (U+200E) on each side keeps it in
 * its own order ("12-A", not "A-12"; a hash's digits with its letters), and a right-to-left mark
 * (U+200F) outside those, the separators around it in the sentence's direction (two values with
 * only " · " between them would otherwise run together as one). The fonts draw the marks as
 * nothing. react-pdf's bidi (bidi-js) knows the isolates themselves (U+2066 to U+2069), but no
 * font of the PDF has them, so they would be drawn as missing glyphs.
 */
export function ltrValue(model: { rtl: boolean }, value: string | number): string {
  return model.rtl ? `\u200f\u200e${value}\u200e\u200f` : String(value);
}

/** A row (style with `flexDirection: 'row'`): from the right in a right-to-left proposal. */
export function rowDir(model: { rtl: boolean }): Style {
  return model.rtl ? REVERSED_ROW : NONE;
}

const SWAP = { Left: 'Right', Right: 'Left' } as const;

/**
 * A style mirrored in a right-to-left proposal: its left and right paddings, margins and borders
 * swapped, and a right (or left) alignment made the other. Left to right, the style itself.
 */
export function mirror(model: { rtl: boolean }, style: Style): Style {
  if (!model.rtl) return style;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(style)) {
    out[key.replace(/Left|Right/, (side) => SWAP[side as keyof typeof SWAP])] = value;
  }
  if (style.textAlign === 'right') out.textAlign = 'left';
  else if (style.textAlign === 'left') out.textAlign = 'right';
  return out as Style;
}
