/** @jsxRuntime automatic */
/** @jsxImportSource react */
import { Font, Image, StyleSheet, Text, View } from '@react-pdf/renderer';
import type { TSignatureMark } from '@draftwell/shared/share/signature';
import { checkSignatureImage } from '@draftwell/shared/share/signature-rules';
import { SIGNATURE_FONT_FAMILIES } from '../signature-font';
import type { TPdfModel } from './model';
import { MUTED, deepLine, proseDir, type } from './styles';

/** The space a mark is drawn in unless the caller gives another, in points. */
const BOX = { width: 200, height: 56 } as const;
/** Ink: the signature block's text colour, a little blue, as a pen's. */
const INK = '#1e293b';

const s = StyleSheet.create({
  box: { justifyContent: 'flex-end' },
  typed: { color: INK, fontWeight: 400, fontStyle: 'normal' },
  missing: { ...type(8, 1.35), color: MUTED },
});

/** A long name gets a smaller size, so most names stay on one line of the box. */
function typedSize(text: string, height: number): number {
  const length = [...text].length;
  const size = length <= 22 ? 26 : length <= 40 ? 19 : 14;
  return Math.min(size, height * 0.7);
}

/** Below this a name is no longer read as a signature: it wraps instead. */
const SMALLEST_TYPED = 9;
/** Room left on the line: a shaped run comes out a little wider than its glyphs' sum. */
const FIT = 0.95;

type TFace = {
  hasGlyphForCodePoint(codePoint: number): boolean;
  layout(text: string): { advanceWidth: number };
  unitsPerEm: number;
};

/** The regular face of each of `families` that react-pdf has loaded, in their order. */
function loadedFaces(families: readonly string[]): TFace[] {
  return families.flatMap((fontFamily) => {
    try {
      const data = (Font.getFont({ fontFamily, fontWeight: 400, fontStyle: 'normal' }) as { data?: TFace | null })
        ?.data;
      return data ? [data] : [];
    } catch {
      return [];
    }
  });
}

/**
 * How wide `text` is at 1 point, each character in the first face that has it (as react-pdf picks
 * it) and each run as that face shapes it; null when no face is loaded yet or one lacks a character.
 */
function typedWidth(text: string, families: readonly string[]): number | null {
  const faces = loadedFaces(families);
  if (faces.length === 0) return null;
  let width = 0;
  let run = '';
  let runFace: TFace | null = null;
  const flush = () => {
    if (runFace && run) width += runFace.layout(run).advanceWidth / runFace.unitsPerEm;
    run = '';
  };
  for (const char of text) {
    const face = faces.find((f) => f.hasGlyphForCodePoint(char.codePointAt(0)!));
    if (!face) return null;
    if (face !== runFace) {
      flush();
      runFace = face;
    }
    run += char;
  }
  flush();
  return width;
}

/**
 * The size of a typed name: by its length (typedSize), made smaller until it fits the box's width
 * on one line when its faces are loaded (pdf-render.ts loads them), as a three-word name in Arabic
 * is wider than as many letters in the handwriting font.
 */
function fittedSize(text: string, families: readonly string[], width: number, height: number): number {
  const size = typedSize(text, height);
  const measured = typedWidth(text, families);
  if (!measured) return size;
  return Math.max(Math.min(size, (width * FIT) / measured), Math.min(size, SMALLEST_TYPED));
}

/**
 * A signer's mark in the PDF: their typed name in the handwriting font (signature-font.ts, which
 * the worker registers) or their drawn or uploaded image, fitted in `width` × `height` points
 * without being enlarged. The image is checked again here (the stored mark passed ZSignatureMark;
 * a render does not stake itself on it) and handed to react-pdf as bytes, never as a string it
 * could read from disk or fetch (A15); one that fails says so in place of the picture.
 */
export function SignatureMarkPdf({
  mark,
  model,
  width = BOX.width,
  height = BOX.height,
}: {
  mark: TSignatureMark;
  model: Pick<TPdfModel, 'clean' | 'fonts' | 'i18n'> & { rtl?: boolean };
  width?: number;
  height?: number;
}) {
  if (mark.kind === 'typed') {
    const text = model.clean(mark.text);
    const fontFamily = [...SIGNATURE_FONT_FAMILIES, ...model.fonts.body];
    const size = fittedSize(text, fontFamily, width, height);
    return (
      <View style={[s.box, { width, minHeight: height }]}>
        {/* Right to left, a name starts at the right, over the lines below it. */}
        <Text
          style={[
            s.typed,
            { fontSize: size, lineHeight: 1.3, fontFamily },
            deepLine(text, size, 1.3),
            proseDir({ rtl: !!model.rtl }),
          ]}
        >
          {text}
        </Text>
      </View>
    );
  }
  const checked = checkSignatureImage(mark.image, mark.kind);
  if (!checked.ok) {
    return (
      <View style={[s.box, { width, height }]}>
        <Text style={s.missing}>{model.i18n._('The signature image could not be shown.')}</Text>
      </View>
    );
  }
  const scale = Math.min(width / checked.width, height / checked.height, 1);
  const { bytes } = checked;
  return (
    <View style={[s.box, { width, height }]}>
      <Image
        style={{ width: checked.width * scale, height: checked.height * scale }}
        src={{
          data: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
          format: checked.format === 'png' ? 'png' : 'jpg',
        }}
        cache={false}
      />
    </View>
  );
}
