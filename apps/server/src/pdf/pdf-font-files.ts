import { createRequire } from 'node:module';

/**
 * The PDF's font files and the order of its families (decision 0024), as data: pdf-fonts.ts
 * registers them with react-pdf in the PDF worker, and pdf-coverage.ts reads their characters in
 * the server's own thread, which never loads react-pdf.
 */

type TFace = { weight: 400 | 700; file: string };
type TFamily = { family: string; pkg: string; faces: readonly TFace[]; ascentOverride?: number };

const noto = (family: string, pkg: string, stem: string, ascentOverride?: number): TFamily => ({
  family,
  pkg: `@expo-google-fonts/${pkg}`,
  ...(ascentOverride ? { ascentOverride } : {}),
  faces: [
    { weight: 400, file: `400Regular/${stem}_400Regular.ttf` },
    { weight: 700, file: `700Bold/${stem}_700Bold.ttf` },
  ],
});

export const DEJAVU_FACES = [
  { file: 'DejaVuSans.ttf', fontWeight: 400, fontStyle: 'normal' },
  { file: 'DejaVuSans-Bold.ttf', fontWeight: 700, fontStyle: 'normal' },
  { file: 'DejaVuSans-Oblique.ttf', fontWeight: 400, fontStyle: 'italic' },
  { file: 'DejaVuSans-BoldOblique.ttf', fontWeight: 700, fontStyle: 'italic' },
] as const;

export const SCRIPT_FAMILIES = [
  // Its ascent (1.374 em) makes room for stacked marks that business text rarely has; react-pdf
  // puts a line's baseline one ascent below its top, so a name in Arabic would sit on the line
  // below. 1 em, as CSS's ascent-override (patches/@react-pdf+font), keeps it in its line.
  noto('Noto Sans Arabic', 'noto-sans-arabic', 'NotoSansArabic', 1),
  noto('Noto Sans Hebrew', 'noto-sans-hebrew', 'NotoSansHebrew'),
  noto('Noto Sans Devanagari', 'noto-sans-devanagari', 'NotoSansDevanagari'),
  noto('Noto Sans Thai', 'noto-sans-thai', 'NotoSansThai'),
] as const;

export const CJK = {
  ja: noto('Noto Sans JP', 'noto-sans-jp', 'NotoSansJP'),
  'zh-Hans': noto('Noto Sans SC', 'noto-sans-sc', 'NotoSansSC'),
  'zh-Hant': noto('Noto Sans TC', 'noto-sans-tc', 'NotoSansTC'),
  ko: noto('Noto Sans KR', 'noto-sans-kr', 'NotoSansKR'),
} as const;
type TCjk = keyof typeof CJK;

export const EMOJI = noto('Noto Emoji', 'noto-emoji', 'NotoEmoji');

/** Which CJK face leads for a BCP 47 language tag: its Han characters take that face's forms. */
export function cjkLead(language: string | null | undefined): TCjk {
  const tag = (language ?? '').toLowerCase();
  if (/^ja\b/.test(tag)) return 'ja';
  if (/^ko\b/.test(tag)) return 'ko';
  if (/^zh\b/.test(tag) && /-(hant|tw|hk|mo)\b/.test(tag)) return 'zh-Hant';
  return 'zh-Hans';
}

/**
 * The body's families, in the order react-pdf tries them, for a document in `language`: a Hebrew
 * one's Hebrew face before the Arabic one, which would otherwise draw what both have (the marks
 * of LEFT_TO_NOTO).
 */
export function bodyFontFamilies(language?: string | null): string[] {
  const lead = cjkLead(language);
  const cjk = [lead, ...(Object.keys(CJK) as TCjk[]).filter((k) => k !== lead)].map((k) => CJK[k].family);
  const scripts = SCRIPT_FAMILIES.map((f) => f.family);
  const hebrew = 'Noto Sans Hebrew';
  const ordered = /^(he|iw)\b/i.test(language ?? '') ? [hebrew, ...scripts.filter((f) => f !== hebrew)] : scripts;
  return ['Helvetica', 'DejaVu Sans', ...ordered, ...cjk, EMOJI.family];
}

/** Monospaced text (code in rich text): Courier, then the body's families for what it lacks. */
export function monoFontFamilies(language?: string | null): string[] {
  return ['Courier', ...bodyFontFamilies(language).slice(1)];
}

/**
 * The files whose characters the PDF can draw, for checking text outside the PDF worker
 * (pdf-coverage.ts): DejaVu's four faces (a character counts where all four have it, as the
 * renderer's cleaner counts it) and each other family's regular face.
 */
export function coverageFiles(): { dejavu: string[]; others: string[] } {
  const require = createRequire(import.meta.url);
  return {
    dejavu: DEJAVU_FACES.map(({ file }) => require.resolve(`dejavu-fonts-ttf/ttf/${file}`)),
    others: [...SCRIPT_FAMILIES, ...Object.values(CJK), EMOJI].map(({ pkg, faces }) =>
      require.resolve(`${pkg}/${faces[0]!.file}`),
    ),
  };
}

/**
 * Arabic and Hebrew, which DejaVu Sans draws only in part (its oblique faces lack most Arabic
 * letters): left to Noto Sans Arabic and Hebrew, so each word is joined and drawn in one font.
 * So are the left-to-right and right-to-left marks (U+200E, U+200F) that keep a value in its order
 * in a right-to-left proposal (blocks/styles.ts, ltrValue): drawn as nothing by the proposal's own
 * script face (bodyFontFamilies puts it first), they add no font to its PDF.
 */
export const LEFT_TO_NOTO =
  /[\u0590-\u05ff\u0600-\u06ff\u0750-\u077f\u0870-\u08ff\ufb1d-\ufb4f\ufb50-\ufdff\ufe70-\ufeff\u200e\u200f]/u;

type TCovers = (codePoint: number) => boolean;

/**
 * Whether the PDF's fonts draw a code point, from what each face has: all of DejaVu's faces (so
 * bold and italic can too), outside what is left to Noto, or any other family. The PDF worker asks
 * its loaded faces; pdf-coverage.ts the fonts' character maps.
 */
export function fontCoverage(dejavu: readonly TCovers[], others: readonly TCovers[]): TCovers {
  return (cp) =>
    (dejavu.every((face) => face(cp)) && !LEFT_TO_NOTO.test(String.fromCodePoint(cp))) ||
    others.some((face) => face(cp));
}
