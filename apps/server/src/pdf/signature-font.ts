import { createRequire } from 'node:module';
import { Font } from '@react-pdf/renderer';

/**
 * The handwriting font of typed signatures: Dancing Script 400 (SIL Open Font License 1.1), from
 * the `@fontsource/dancing-script` package on disk, the same files the web app serves, so a typed
 * signature looks alike on the page and in the PDF. The package splits the font by script as the
 * browser loads it (unicode-range); react-pdf has no unicode-range, so each subset is its own
 * family and a style lists them in turn: react-pdf draws each character with the first family that
 * has it, and what none has falls to the body fonts after them. Nothing is fetched.
 */

const SUBSETS = [
  { family: 'Dancing Script', file: 'dancing-script-latin-400-normal.woff' },
  { family: 'Dancing Script Latin Ext', file: 'dancing-script-latin-ext-400-normal.woff' },
  { family: 'Dancing Script Vietnamese', file: 'dancing-script-vietnamese-400-normal.woff' },
] as const;

/** The families of a typed signature, in the order react-pdf tries them (before the body fonts). */
export const SIGNATURE_FONT_FAMILIES: readonly string[] = SUBSETS.map((s) => s.family);

let registered = false;

/** Registers the handwriting font with react-pdf, once per thread. */
export function registerSignatureFont(): void {
  if (registered) return;
  const require = createRequire(import.meta.url);
  for (const { family, file } of SUBSETS) {
    Font.register({ family, src: require.resolve(`@fontsource/dancing-script/files/${file}`), fontWeight: 400 });
  }
  registered = true;
}

/**
 * Loads the handwriting font's files before a render that draws a typed signature, so its size
 * can be fitted to its box (blocks/signature-mark.tsx measures it with the loaded faces).
 */
export async function loadSignatureFont(): Promise<void> {
  registerSignatureFont();
  await Promise.all(
    SUBSETS.map(({ family }) => Font.load({ fontFamily: family, fontWeight: 400, fontStyle: 'normal' })),
  );
}
