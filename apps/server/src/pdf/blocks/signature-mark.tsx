/** @jsxRuntime automatic */
/** @jsxImportSource react */
import { Image, StyleSheet, Text, View } from '@react-pdf/renderer';
import type { TSignatureMark } from '@draftwell/shared/share/signature';
import { checkSignatureImage } from '@draftwell/shared/share/signature-rules';
import { SIGNATURE_FONT_FAMILIES } from '../signature-font';
import type { TPdfModel } from './model';
import { MUTED, type } from './styles';

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
  model: Pick<TPdfModel, 'clean' | 'fonts' | 'i18n'>;
  width?: number;
  height?: number;
}) {
  if (mark.kind === 'typed') {
    const size = typedSize(mark.text, height);
    return (
      <View style={[s.box, { width, minHeight: height }]}>
        <Text
          style={[
            s.typed,
            { fontSize: size, lineHeight: 1.3, fontFamily: [...SIGNATURE_FONT_FAMILIES, ...model.fonts.body] },
          ]}
        >
          {model.clean(mark.text)}
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
