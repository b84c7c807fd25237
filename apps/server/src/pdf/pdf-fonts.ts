import { createRequire } from 'node:module';
import { Font } from '@react-pdf/renderer';

/**
 * The PDF's fonts: every script a proposal may be written in, drawn as real, searchable text
 * (decision 0024). All come from npm packages on disk (nothing is fetched) and are embedded as
 * subsets of the glyphs a document uses.
 *
 * react-pdf draws each character with the first family of a style's list that has it, and shapes
 * and orders each run with fontkit and the Unicode bidi algorithm (Arabic joining, Devanagari
 * conjuncts, Thai marks, right-to-left runs). The list:
 * - Helvetica, the PDF's standard font (Western European, never embedded), then DejaVu Sans
 *   (`dejavu-fonts-ttf`: Latin Extended with Vietnamese, Polish and Turkish, Greek, Cyrillic,
 *   Hebrew, Arabic), as before;
 * - Noto Sans for what those two lack: Arabic, Hebrew, Devanagari, Thai, then the four CJK fonts
 *   (Japanese, Simplified and Traditional Chinese, Korean) in the order the document's language
 *   asks, since a Han character is drawn the way the first of them draws it;
 * - Noto Emoji (monochrome outlines: a PDF text font cannot carry colour bitmaps), last.
 * The Noto files are Google Fonts' static cuts from the `@expo-google-fonts/*` packages (SIL Open
 * Font License 1.1), regular and bold. These scripts have no italic: italic text in them is drawn
 * upright (each face is also registered as its own italic), as browsers do without a slanted face.
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

const DEJAVU_FACES = [
  { file: 'DejaVuSans.ttf', fontWeight: 400, fontStyle: 'normal' },
  { file: 'DejaVuSans-Bold.ttf', fontWeight: 700, fontStyle: 'normal' },
  { file: 'DejaVuSans-Oblique.ttf', fontWeight: 400, fontStyle: 'italic' },
  { file: 'DejaVuSans-BoldOblique.ttf', fontWeight: 700, fontStyle: 'italic' },
] as const;

const SCRIPT_FAMILIES = [
  // Its ascent (1.374 em) makes room for stacked marks that business text rarely has; react-pdf
  // puts a line's baseline one ascent below its top, so a name in Arabic would sit on the line
  // below. 1 em, as CSS's ascent-override (patches/@react-pdf+font), keeps it in its line.
  noto('Noto Sans Arabic', 'noto-sans-arabic', 'NotoSansArabic', 1),
  noto('Noto Sans Hebrew', 'noto-sans-hebrew', 'NotoSansHebrew'),
  noto('Noto Sans Devanagari', 'noto-sans-devanagari', 'NotoSansDevanagari'),
  noto('Noto Sans Thai', 'noto-sans-thai', 'NotoSansThai'),
] as const;

const CJK = {
  ja: noto('Noto Sans JP', 'noto-sans-jp', 'NotoSansJP'),
  'zh-Hans': noto('Noto Sans SC', 'noto-sans-sc', 'NotoSansSC'),
  'zh-Hant': noto('Noto Sans TC', 'noto-sans-tc', 'NotoSansTC'),
  ko: noto('Noto Sans KR', 'noto-sans-kr', 'NotoSansKR'),
} as const;
type TCjk = keyof typeof CJK;

const EMOJI = noto('Noto Emoji', 'noto-emoji', 'NotoEmoji');

/** Which CJK face leads for a BCP 47 language tag: its Han characters take that face's forms. */
export function cjkLead(language: string | null | undefined): TCjk {
  const tag = (language ?? '').toLowerCase();
  if (/^ja\b/.test(tag)) return 'ja';
  if (/^ko\b/.test(tag)) return 'ko';
  if (/^zh\b/.test(tag) && /-(hant|tw|hk|mo)\b/.test(tag)) return 'zh-Hant';
  return 'zh-Hans';
}

