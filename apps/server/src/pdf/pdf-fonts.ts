import { createRequire } from 'node:module';
import { Font } from '@react-pdf/renderer';
import { CJK, DEJAVU_FACES, EMOJI, LEFT_TO_NOTO, SCRIPT_FAMILIES, fontCoverage } from './pdf-font-files';

export { bodyFontFamilies, cjkLead, monoFontFamilies } from './pdf-font-files';

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
 * The zero-width joiner and the emoji variation selector, left to Noto Emoji alone. react-pdf
 * draws each character with the first family that has it, and DejaVu Sans (and, for the joiner,
 * the scripts' Noto faces) come before Noto Emoji: 👩‍💻 (woman, joiner, laptop) would be cut into three runs
 * and drawn as 👩 and 💻, where in one run Noto Emoji draws the sequence as its one glyph. A joiner
 * in Arabic or Devanagari text is cut from its word either way (DejaVu Sans took it before).
 */
const EMOJI_JOINERS = /^(?:\u200d|\ufe0f)$/u;

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
  for (const face of dejavu) {
    withoutRange(face, LEFT_TO_NOTO);
    withoutRange(face, EMOJI_JOINERS);
  }
  // Every face of the scripts' families (bold and italic too, which a render would load later).
  const scriptFaces = await Promise.all(
    SCRIPT_FAMILIES.flatMap(({ family, faces }) =>
      faces.flatMap(({ weight }) => (['normal', 'italic'] as const).map((style) => glyphs(family, weight, style))),
    ),
  );
  for (const face of scriptFaces) withoutRange(face, EMOJI_JOINERS);
  const others = await Promise.all(
    [...SCRIPT_FAMILIES, ...Object.values(CJK), EMOJI].map((f) => glyphs(f.family, 400, 'normal')),
  );
  const has = (face: TGlyphs) => (cp: number) => face.hasGlyphForCodePoint(cp);
  const covered = fontCoverage(dejavu.map(has), others.map(has));
  return (cp) => helvetica.hasGlyphForCodePoint(cp) || covered(cp);
}
