import { StyleSheet } from '@react-pdf/renderer';

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

export const base = StyleSheet.create({
  page: { paddingTop: 50, paddingBottom: 78, paddingHorizontal: MARGIN_X, fontSize: 10.5, color: INK },
  flow: type(10.5, 1.45),
  bar: { position: 'absolute', top: 0, left: 0, right: 0, height: 6 },
  kicker: { ...type(8.5, 1.3), fontWeight: 'bold', textTransform: 'uppercase', marginBottom: 4 },
  block: { ...type(10.5, 1.45), marginBottom: 18 },
  totals: { marginTop: 8, marginLeft: 'auto', width: 230 },
});