/** The body's families, in the order react-pdf tries them, for a document in `language`. */
export function bodyFontFamilies(language?: string | null): string[] {
  const lead = cjkLead(language);
  const cjk = [lead, ...(Object.keys(CJK) as TCjk[]).filter((k) => k !== lead)].map((k) => CJK[k].family);
  return ['Helvetica', 'DejaVu Sans', ...SCRIPT_FAMILIES.map((f) => f.family), ...cjk, EMOJI.family];
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

let registered = false;

/** Registers every family with react-pdf, once per thread. Files are read when first used. */
export function registerPdfFonts(): void {
  if (registered) return;
  const require = createRequire(import.meta.url);
  Font.register({
    family: 'DejaVu Sans',
    fonts: DEJAVU_FACES.map(({ file, fontWeight, fontStyle }) => ({
      src: require.resolve(`dejavu-fonts-ttf/ttf/${file}`),
      fontWeight,
      fontStyle,
    })),
  });
  for (const { family, pkg, faces, ascentOverride } of [...SCRIPT_FAMILIES, ...Object.values(CJK), EMOJI]) {
    Font.register({
      family,
      fonts: faces.flatMap(({ weight, file }) =>
        (['normal', 'italic'] as const).map((fontStyle) => ({
          src: require.resolve(`${pkg}/${file}`),
          fontWeight: weight,
          fontStyle,
          ...(ascentOverride ? { ascentOverride } : {}),
        })),
      ),
    });
  }
  registered = true;
}

type TGlyphs = { hasGlyphForCodePoint(codePoint: number): boolean };

/**
 * Arabic and Hebrew, which DejaVu Sans draws only in part (its oblique faces lack most Arabic
 * letters): left to Noto Sans Arabic and Hebrew, so each word is joined and drawn in one font.
 */
export const LEFT_TO_NOTO =
  /[\u0590-\u05ff\u0600-\u06ff\u0750-\u077f\u0870-\u08ff\ufb1d-\ufb4f\ufb50-\ufdff\ufe70-\ufeff]/u;

/** Limits a loaded face to the characters outside `excluded`, like CSS's unicode-range. */
function withoutRange(face: TGlyphs, excluded: RegExp): void {
  const own = face.hasGlyphForCodePoint.bind(face);
  face.hasGlyphForCodePoint = (codePoint) => !excluded.test(String.fromCodePoint(codePoint)) && own(codePoint);
}

/**
 * Loads the body's faces and says whether some family can draw a code point (with DejaVu, every
 * face, so bold and italic can too). Call once per thread before rendering: it also narrows
 * DejaVu's faces (LEFT_TO_NOTO).
 */
export async function bodyCoverage(): Promise<(codePoint: number) => boolean> {
  registerPdfFonts();
  const glyphs = async (fontFamily: string, fontWeight: number, fontStyle: 'normal' | 'italic') => {
    await Font.load({ fontFamily, fontWeight, fontStyle });
    return (Font.getFont({ fontFamily, fontWeight, fontStyle }) as unknown as { data: TGlyphs }).data;
  };
  const helvetica = await glyphs('Helvetica', 400, 'normal');
  const dejavu = await Promise.all(DEJAVU_FACES.map((f) => glyphs('DejaVu Sans', f.fontWeight, f.fontStyle)));
  // react-pdf keeps each loaded face, and picks a character's font by asking these very objects.
  for (const face of dejavu) withoutRange(face, LEFT_TO_NOTO);
  const others = await Promise.all(
    [...SCRIPT_FAMILIES, ...Object.values(CJK), EMOJI].map((f) => glyphs(f.family, 400, 'normal')),
  );
  return (cp) =>
    helvetica.hasGlyphForCodePoint(cp) ||
    dejavu.every((face) => face.hasGlyphForCodePoint(cp)) ||
    others.some((face) => face.hasGlyphForCodePoint(cp));
}
